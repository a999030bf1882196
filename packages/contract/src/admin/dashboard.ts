import { z } from "../zod.js";

/*
 * The owner's dashboard (issue "The owner's side", part 3), GET /api/admin/dashboard?period=…
 *
 * Days are India days (Asia/Kolkata, UTC+5:30): "today" runs from India's midnight to now; "7d"
 * is today and the 6 days before, "30d" today and the 29 before. Each is compared with the same
 * stretch one period earlier, up to the same time of day (yesterday until this hour, say).
 *
 * What counts (the server's `orders/dashboard.ts` is the one place these rules live):
 * - a sale: an order placed in the window that was confirmed (paid online, or cash on delivery
 *   confirmed) and is not cancelled; a COD order whose parcel is going back (returned to origin)
 *   never brought money, so it is not a sale;
 * - revenue: the sales' totals minus the refunds people made in the window (`order_refunds`, not
 *   failed, of orders that count as sales), so a refund lowers the period it was made in;
 * - average order value: the sales' totals over their number, rounded down to whole paise;
 * - units and top products: the sales' lines (a product's revenue: its lines after their share
 *   of the order's discount);
 * - returned to origin: of the orders shipped in the window, those whose parcel is coming back.
 * Money is integer paise.
 */

export const dashboardPeriods = ["today", "7d", "30d"] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];

export const dashboardPeriodLabels: Record<DashboardPeriod, string> = {
  today: "Today",
  "7d": "7 days",
  "30d": "30 days",
};

/** The shop's time zone: every day boundary of the dashboard is India's. */
export const dashboardTimeZone = "Asia/Kolkata";

/** How many low-stock sizes the dashboard lists (the product list's filters show them all). */
export const dashboardLowStockMax = 10;
/** How many products the top list holds. */
export const dashboardTopProductsMax = 5;

export const dashboardQuerySchema = z.object({
  period: z.enum(dashboardPeriods).default("today"),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const count = z.number().int().min(0);
const paise = z.number().int();

/** One bar of the revenue chart: an hour (today) or an India day, [start, end). */
export const revenuePointSchema = z.object({
  start: z.string(),
  end: z.string(),
  /** Sales placed in it minus refunds made in it (may be below zero). */
  revenue: paise,
  orders: count,
});
export type RevenuePoint = z.infer<typeof revenuePointSchema>;

export const sizeUnitsSchema = z.object({
  /** null: lines without a size (one-size products). */
  size: z.string().nullable(),
  units: count,
});
export type SizeUnits = z.infer<typeof sizeUnitsSchema>;

export const topProductSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  units: count,
  /** Its lines' totals after their share of the order's discount. */
  revenue: paise,
});
export type TopProduct = z.infer<typeof topProductSchema>;

/** Every figure of one window (the chosen period, or the one before it). */
export const periodFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Totals of the sales placed in the window. */
  grossSales: paise,
  /** Refunds made in the window. */
  refunds: paise,
  /** grossSales − refunds. */
  revenue: paise,
  orders: count,
  /** grossSales / orders, rounded down; 0 without orders. */
  averageOrderValue: paise,
  units: count,
  /** In size order (XS … XXL, then other sizes, then no size). */
  unitsBySize: z.array(sizeUnitsSchema),
  /** Most units first (then revenue), at most `dashboardTopProductsMax`. */
  topProducts: z.array(topProductSchema),
  /** Consecutive hours or days covering the window; they add up to `revenue` and `orders`. */
  series: z.array(revenuePointSchema),
  /** Orders shipped in the window and, of those, the ones returned to origin. */
  returnedToOrigin: z.object({ shipped: count, returned: count }),
});
export type PeriodFigures = z.infer<typeof periodFiguresSchema>;

/** Order figures: the two windows, and what waits now (the inbox's tab counts). */
export const dashboardSalesSchema = z.object({
  current: periodFiguresSchema,
  previous: periodFiguresSchema,
  waitingToShip: z.object({ toPack: count, readyForPickup: count }),
  codToConfirm: count,
  /** Confirmed COD orders not delivered yet (nor coming back): cash still to collect. */
  codOutstanding: z.object({ orders: count, amount: paise }),
});
export type DashboardSales = z.infer<typeof dashboardSalesSchema>;

export const lowStockVariantSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  sku: z.string(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  stock: z.number().int(),
  /** The product's low-stock threshold. */
  threshold: z.number().int(),
});
export type LowStockVariant = z.infer<typeof lowStockVariantSchema>;

export const dashboardAnswerSchema = z.object({
  period: z.enum(dashboardPeriods),
  /** The bars' size: hours for today, India days otherwise. */
  bucket: z.enum(["hour", "day"]),
  generatedAt: z.string(),
  /** Needs orders:read (null for a role without it). */
  sales: dashboardSalesSchema.nullable(),
  /**
   * Needs products:read (null without it): sizes of products on sale at or under their product's
   * threshold, sold out first, then the fewest left; `more` when there are others.
   */
  lowStock: z.object({ items: z.array(lowStockVariantSchema), more: z.boolean() }).nullable(),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswerSchema>;
