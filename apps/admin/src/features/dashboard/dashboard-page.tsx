import {
  type DashboardAnswer,
  type DashboardPeriod,
  type DashboardSales,
  dashboardPeriodLabels,
  dashboardPeriods,
  dashboardTimeZone,
  type LowStockVariant,
  type PeriodFigures,
} from "@vaki/contract/admin/dashboard";
import { roleLabels } from "@vaki/contract/admin/permissions";
import { lazy, type ReactNode, Suspense, useId } from "react";
import { Link, useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header";
import { ErrorState, LoadingState } from "../../components/states";
import { TableScroller } from "../../components/table-scroller";
import { formatRupees } from "../../lib/format";
import { visibleNavItems } from "../../lib/nav-items";
import { useMe } from "../auth/api";
import { useDashboard } from "./api";
import type { RevenueRow, SizeRow } from "./dashboard-charts";
import "./dashboard.css";

// recharts is large: the charts come in their own chunk, after the figures are on screen.
const Chart = lazy(() => import("./dashboard-charts"));

/** What each period is compared with, in words. */
const comparedWith: Record<DashboardPeriod, string> = {
  today: "yesterday up to this time",
  "7d": "the 7 days before",
  "30d": "the 30 days before",
};

const hourFormat = new Intl.DateTimeFormat("en-IN", {
  timeZone: dashboardTimeZone,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const dayFormat = new Intl.DateTimeFormat("en-IN", { timeZone: dashboardTimeZone, day: "numeric", month: "short" });
const number = new Intl.NumberFormat("en-IN");

function usePeriod(): [DashboardPeriod, (period: DashboardPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get("period");
  const period = dashboardPeriods.find((value) => value === asked) ?? "today";
  const choose = (next: DashboardPeriod) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set("period", next);
        return updated;
      },
      { preventScrollReset: true },
    );
  return [period, choose];
}

/** "↑ 12%" against the period before, and the same in words for screen readers. */
export function changeOf(
  current: number,
  previous: number,
  against: string,
): { direction: "up" | "down" | "same"; text: string; spoken: string } {
  if (current === previous) return { direction: "same", text: "No change", spoken: `No change from ${against}` };
  const direction = current > previous ? "up" : "down";
  const arrow = direction === "up" ? "↑" : "↓";
  const word = direction === "up" ? "Up" : "Down";
  if (previous === 0) return { direction, text: `${arrow} from none`, spoken: `${word} from none in ${against}` };
  const percent = Math.abs(Math.round(((current - previous) / Math.abs(previous)) * 100));
  const amount = percent === 0 ? "less than 1%" : `${percent}%`;
  return { direction, text: `${arrow} ${percent === 0 ? "<1" : percent}%`, spoken: `${word} ${amount} on ${against}` };
}

function Change({ current, previous, period }: { current: number; previous: number; period: DashboardPeriod }) {
  const change = changeOf(current, previous, comparedWith[period]);
  return (
    <p className={`dash-change dash-change--${change.direction}`}>
      <span aria-hidden="true">{change.text}</span>
      <span className="visually-hidden">{change.spoken}</span>
    </p>
  );
}

function Card({ title, value, children }: { title: string; value: ReactNode; children?: ReactNode }) {
  const id = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a figure card is a labelled group of text, not a form's fieldset.
    <div className="panel dash-card" role="group" aria-labelledby={id}>
      <h3 id={id} className="dash-card__title">
        {title}
      </h3>
      <p className="dash-card__value">{value}</p>
      {children}
    </div>
  );
}

function SalesCards({ sales, period }: { sales: DashboardSales; period: DashboardPeriod }) {
  const { current, previous } = sales;
  const was = (text: string) => <p className="muted small">Before: {text}</p>;
  return (
    <div className="dash-cards">
      <Card title="Revenue" value={formatRupees(current.revenue)}>
        <Change current={current.revenue} previous={previous.revenue} period={period} />
        <p className="muted small">
          {formatRupees(current.grossSales)} sales − {formatRupees(current.refunds)} refunds
        </p>
        {was(formatRupees(previous.revenue))}
      </Card>
      <Card title="Orders" value={number.format(current.orders)}>
        <Change current={current.orders} previous={previous.orders} period={period} />
        {was(number.format(previous.orders))}
      </Card>
      <Card title="Average order value" value={formatRupees(current.averageOrderValue)}>
        <Change current={current.averageOrderValue} previous={previous.averageOrderValue} period={period} />
        {was(formatRupees(previous.averageOrderValue))}
      </Card>
      <Card title="Units sold" value={number.format(current.units)}>
        <Change current={current.units} previous={previous.units} period={period} />
        {was(number.format(previous.units))}
      </Card>
    </div>
  );
}

function rtoRate(figures: PeriodFigures["returnedToOrigin"]): string {
  return figures.shipped === 0 ? "—" : `${Math.round((figures.returned / figures.shipped) * 1000) / 10}%`;
}

function NowCards({ sales }: { sales: DashboardSales }) {
  const { toPack, readyForPickup } = sales.waitingToShip;
  const rto = sales.current.returnedToOrigin;
  const before = sales.previous.returnedToOrigin;
  return (
    <div className="dash-cards">
      <Card title="Waiting to ship" value={number.format(toPack + readyForPickup)}>
        <ul className="dash-links">
          <li>
            <Link to="/orders?tab=to_pack">{number.format(toPack)} to pack</Link>
          </li>
          <li>
            <Link to="/orders?tab=ready_for_pickup">{number.format(readyForPickup)} ready for pickup</Link>
          </li>
        </ul>
      </Card>
      <Card title="COD to confirm" value={number.format(sales.codToConfirm)}>
        <ul className="dash-links">
          <li>
            <Link to="/orders?tab=cod_to_confirm">Open COD to confirm</Link>
          </li>
        </ul>
      </Card>
      <Card title="COD outstanding" value={formatRupees(sales.codOutstanding.amount)}>
        <p className="muted small">
          {number.format(sales.codOutstanding.orders)} confirmed{" "}
          {sales.codOutstanding.orders === 1 ? "order" : "orders"}, cash not collected yet
        </p>
        <ul className="dash-links">
          <li>
            <Link to="/orders?paymentMethod=CASH_ON_DELIVERY&paymentStatus=COD_PENDING">Open COD orders</Link>
          </li>
        </ul>
      </Card>
      <Card title="Returned to origin" value={rtoRate(rto)}>
        <p className="muted small">
          {number.format(rto.returned)} of {number.format(rto.shipped)} shipped in this period
        </p>
        {rto.shipped > 0 && before.shipped > 0 ? <p className="muted small">Before: {rtoRate(before)}</p> : null}
        <ul className="dash-links">
          <li>
            <Link to="/orders?tab=returned_to_origin">Returned to origin orders</Link>
          </li>
        </ul>
      </Card>
    </div>
  );
}

/** A chart for the eye (hidden from screen readers) over a compact table with its numbers. */
function ChartPanel({ title, chart, table }: { title: string; chart: ReactNode; table: ReactNode }) {
  const id = useId();
  return (
    <section className="panel dash-chart-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="dash-chart" aria-hidden="true">
        <Suspense fallback={<div className="dash-chart__placeholder" />}>{chart}</Suspense>
      </div>
      {table}
    </section>
  );
}

function bucketLabel(start: string, bucket: DashboardAnswer["bucket"]): string {
  return bucket === "hour" ? hourFormat.format(new Date(start)) : dayFormat.format(new Date(start));
}

function RevenuePanel({ answer, sales }: { answer: DashboardAnswer; sales: DashboardSales }) {
  const label = dashboardPeriodLabels[answer.period];
  const rows: (RevenueRow & { orders: number; start: string })[] = sales.current.series.map((point, index) => ({
    label: bucketLabel(point.start, answer.bucket),
    start: point.start,
    current: point.revenue,
    orders: point.orders,
    previous: sales.previous.series[index]?.revenue ?? 0,
  }));
  const unit = answer.bucket === "hour" ? "Hour" : "Day";
  return (
    <ChartPanel
      title={answer.bucket === "hour" ? "Revenue by hour" : "Revenue by day"}
      chart={<Chart kind="revenue" rows={rows} currentName={label} previousName="Period before" />}
      table={
        <TableScroller label={`Revenue by ${unit.toLowerCase()}, table`}>
          <table className="table dash-table">
            <caption className="visually-hidden">
              Revenue by {unit.toLowerCase()} ({label}, India time), with the period before
            </caption>
            <thead>
              <tr>
                <th scope="col">{unit}</th>
                <th scope="col" className="num">
                  Revenue
                </th>
                <th scope="col" className="num">
                  Orders
                </th>
                <th scope="col" className="num">
                  Before
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.start}>
                  <th scope="row">{row.label}</th>
                  <td className="num">{formatRupees(row.current)}</td>
                  <td className="num">{number.format(row.orders)}</td>
                  <td className="num">{formatRupees(row.previous)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      }
    />
  );
}

function SizePanel({ answer, sales }: { answer: DashboardAnswer; sales: DashboardSales }) {
  const name = (size: string | null) => size ?? "No size";
  const sizes = [...sales.current.unitsBySize.map((row) => row.size)];
  for (const row of sales.previous.unitsBySize) if (!sizes.includes(row.size)) sizes.push(row.size);
  const units = (figures: PeriodFigures, size: string | null) =>
    figures.unitsBySize.find((row) => row.size === size)?.units ?? 0;
  const rows: SizeRow[] = sizes.map((size) => ({
    size: name(size),
    current: units(sales.current, size),
    previous: units(sales.previous, size),
  }));
  const label = dashboardPeriodLabels[answer.period];
  return (
    <ChartPanel
      title="Units sold by size"
      chart={<Chart kind="size" rows={rows} currentName={label} previousName="Period before" />}
      table={
        rows.length === 0 ? (
          <p className="muted">Nothing sold in this period or the one before.</p>
        ) : (
          <TableScroller label="Units sold by size, table">
            <table className="table dash-table">
              <caption className="visually-hidden">Units sold by size ({label}), with the period before</caption>
              <thead>
                <tr>
                  <th scope="col">Size</th>
                  <th scope="col" className="num">
                    Units
                  </th>
                  <th scope="col" className="num">
                    Before
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.size}>
                    <th scope="row">{row.size}</th>
                    <td className="num">{number.format(row.current)}</td>
                    <td className="num">{number.format(row.previous)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )
      }
    />
  );
}

function TopProducts({ figures }: { figures: PeriodFigures }) {
  return (
    <section className="panel" aria-labelledby="dash-top">
      <h2 id="dash-top">Top products</h2>
      {figures.topProducts.length === 0 ? (
        <p className="muted">No sales in this period.</p>
      ) : (
        <TableScroller label="Top products, table">
          <table className="table dash-table">
            <caption className="visually-hidden">Top products by units sold</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="num">
                  Units
                </th>
                <th scope="col" className="num">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {figures.topProducts.map((product) => (
                <tr key={product.productId}>
                  <th scope="row">
                    <Link to={`/products/${product.productId}`}>{product.name}</Link>
                  </th>
                  <td className="num">{number.format(product.units)}</td>
                  <td className="num">{formatRupees(product.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </section>
  );
}

function variantOf(item: LowStockVariant): string {
  return [item.color, item.size ? `size ${item.size}` : null].filter(Boolean).join(", ") || "One variant";
}

function LowStock({ lowStock }: { lowStock: NonNullable<DashboardAnswer["lowStock"]> }) {
  return (
    <section className="panel" aria-labelledby="dash-low">
      <div className="panel__title">
        <h2 id="dash-low">Low stock</h2>
        <ul className="dash-links dash-links--inline">
          <li>
            <Link to="/products?stock=low">All low stock</Link>
          </li>
          <li>
            <Link to="/products?stock=out">All out of stock</Link>
          </li>
        </ul>
      </div>
      {lowStock.items.length === 0 ? (
        <p className="muted">Every size on sale is above its product's low-stock threshold.</p>
      ) : (
        <TableScroller label="Low stock, table">
          <table className="table dash-table">
            <caption className="visually-hidden">Sizes at or under their low-stock threshold, sold out first</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Variant</th>
                <th scope="col" className="num">
                  Stock
                </th>
              </tr>
            </thead>
            <tbody>
              {lowStock.items.map((item) => (
                <tr key={item.sku}>
                  <th scope="row">
                    <Link to={`/products/${item.productId}`}>{item.productName}</Link>
                  </th>
                  <td>
                    {variantOf(item)}
                    <div className="muted mono small">{item.sku}</div>
                  </td>
                  <td className="num">
                    {item.stock <= 0 ? (
                      <span className="badge badge--danger">Sold out</span>
                    ) : (
                      <>
                        {number.format(item.stock)}
                        <div className="muted small">threshold {item.threshold}</div>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
      {lowStock.more ? <p className="muted small">More sizes are low: see the product list's filters.</p> : null}
    </section>
  );
}

function PeriodSwitch({ period, onChange }: { period: DashboardPeriod; onChange: (period: DashboardPeriod) => void }) {
  return (
    <fieldset className="dash-periods">
      <legend className="visually-hidden">Period</legend>
      {dashboardPeriods.map((value) => (
        <button
          key={value}
          type="button"
          className="dash-periods__button"
          aria-pressed={value === period}
          onClick={() => onChange(value)}
        >
          {dashboardPeriodLabels[value]}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * The first page: sales of today, 7 or 30 India days against the period before, what waits now
 * (the inbox's tabs), and low stock; each section only for a role that may read it.
 */
export function DashboardPage() {
  const me = useMe();
  const [period, setPeriod] = usePeriod();
  const dashboard = useDashboard(period);
  const answer = dashboard.data;
  const sales = answer?.sales ?? null;
  const label = dashboardPeriodLabels[period];

  return (
    <div className="page dashboard">
      <PageHeader
        title="Dashboard"
        description={`Signed in as ${me.name} (${roleLabels[me.role]}). Days are India days.`}
        actions={<PeriodSwitch period={period} onChange={setPeriod} />}
      />
      {dashboard.isPending ? <LoadingState label="Loading the figures…" /> : null}
      {dashboard.isError && !answer ? (
        <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : null}
      {dashboard.isPlaceholderData ? (
        <p className="visually-hidden" role="status">
          Loading {label}…
        </p>
      ) : null}
      {answer && sales ? (
        <div className={dashboard.isPlaceholderData ? "dash-stale page" : "page"}>
          <section className="page-section" aria-labelledby="dash-sales">
            <h2 id="dash-sales">
              Sales: {label.toLowerCase()}
              <span className="muted dash-compared"> compared with {comparedWith[answer.period]}</span>
            </h2>
            <SalesCards sales={sales} period={answer.period} />
          </section>
          <section className="page-section" aria-labelledby="dash-now">
            <h2 id="dash-now">Waiting now</h2>
            <NowCards sales={sales} />
          </section>
          <div className="dash-grid">
            <RevenuePanel answer={answer} sales={sales} />
            <SizePanel answer={answer} sales={sales} />
          </div>
          <TopProducts figures={sales.current} />
        </div>
      ) : null}
      {answer?.lowStock ? <LowStock lowStock={answer.lowStock} /> : null}
      <section aria-labelledby="dashboard-pages" className="panel">
        <h2 id="dashboard-pages">Your pages</h2>
        <ul className="link-list">
          {visibleNavItems(me.permissions)
            .filter((item) => item.to !== "/")
            .map((item) => (
              <li key={item.to}>
                <Link to={item.to}>
                  <item.icon size={16} aria-hidden="true" /> {item.label}
                </Link>
              </li>
            ))}
          <li>
            <Link to="/account">Account</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
