import { useQuery } from "@tanstack/react-query";
import { roleLabels } from "@vaki/contract/admin/permissions";
import type { AdminOrdersAnswer } from "@vaki/contract/admin/schemas";
import { Link } from "react-router";
import { PageHeader } from "../../components/page-header";
import { api } from "../../lib/api-client";
import { visibleNavItems } from "../../lib/nav-items";
import { useMe } from "../auth/api";
import { useCan } from "../auth/require-permission";

/** How many orders of a status the first page holds ("100+" when there are more). */
const COUNT_LIMIT = 100;

function useOrderCount(query: Record<string, string>, enabled: boolean) {
  return useQuery({
    queryKey: ["admin", "orders", "count", query],
    queryFn: ({ signal }) => api<AdminOrdersAnswer>("/orders", { query: { ...query, limit: COUNT_LIMIT }, signal }),
    enabled,
    select: (answer) => ({ count: answer.items.length, more: answer.nextCursor !== null, items: answer.items }),
  });
}

function startOfToday(): number {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
}

function Stat({ label, value, to }: { label: string; value: string; to: string }) {
  return (
    <Link className="panel stat" to={to}>
      <span className="stat__value">{value}</span>
      <span className="stat__label">{label}</span>
    </Link>
  );
}

/** The first page: what needs doing today, for the pages the person's role opens. */
export function DashboardPage() {
  const me = useMe();
  const canReadOrders = useCan("orders:read");
  const recent = useOrderCount({ sort: "createdAt", dir: "desc" }, canReadOrders);
  const toShip = useOrderCount({ status: "CONFIRMED" }, canReadOrders);
  const processing = useOrderCount({ status: "PROCESSING" }, canReadOrders);

  const todayCount = recent.data?.items.filter((order) => Date.parse(order.createdAt) >= startOfToday()).length;
  // Every order of the first page placed today, and more after it: there may be more today too.
  const today =
    todayCount === undefined
      ? undefined
      : `${todayCount}${todayCount === recent.data?.count && recent.data.more ? "+" : ""}`;
  const show = (data: { count: number; more: boolean } | undefined, pending: boolean) =>
    pending ? "…" : data ? `${data.count}${data.more ? "+" : ""}` : "—";

  return (
    <div className="page">
      <PageHeader title="Dashboard" description={`Signed in as ${me.name} (${roleLabels[me.role]}).`} />
      {canReadOrders ? (
        <section aria-labelledby="dashboard-orders" className="page">
          <h2 id="dashboard-orders">Orders</h2>
          {recent.isError ? (
            <p className="alert alert--error" role="alert">
              The order counts could not be loaded.
            </p>
          ) : null}
          <div className="grid-3">
            <Stat label="Placed today" value={recent.isPending ? "…" : (today ?? "—")} to="/orders" />
            <Stat
              label="Confirmed, waiting to ship"
              value={show(toShip.data, toShip.isPending)}
              to="/orders?status=CONFIRMED"
            />
            <Stat
              label="Processing"
              value={show(processing.data, processing.isPending)}
              to="/orders?status=PROCESSING"
            />
          </div>
        </section>
      ) : null}
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
