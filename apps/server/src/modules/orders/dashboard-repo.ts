import { returnToOriginCodes } from "@vaki/contract/admin/inbox-tabs";
import type { OrderStatus, PaymentStatus } from "@vaki/contract/orders";
import { type Expression, type ExpressionBuilder, type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/connection.js";
import type { Database } from "../../db/schema.js";
import { inTab } from "./admin-reads.js";

/** A stretch of time [from, to) as ISO text, the way every timestamp is stored (decision 0001). */
export interface TimeRange {
  from: string;
  to: string;
}

/** What makes an order a sale, as data the SQL reads (the service fills it from status.ts). */
export interface SaleRule {
  statuses: readonly OrderStatus[];
  paymentStatuses: readonly PaymentStatus[];
  /** A COD order in this payment status whose parcel is returned to origin brought no money. */
  uncollectedCod: PaymentStatus;
}

export interface BucketTotals {
  bucket: number;
  orders: number;
  total: number;
}

export interface PeriodSizeUnits {
  period: number;
  size: string | null;
  units: number;
}

export interface PeriodProductTotals {
  period: number;
  productId: number;
  name: string;
  units: number;
  revenue: number;
}

export interface NowFigures {
  toPack: number;
  readyForPickup: number;
  codToConfirm: number;
  codOutstandingOrders: number;
  codOutstandingAmount: number;
  /** Per range asked: orders shipped in it, and of those the ones returned to origin. */
  shipped: { shipped: number; returned: number }[];
}

/**
 * The dashboard's SQL: a handful of grouped statements, whatever the number of orders. Time
 * buckets are ranges computed by the caller and passed as parameters (a CASE over them), so the
 * same SQL runs on SQLite and PostgreSQL; grouping happens over a subquery's bucket column, which
 * PostgreSQL accepts where a parameterised expression in GROUP BY would not match the SELECT's.
 */
export class OrderDashboardRepo {
  constructor(
    private readonly db: Db,
    private readonly sale: SaleRule,
  ) {}

  /** Sales placed in each bucket: how many and their totals. */
  async salesByBucket(buckets: readonly TimeRange[]): Promise<BucketTotals[]> {
    const span = spanOf(buckets);
    if (!span) return [];
    const placed = this.db
      .selectFrom("orders")
      .select([bucketOf(sql.ref("orders.created_at"), buckets).as("bucket"), "orders.total"])
      .where((eb) => this.isSale(eb))
      .where("orders.created_at", ">=", span.from)
      .where("orders.created_at", "<", span.to);
    const rows = await this.db
      .selectFrom(placed.as("s"))
      .select((eb) => [
        "s.bucket",
        eb.fn.countAll<number | string>().as("orders"),
        eb.fn.sum<number | string>("s.total").as("total"),
      ])
      .groupBy("s.bucket")
      .execute();
    return rows
      .filter((row) => row.bucket !== null)
      .map((row) => ({ bucket: Number(row.bucket), orders: Number(row.orders), total: Number(row.total ?? 0) }));
  }

  /** Refunds people made in each bucket (not failed ones), of orders that count as sales. */
  async refundsByBucket(buckets: readonly TimeRange[]): Promise<{ bucket: number; amount: number }[]> {
    const span = spanOf(buckets);
    if (!span) return [];
    const made = this.db
      .selectFrom("order_refunds")
      .innerJoin("orders", "orders.id", "order_refunds.order_id")
      .select([bucketOf(sql.ref("order_refunds.created_at"), buckets).as("bucket"), "order_refunds.amount"])
      .where("order_refunds.status", "!=", "failed")
      .where((eb) => this.isSale(eb))
      .where("order_refunds.created_at", ">=", span.from)
      .where("order_refunds.created_at", "<", span.to);
    const rows = await this.db
      .selectFrom(made.as("r"))
      .select((eb) => ["r.bucket", eb.fn.sum<number | string>("r.amount").as("amount")])
      .groupBy("r.bucket")
      .execute();
    return rows
      .filter((row) => row.bucket !== null)
      .map((row) => ({ bucket: Number(row.bucket), amount: Number(row.amount ?? 0) }));
  }

  /** Units of the sales' lines per period (index into `periods`) and size. */
  async unitsBySize(periods: readonly TimeRange[]): Promise<PeriodSizeUnits[]> {
    const span = spanOf(periods);
    if (!span) return [];
    const lines = this.salesLines(periods, span).select(["order_items.size", "order_items.quantity"]);
    const rows = await this.db
      .selectFrom(lines.as("l"))
      .select((eb) => ["l.period", "l.size", eb.fn.sum<number | string>("l.quantity").as("units")])
      .groupBy(["l.period", "l.size"])
      .execute();
    return rows
      .filter((row) => row.period !== null)
      .map((row) => ({ period: Number(row.period), size: row.size, units: Number(row.units ?? 0) }));
  }

  /** Units and revenue (lines after their discount share) per period and product. */
  async productTotals(periods: readonly TimeRange[]): Promise<PeriodProductTotals[]> {
    const span = spanOf(periods);
    if (!span) return [];
    const lines = this.salesLines(periods, span).select([
      "order_items.product_id",
      "order_items.product_name",
      "order_items.quantity",
      sql<number>`order_items.line_total - coalesce(order_items.discount_amount, 0)`.as("net"),
    ]);
    const rows = await this.db
      .selectFrom(lines.as("l"))
      .select((eb) => [
        "l.period",
        "l.product_id",
        eb.fn.max("l.product_name").as("name"),
        eb.fn.sum<number | string>("l.quantity").as("units"),
        eb.fn.sum<number | string>("l.net").as("revenue"),
      ])
      .groupBy(["l.period", "l.product_id"])
      .execute();
    return rows
      .filter((row) => row.period !== null)
      .map((row) => ({
        period: Number(row.period),
        productId: Number(row.product_id),
        name: String(row.name),
        units: Number(row.units ?? 0),
        revenue: Number(row.revenue ?? 0),
      }));
  }

  /**
   * What waits now, in one statement over the inbox's own tab rules (so the counts agree with its
   * tabs), and the orders shipped in each of `ranges` with those of them returned to origin.
   */
  async now(ranges: readonly TimeRange[]): Promise<NowFigures> {
    const { uncollectedCod } = this.sale;
    const row = await this.db
      .selectFrom("orders")
      .leftJoin("users", "users.id", "orders.user_id")
      .leftJoin("shipments", "shipments.order_id", "orders.id")
      .select((eb) => {
        const outstanding = eb.and([
          eb("orders.payment_status", "=", uncollectedCod),
          eb("orders.status", "in", ["CONFIRMED", "PROCESSING", "SHIPPED"]),
          eb.not(returningToOrigin(eb)),
        ]);
        const shippedIn = (range: TimeRange) =>
          eb.and([eb("orders.shipped_at", ">=", range.from), eb("orders.shipped_at", "<", range.to)]);
        return [
          eb.fn.countAll<number | string>().filterWhere(inTab(eb, "to_pack")).as("to_pack"),
          eb.fn.countAll<number | string>().filterWhere(inTab(eb, "ready_for_pickup")).as("ready_for_pickup"),
          eb.fn.countAll<number | string>().filterWhere(inTab(eb, "cod_to_confirm")).as("cod_to_confirm"),
          eb.fn.countAll<number | string>().filterWhere(outstanding).as("cod_orders"),
          eb.fn.sum<number | string | null>("orders.total").filterWhere(outstanding).as("cod_amount"),
          ...ranges.flatMap((range, index) => [
            eb.fn.countAll<number | string>().filterWhere(shippedIn(range)).as(`shipped_${index}`),
            eb.fn
              .countAll<number | string>()
              .filterWhere(eb.and([shippedIn(range), inTab(eb, "returned_to_origin")]))
              .as(`returned_${index}`),
          ]),
        ];
      })
      .executeTakeFirstOrThrow();
    const figures = row as Record<string, unknown>;
    const number = (key: string) => Number(figures[key] ?? 0);
    return {
      toPack: number("to_pack"),
      readyForPickup: number("ready_for_pickup"),
      codToConfirm: number("cod_to_confirm"),
      codOutstandingOrders: number("cod_orders"),
      codOutstandingAmount: number("cod_amount"),
      shipped: ranges.map((_, index) => ({
        shipped: number(`shipped_${index}`),
        returned: number(`returned_${index}`),
      })),
    };
  }

  /** The lines of sales placed in `span`, with the index of the period each falls in. */
  private salesLines(periods: readonly TimeRange[], span: TimeRange) {
    return this.db
      .selectFrom("order_items")
      .innerJoin("orders", "orders.id", "order_items.order_id")
      .select(bucketOf(sql.ref("orders.created_at"), periods).as("period"))
      .where((eb) => this.isSale(eb))
      .where("orders.created_at", ">=", span.from)
      .where("orders.created_at", "<", span.to);
  }

  /** Confirmed and not cancelled, paid (or COD confirmed), and not a COD parcel coming back unpaid. */
  private isSale(eb: ExpressionBuilder<Database, "orders">) {
    const { statuses, paymentStatuses, uncollectedCod } = this.sale;
    return eb.and([
      eb("orders.status", "in", [...statuses]),
      eb("orders.payment_status", "in", [...paymentStatuses]),
      eb.not(eb.and([eb("orders.payment_status", "=", uncollectedCod), returningToOrigin(eb)])),
    ]);
  }
}

/**
 * The parcel is going (or has gone) back: the inbox's codes. coalesce: a parcel without a courier
 * code must read as "not returned", not as unknown, under NOT.
 */
function returningToOrigin(eb: ExpressionBuilder<Database, "orders">) {
  return eb(eb.fn.coalesce("orders.courier_status_code", eb.val(0)), "in", [...returnToOriginCodes]);
}

/** The earliest start and latest end of the ranges (null for none). */
function spanOf(ranges: readonly TimeRange[]): TimeRange | null {
  if (ranges.length === 0) return null;
  let { from, to } = ranges[0] as TimeRange;
  for (const range of ranges) {
    if (range.from < from) from = range.from;
    if (range.to > to) to = range.to;
  }
  return { from, to };
}

/** The index of the range a timestamp falls in (null for none): a CASE with the ranges as parameters. */
function bucketOf(column: Expression<unknown>, ranges: readonly TimeRange[]): RawBuilder<number | null> {
  const arms = ranges.map(
    (range, index) => sql`when ${column} >= ${range.from} and ${column} < ${range.to} then ${sql.lit(index)}`,
  );
  return sql<number | null>`case ${sql.join(arms, sql` `)} end`;
}
