import {
  type DashboardAnswer,
  type DashboardPeriod,
  type DashboardSales,
  dashboardLowStockMax,
  dashboardTopProductsMax,
  type LowStockVariant,
  type PeriodFigures,
  type SizeUnits,
} from "@vaki/contract/admin/dashboard";
import { can, type StaffRole } from "@vaki/contract/admin/permissions";
import type { OrderStatus, PaymentStatus } from "@vaki/contract/orders";
import { SIZE_ORDER } from "@vaki/contract/product-options";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { averagePaise, sumPaise } from "../../lib/money.js";
import { OrderDashboardRepo, type SaleRule, type TimeRange } from "./dashboard-repo.js";
import { paidPaymentStatuses, paymentStatusesLeadingTo, refundablePaymentStatuses } from "./status.js";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** India is UTC+5:30 all year (no daylight saving): its midnight is 18:30 UTC the day before. */
const INDIA_OFFSET_MS = 330 * 60_000;

const periodDays: Record<DashboardPeriod, number> = { today: 1, "7d": 7, "30d": 30 };

/**
 * A sale (the contract's dashboard.ts says it in words): confirmed and not cancelled; its payment
 * taken (the paid set, or settled and later refunded: refunds are subtracted where they were made).
 */
export const saleRule: SaleRule = {
  statuses: ["CONFIRMED", "PROCESSING", "SHIPPED", "DELIVERED"] satisfies OrderStatus[],
  paymentStatuses: [
    ...new Set<PaymentStatus>([
      ...paidPaymentStatuses,
      ...refundablePaymentStatuses,
      ...paymentStatusesLeadingTo("REFUNDED"),
      "REFUNDED",
    ]),
  ],
  uncollectedCod: "COD_PENDING",
};

/** Start of the India day holding `ms`. */
export function indiaMidnight(ms: number): number {
  return Math.floor((ms + INDIA_OFFSET_MS) / DAY_MS) * DAY_MS - INDIA_OFFSET_MS;
}

export interface DashboardWindow {
  from: number;
  to: number;
  buckets: { from: number; to: number }[];
}

/**
 * The chosen period and the one before it: today and the days before it back to India's midnight
 * (`days` in all), up to now; the previous one is the same stretch `days` earlier, so today is
 * compared with yesterday up to this time. Buckets are hours for today, India days otherwise.
 */
export function dashboardWindows(
  period: DashboardPeriod,
  now: Date,
): { bucket: "hour" | "day"; current: DashboardWindow; previous: DashboardWindow } {
  const days = periodDays[period];
  const step = period === "today" ? HOUR_MS : DAY_MS;
  const to = now.getTime();
  const from = indiaMidnight(to) - (days - 1) * DAY_MS;
  const window = (start: number, end: number): DashboardWindow => {
    const buckets = [];
    for (let at = start; at < end; at += step) buckets.push({ from: at, to: Math.min(at + step, end) });
    return { from: start, to: end, buckets };
  };
  return {
    bucket: period === "today" ? "hour" : "day",
    current: window(from, to),
    previous: window(from - days * DAY_MS, to - days * DAY_MS),
  };
}

/** What the dashboard lists as low stock: the stock digest's list (one rule, one query). */
export interface LowStockSource {
  restockList(limit: number): Promise<LowStockVariant[]>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const range = (window: { from: number; to: number }): TimeRange => ({ from: iso(window.from), to: iso(window.to) });

/** XS … XXL first (the shop's size order), other sizes by name, lines without a size last. */
function bySize(a: SizeUnits, b: SizeUnits): number {
  const rank = (size: string | null) => {
    if (size === null) return SIZE_ORDER.length + 1;
    const index = SIZE_ORDER.indexOf(size.toUpperCase());
    return index === -1 ? SIZE_ORDER.length : index;
  };
  return rank(a.size) - rank(b.size) || (a.size ?? "").localeCompare(b.size ?? "");
}

/**
 * The owner's dashboard: sales of a period against the one before, what waits now, low stock.
 * Seven statements whatever the number of orders (five grouped ones here, the low-stock list).
 */
export class OrderDashboard {
  private readonly repo: OrderDashboardRepo;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly lowStock: LowStockSource | null,
  ) {
    this.repo = new OrderDashboardRepo(db, saleRule);
  }

  /** The figures the role may read: orders' with orders:read, low stock with products:read. */
  async answer(period: DashboardPeriod, role: StaffRole): Promise<DashboardAnswer> {
    const now = this.clock.now();
    const windows = dashboardWindows(period, now);
    const [sales, lowStock] = await Promise.all([
      can(role, "orders:read") ? this.sales(windows) : null,
      can(role, "products:read") && this.lowStock ? this.lowStockList() : null,
    ]);
    return { period, bucket: windows.bucket, generatedAt: now.toISOString(), sales, lowStock };
  }

  private async sales(windows: ReturnType<typeof dashboardWindows>): Promise<DashboardSales> {
    const { current, previous } = windows;
    // Previous buckets first, then the current ones: one list of ranges for the grouped statements.
    const buckets = [...previous.buckets, ...current.buckets].map(range);
    const periods = [range(current), range(previous)];
    const [placed, refunded, sizes, products, now] = await Promise.all([
      this.repo.salesByBucket(buckets),
      this.repo.refundsByBucket(buckets),
      this.repo.unitsBySize(periods),
      this.repo.productTotals(periods),
      this.repo.now(periods),
    ]);
    const figures = (window: DashboardWindow, offset: number, index: number): PeriodFigures => {
      const series = window.buckets.map((bucket, position) => {
        const at = offset + position;
        const sold = placed.find((row) => row.bucket === at);
        const refunds = sumPaise(refunded.filter((row) => row.bucket === at).map((row) => row.amount));
        return {
          start: iso(bucket.from),
          end: iso(bucket.to),
          sold: sold?.total ?? 0,
          refunds,
          orders: sold?.orders ?? 0,
        };
      });
      const grossSales = sumPaise(series.map((point) => point.sold));
      const refunds = sumPaise(series.map((point) => point.refunds));
      const orders = series.reduce((sum, point) => sum + point.orders, 0);
      const unitsBySize = sizes
        .filter((row) => row.period === index)
        .map(({ size, units }) => ({ size, units }))
        .sort(bySize);
      const topProducts = products
        .filter((row) => row.period === index)
        .sort((a, b) => b.units - a.units || b.revenue - a.revenue || a.productId - b.productId)
        .slice(0, dashboardTopProductsMax)
        .map(({ productId, name, units, revenue }) => ({ productId, name, units, revenue }));
      const shipped = now.shipped[index] ?? { shipped: 0, returned: 0 };
      return {
        ...range(window),
        grossSales,
        refunds,
        revenue: grossSales - refunds,
        orders,
        averageOrderValue: averagePaise(grossSales, orders),
        units: unitsBySize.reduce((sum, row) => sum + row.units, 0),
        unitsBySize,
        topProducts,
        series: series.map((point) => ({
          start: point.start,
          end: point.end,
          revenue: point.sold - point.refunds,
          orders: point.orders,
        })),
        returnedToOrigin: shipped,
      };
    };
    return {
      current: figures(current, previous.buckets.length, 0),
      previous: figures(previous, 0, 1),
      waitingToShip: { toPack: now.toPack, readyForPickup: now.readyForPickup },
      codToConfirm: now.codToConfirm,
      codOutstanding: { orders: now.codOutstandingOrders, amount: now.codOutstandingAmount },
    };
  }

  private async lowStockList(): Promise<DashboardAnswer["lowStock"]> {
    const rows = (await this.lowStock?.restockList(dashboardLowStockMax + 1)) ?? [];
    return { items: rows.slice(0, dashboardLowStockMax), more: rows.length > dashboardLowStockMax };
  }
}
