import {
  deliveryFailedCodes,
  type InboxTab,
  inboxCountCap,
  inboxTabs,
  returnToOriginCodes,
} from "@vaki/contract/admin/inbox-tabs";
import type {
  AdminOrderCounts,
  AdminOrderDetail,
  AdminOrderFilters,
  AdminOrderSummary,
  AdminOrdersQuery,
} from "@vaki/contract/admin/schemas";
import {
  type Address,
  addressSchema,
  type OrderStatus,
  type PaymentStatus,
  paymentStatuses,
} from "@vaki/contract/orders";
import { type ExpressionBuilder, sql } from "kysely";
import { type Db, prepared } from "../../db/connection.js";
import type { Database } from "../../db/schema.js";
import { afterKey, type CursorKey, decodeCursor, encodeCursor } from "../../lib/keyset.js";
import { containsPattern } from "../../lib/like-pattern.js";
import { nameQueryWords, prefixRange } from "../../lib/name-words.js";

/** A name search with more matching words than this walks orders instead of listing the matches. */
const commonNameMatchesDefault = 1_000;

import type { OrderRecord } from "./types.js";

type WordRange = { from: string; until: string };

/**
 * How a name-like search finds its page (decision 0022, "Afterwards"): by listing the matches of
 * its rarest typed word; by walking one common word's orders newest first (the word's range holds
 * a single stored word, so its (word, created_at, order_id) index is in time order); or, for a
 * common prefix of several words, by walking all orders newest first and checking each one's words.
 */
export type NamePlan =
  | { kind: "list"; ranges: WordRange[] }
  | { kind: "walk-word"; ranges: WordRange[]; word: string; others: WordRange[] }
  | { kind: "walk-orders"; ranges: WordRange[] };

/** Filter sets whose counts are kept at most (all are dropped past it). */
const countsKeptMax = 200;

/** Orders as the owner's side reads them: lists, search and one order's whole record. Reads only. */
export class OrderAdminReads {
  /** Tab counts by filter set, each with when it was counted (see `counts`). */
  private readonly countsKept = new Map<string, { at: number; counts: Promise<AdminOrderCounts> }>();

  constructor(
    private readonly db: Db,
    private readonly commonNameMatches = commonNameMatchesDefault,
    /** How long counts are reused (ms); 0 counts every time. */
    private readonly countsTtlMs = 0,
  ) {}

  /** Counts are counted again at the next call: the owner's side changed something. */
  forgetCounts(): void {
    this.countsKept.clear();
  }

  /**
   * The plan of a name-like search (null when the text is not a name), from one statement of index
   * probes: each typed word's matches counted up to a cap, and its range's first and last word.
   * `sort`: the list's order (a single word's time index gives a page by time), or null for a
   * count, which reads every match and so never walks.
   */
  async namePlan(q: string, sort: AdminOrdersQuery["sort"] | null): Promise<NamePlan | null> {
    const words = nameQueryWords(q);
    if (!words) return null;
    const ranges = words.map(prefixRange);
    const inRange = ({ from, until }: WordRange) =>
      this.db.selectFrom("order_name_words").where("word", ">=", from).where("word", "<", until);
    // Prepared (index probes whatever the words); the cap is a literal so it stays in the plan.
    const probe = this.db.selectNoFrom((eb) =>
      ranges.flatMap((range, k) => [
        eb
          .selectFrom(
            inRange(range)
              .select("order_id")
              .limit(sql.lit(this.commonNameMatches + 1))
              .as("capped"),
          )
          .select((inner) => inner.fn.countAll().as("n"))
          .as(`n${k}`),
        inRange(range)
          .select((inner) => inner.fn.min("word").as("w"))
          .as(`lo${k}`),
        inRange(range)
          .select((inner) => inner.fn.max("word").as("w"))
          .as(`hi${k}`),
      ]),
    );
    const [row = {}] = (await this.db.executeQuery(prepared(probe))).rows as Record<string, unknown>[];
    const probes = ranges
      .map((range, k) => ({ range, n: Number(row[`n${k}`] ?? 0), lo: row[`lo${k}`], hi: row[`hi${k}`] }))
      .sort((x, y) => x.n - y.n);
    const sorted = probes.map((probe) => probe.range);
    const rarest = probes[0];
    // A word's orders by time need the range to hold one stored word (its index is in time order).
    const single = probes.find((probe) => typeof probe.lo === "string" && probe.lo === probe.hi);
    const walk = (probe: (typeof probes)[number]): NamePlan => ({
      kind: "walk-word",
      ranges: sorted,
      word: probe.lo as string,
      others: sorted.filter((range) => range !== probe.range),
    });
    const byTime = sort === "createdAt";
    if (byTime && rarest && single === rarest) return walk(rarest);
    if ((rarest?.n ?? 0) <= this.commonNameMatches || sort === null) return { kind: "list", ranges: sorted };
    if (byTime && single) return walk(single);
    return { kind: "walk-orders", ranges: sorted };
  }

  /** Keyset page of orders (newest first by default). */
  async list(query: AdminOrdersQuery): Promise<{ items: AdminOrderSummary[]; nextCursor: string | null }> {
    const sortColumn = query.sort === "total" ? "orders.total" : "orders.created_at";
    const cursor = query.cursor
      ? decodeCursor(query.cursor, [query.sort === "total" ? "number" : "string", "string"])
      : undefined;
    const plan = query.q ? await this.namePlan(query.q, query.sort) : null;
    let rows: SummaryRow[];
    if (plan?.kind === "walk-word") {
      rows = await this.walkWord(query, plan, cursor);
    } else if (!query.q && sortsItsTab(query)) {
      // A tab of two statuses (to pack, ready for pickup) is a few hundred orders sorted, not an
      // index walk: its page's ids are sorted alone, then their rows read (1.3 → 0.7 ms at 100,000).
      const scope = (eb: unknown) => eb as OrderListScope;
      const pageIds = this.db
        .selectFrom("orders")
        .select("orders.id")
        .where((eb) => inTab(scope(eb), query.tab))
        .$if(cursor !== undefined, (qb) =>
          qb.where((eb) => afterKey(eb, sortColumn, "orders.id", cursor as CursorKey, query.dir)),
        )
        .orderBy(sortColumn, query.dir)
        .orderBy("orders.id", query.dir)
        .limit(sql.lit(query.limit + 1));
      rows = await this.summaries()
        .where("orders.id", "in", pageIds)
        .orderBy(sortColumn, query.dir)
        .orderBy("orders.id", query.dir)
        .execute();
    } else {
      let select = this.summaries()
        .where((eb) => matchesFilters(eb, query, plan))
        .$if(query.tab !== "all", (qb) => qb.where((eb) => inTab(eb, query.tab)));
      if (cursor) select = select.where((eb) => afterKey(eb, sortColumn, "orders.id", cursor, query.dir));
      const page = select
        .orderBy(sortColumn, query.dir)
        .orderBy("orders.id", query.dir)
        .limit(sql.lit(query.limit + 1));
      // The unfiltered list is one plan whatever the cursor: prepared. A filter's best index can
      // depend on its value (a tab, a date range), so filtered lists are planned each time.
      rows = !query.q && unfiltered(query) ? (await this.db.executeQuery(prepared(page))).rows : await page.execute();
    }
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toSummary),
      nextCursor:
        rows.length > query.limit && last
          ? encodeCursor([query.sort === "total" ? last.total : last.created_at, last.id])
          : null,
    };
  }

  /**
   * A page of a common name's orders by time: the orders of its driving word, newest first along
   * (word, created_at, order_id), each checked for the other words and the filters.
   */
  private async walkWord(
    query: AdminOrdersQuery,
    plan: Extract<NamePlan, { kind: "walk-word" }>,
    cursor: CursorKey | undefined,
  ): Promise<SummaryRow[]> {
    const others = { ...query, q: undefined };
    // The driving word joins in as `d`; the filters and tabs read only orders, users and shipments.
    const scope = (eb: unknown) => eb as OrderListScope;
    const page = this.summaries()
      .innerJoin("order_name_words as d", "d.order_id", "orders.id")
      .where("d.word", "=", plan.word)
      .where((eb) => eb.and(plan.others.map((range) => hasWordChecked("d.order_id", range))))
      .where((eb) => matchesFilters(scope(eb), others))
      .$if(query.tab !== "all", (qb) => qb.where((eb) => inTab(scope(eb), query.tab)))
      .$if(cursor !== undefined, (qb) =>
        qb.where((eb) => afterKey(eb, "d.created_at", "d.order_id", cursor as CursorKey, query.dir)),
      )
      .orderBy("d.created_at", query.dir)
      .orderBy("d.order_id", query.dir)
      .limit(sql.lit(query.limit + 1));
    // The walk is the one plan whatever the words: prepared when no filter could make another index
    // worth choosing.
    return unfiltered(query) ? (await this.db.executeQuery(prepared(page))).rows : page.execute();
  }

  /**
   * How many orders each inbox tab holds under the filters: one statement, a count per tab, so
   * each tab counts along its own index range rather than all orders (decision 0022).
   */
  counts(filters: AdminOrderFilters): Promise<AdminOrderCounts> {
    if (this.countsTtlMs === 0) return this.countNow(filters);
    // The same filters within the reuse time share one count (eight capped index ranges, 2–6 ms
    // at 100,000 orders, which each inbox load asks for).
    const key = JSON.stringify(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)));
    const now = performance.now();
    const kept = this.countsKept.get(key);
    if (kept && now - kept.at < this.countsTtlMs) return kept.counts;
    const counts = this.countNow(filters);
    if (this.countsKept.size >= countsKeptMax) this.countsKept.clear();
    this.countsKept.set(key, { at: now, counts });
    counts.catch(() => {
      if (this.countsKept.get(key)?.counts === counts) this.countsKept.delete(key);
    });
    return counts;
  }

  private async countNow(filters: AdminOrderFilters): Promise<AdminOrderCounts> {
    const joined = this.db
      .selectFrom("orders")
      .leftJoin("users", "users.id", "orders.user_id")
      .leftJoin("shipments", "shipments.order_id", "orders.id");
    // Only search and payment method read the joined tables: without them each count is read
    // from an index alone (neither engine drops the unused joins here). The tabs read orders only.
    const from =
      filters.q || filters.paymentMethod ? joined : (this.db.selectFrom("orders") as unknown as typeof joined);
    const filtered = Object.values(filters).some((value) => value !== undefined);
    // Counting reads every match, so a name's matches are listed (rarest word first), never walked.
    const listed = filters.q ? await this.namePlan(filters.q, null) : null;
    // Each count stops one past the cap: a busy tab answers "10,000+" without reading every order.
    const countOf = (tab: InboxTab) =>
      this.db
        .selectFrom(
          from
            .select(sql.lit(1).as("one"))
            .$if(filtered, (qb) => qb.where((eb) => matchesFilters(eb, filters, listed)))
            .$if(tab !== "all", (qb) => qb.where((eb) => inTab(eb, tab)))
            .limit(inboxCountCap + 1)
            .as("capped"),
        )
        .select((eb) => eb.fn.countAll().as("n"));
    const row = await this.db
      .selectNoFrom(() => inboxTabs.map((tab) => countOf(tab).as(tab)))
      .executeTakeFirstOrThrow();
    const counts = {} as AdminOrderCounts;
    for (const tab of inboxTabs) counts[tab] = Number((row as Record<string, unknown>)[tab] ?? 0);
    return counts;
  }

  /** Up to `limit` orders whose number, e-mail, phone or AWB contains `q`, newest first. */
  async search(q: string, limit: number) {
    const rows = await this.summaries()
      .select(["orders.contact_phone"])
      .where((eb) => matchesOrder(eb, q))
      .orderBy("orders.created_at", "desc")
      .orderBy("orders.id", "desc")
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      orderNumber: row.order_number,
      email: row.contact_email,
      phone: row.contact_phone,
      name: customerNameOf(row),
      total: row.total,
      status: row.status,
      awb: row.awb ?? row.tracking_number,
    }));
  }

  /** A customer's orders, newest first. */
  async ofCustomer(userId: string, limit: number): Promise<AdminOrderSummary[]> {
    const rows = await this.summaries()
      .where("orders.user_id", "=", userId)
      .orderBy("orders.created_at", "desc")
      .orderBy("orders.id", "desc")
      .limit(limit)
      .execute();
    return rows.map(toSummary);
  }

  async exists(orderId: string): Promise<boolean> {
    return (await this.db.selectFrom("orders").select("id").where("id", "=", orderId).executeTakeFirst()) !== undefined;
  }

  /** The whole order but its timeline's audit events and notes (the admin module adds those). */
  async detail(orderId: string): Promise<
    | (Omit<AdminOrderDetail, "notes" | "timeline" | "refunds" | "actions"> & {
        statusTimes: StatusTime[];
        record: OrderRecord;
      })
    | null
  > {
    const order = await this.db
      .selectFrom("orders")
      .leftJoin("users", "users.id", "orders.user_id")
      .leftJoin("shipments", "shipments.order_id", "orders.id")
      .selectAll("orders")
      .select([
        "users.name as user_name",
        "users.email as user_email",
        "shipments.payment_method as shipment_payment_method",
      ])
      .where("orders.id", "=", orderId)
      .executeTakeFirst();
    if (!order) return null;
    const [lines, payments, shipments] = await Promise.all([
      this.db.selectFrom("order_items").selectAll().where("order_id", "=", orderId).orderBy("id").execute(),
      this.db.selectFrom("payments").selectAll().where("order_id", "=", orderId).orderBy("created_at").execute(),
      this.db.selectFrom("shipments").selectAll().where("order_id", "=", orderId).execute(),
    ]);
    const statusTimes: StatusTime[] = [{ status: "CREATED", at: order.created_at }];
    const reached: [OrderStatus, string | null][] = [
      ["CONFIRMED", order.confirmed_at],
      ["PROCESSING", order.processing_at],
      ["SHIPPED", order.shipped_at],
      ["DELIVERED", order.delivered_at],
      ["CANCELLED", order.cancelled_at],
    ];
    for (const [status, at] of reached) if (at) statusTimes.push({ status, at });
    return {
      id: order.id,
      orderNumber: order.order_number,
      createdAt: order.created_at,
      updatedAt: order.updated_at,
      status: order.status,
      paymentStatus: order.payment_status,
      paymentMethod: paymentMethodOf(order.payment_status, order.shipment_payment_method),
      customer:
        order.user_id && order.user_name !== null && order.user_email !== null
          ? { id: order.user_id, name: order.user_name, email: order.user_email }
          : null,
      email: order.contact_email,
      phone: order.contact_phone,
      shippingMethod: order.shipping_method,
      shippingAddress: parseAddress(order.shipping_address),
      billingAddress: parseAddress(order.billing_address),
      lines: lines.map((line) => ({
        id: line.id,
        productId: line.product_id,
        variantId: line.variant_id,
        sku: line.sku,
        name: line.product_name,
        imageUrl: line.image_url,
        size: line.size,
        color: line.color,
        unitPrice: line.unit_price,
        quantity: line.quantity,
        lineTotal: line.line_total,
      })),
      totals: {
        subtotal: order.subtotal,
        discount: order.discount_amount,
        tax: order.tax_amount,
        shipping: order.shipping_amount,
        total: order.total,
      },
      promoCode: order.promo_code,
      reviewNote: order.review_note,
      payments: payments.map((payment) => ({
        id: payment.id,
        provider: payment.provider,
        status: payment.status,
        amount: payment.amount,
        method: payment.payment_type,
        paymentId: payment.payment_id,
        refundId: payment.refund_id,
        reviewReason: payment.review_reason,
        createdAt: payment.created_at,
      })),
      shipments: shipments.map((shipment) => ({
        provider: shipment.provider,
        awb: shipment.awb,
        courierName: shipment.courier_name,
        statusCode: shipment.status_code,
        paymentMethod: shipment.payment_method,
        pickupRequestedAt: shipment.pickup_requested_at,
        createdAt: shipment.created_at,
        cancelledAt: shipment.cancelled_at,
      })),
      packedAt: order.packed_at,
      refundedAmount: order.refunded_amount,
      statusTimes,
      record: order,
    };
  }

  private summaries() {
    return this.db
      .selectFrom("orders")
      .leftJoin("users", "users.id", "orders.user_id")
      .leftJoin("shipments", "shipments.order_id", "orders.id")
      .select([
        "orders.id",
        "orders.order_number",
        "orders.created_at",
        "orders.contact_email",
        "orders.shipping_address",
        "orders.total",
        "orders.status",
        "orders.payment_status",
        "users.name as user_name",
        "shipments.payment_method as shipment_payment_method",
        "shipments.awb",
        "orders.tracking_number",
        "orders.packed_at",
        "orders.refunded_amount",
      ]);
  }
}

/** A tab of more than one status with no other filter: its orders are sorted, no index gives their order. */
function sortsItsTab(query: AdminOrdersQuery): boolean {
  const { q: _q, tab, sort: _sort, dir: _dir, limit: _limit, cursor: _cursor, ...filters } = query;
  return (
    (tab === "to_pack" || tab === "ready_for_pickup") && Object.values(filters).every((value) => value === undefined)
  );
}

/** No filter but the search text, in the "all" tab. */
function unfiltered(query: AdminOrdersQuery): boolean {
  const { q: _q, tab, sort: _sort, dir: _dir, limit: _limit, cursor: _cursor, ...filters } = query;
  return tab === "all" && Object.values(filters).every((value) => value === undefined);
}

type OrderListScope = ExpressionBuilder<Database, "orders" | "shipments" | "users">;

/** Which orders a tab holds (inbox-tabs.ts says it in words); the dashboard counts by it too. */
export function inTab(eb: OrderListScope, tab: InboxTab) {
  const code = eb.ref("orders.courier_status_code");
  switch (tab) {
    case "cod_to_confirm":
      return eb.and([eb("orders.status", "=", "CREATED"), eb("orders.cod_state", "=", "to_confirm")]);
    case "to_pack":
      return eb.and([eb("orders.status", "in", ["CONFIRMED", "PROCESSING"]), eb("orders.packed_at", "is", null)]);
    case "ready_for_pickup":
      return eb.and([eb("orders.status", "in", ["CONFIRMED", "PROCESSING"]), eb("orders.packed_at", "is not", null)]);
    case "in_transit":
      return eb.and([
        eb("orders.status", "=", "SHIPPED"),
        eb.or([eb(code, "is", null), eb(code, "not in", [...deliveryFailedCodes, ...returnToOriginCodes])]),
      ]);
    case "delivery_failed":
      return eb.and([eb("orders.status", "=", "SHIPPED"), eb(code, "in", [...deliveryFailedCodes])]);
    case "returned_to_origin":
      // Returned parcels stay here for good: said exactly as the partial index orders_rto_created_idx
      // (0019) says it, literals and coalesce included, so both engines list and count from it.
      return eb.and([
        eb("orders.status", "!=", sql.lit("CANCELLED")),
        eb(
          sql`coalesce(${code}, 0)`,
          "in",
          returnToOriginCodes.map((c) => sql.lit(c)),
        ),
      ]);
    case "cancelled":
      return eb("orders.status", "=", "CANCELLED");
    case "all":
      return eb.lit(true);
  }
}

const codPaymentStatuses = ["COD_PENDING", "COD_COMPLETED"] as const;
const prepaidPaymentStatuses = [
  "SUCCESS",
  "PAID",
  "COMPLETED",
  "REFUND_PROCESSING",
  "REFUNDED",
  "PARTIALLY_REFUNDED",
] as const;

/** Cash on delivery as `paymentMethodOf` reads it: a COD payment status, a COD order state or a COD shipment. */
function isCod(eb: OrderListScope) {
  return eb.or([
    eb("orders.payment_status", "in", [...codPaymentStatuses]),
    eb("orders.cod_state", "is not", null),
    // No shipment yet (a left join's null) must read as "not COD", not as unknown, under NOT.
    eb(eb.fn.coalesce("shipments.payment_method", eb.val("")), "=", "COD"),
  ]);
}

/** Every filter of the inbox but the tab; a bare `to` date takes in that whole day. */
function matchesFilters(eb: OrderListScope, filters: AdminOrderFilters, plan?: NamePlan | null) {
  const conditions = [];
  if (filters.status) conditions.push(eb("orders.status", "=", filters.status));
  if (filters.q) conditions.push(matchesOrder(eb, filters.q, plan));
  if (filters.paymentStatus) conditions.push(eb("orders.payment_status", "=", filters.paymentStatus));
  if (filters.paymentMethod === "CASH_ON_DELIVERY") conditions.push(isCod(eb));
  if (filters.paymentMethod === "PREPAID") {
    // Said as "none of the other statuses" (the column is one of paymentStatuses): the planner then
    // walks the newest-first index and stops at a page, rather than sorting every prepaid order.
    const others = paymentStatuses.filter((status) => !(prepaidPaymentStatuses as readonly string[]).includes(status));
    conditions.push(eb.and([eb.not(isCod(eb)), eb("orders.payment_status", "not in", others)]));
  }
  if (filters.from) conditions.push(eb("orders.created_at", ">=", new Date(filters.from).toISOString()));
  if (filters.to) {
    const end = new Date(filters.to);
    if (/^\d{4}-\d{2}-\d{2}$/.test(filters.to)) {
      end.setUTCDate(end.getUTCDate() + 1);
      conditions.push(eb("orders.created_at", "<", end.toISOString()));
    } else {
      conditions.push(eb("orders.created_at", "<=", end.toISOString()));
    }
  }
  if (filters.minTotal !== undefined) conditions.push(eb("orders.total", ">=", filters.minTotal));
  if (filters.maxTotal !== undefined) conditions.push(eb("orders.total", "<=", filters.maxTotal));
  return eb.and(conditions);
}

export interface StatusTime {
  status: OrderStatus;
  at: string;
}

/**
 * Number, e-mail, phone, name (the delivery address's or the account's) or AWB contains the text
 * (case-insensitive). A text shaped like a whole order number, e-mail, phone or AWB is looked up
 * on those columns' indexes instead, and name-like text by its words' index: a contains scan
 * reads every order (decision 0022).
 */
function matchesOrder(eb: OrderListScope, q: string, plan?: NamePlan | null) {
  const exact = matchesIdentifier(eb, q.trim());
  if (exact) return exact;
  const byName = matchesName(eb, q, plan);
  if (byName) return byName;
  const pattern = containsPattern(q);
  const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  return eb.or([
    like("orders.order_number"),
    like("orders.contact_email"),
    like("orders.contact_phone"),
    like("orders.tracking_number"),
    like("shipments.awb"),
    like("users.name"),
    // The address is JSON text: its fullName is in it (so are the street and city, which match too).
    like("orders.shipping_address"),
  ]);
}

/**
 * A name-like text (words of letters): orders whose delivery name, city or account name has a
 * word starting with each typed word, along `order_name_words`' key (the plan's first range
 * listed, the others checked per candidate). Without a plan (the quick search), the longest word
 * is listed.
 */
function matchesName(eb: OrderListScope, q: string, plan?: NamePlan | null) {
  const words = nameQueryWords(q);
  if (!words) return null;
  const ranges = plan ? plan.ranges : [...words].sort((a, b) => b.length - a.length).map(prefixRange);
  const [first, ...rest] = ranges;
  if (!first) return null;
  if (plan?.kind === "walk-orders") {
    // A common prefix of several words: each order, newest first, is checked along (order_id, word).
    return eb.and(ranges.map((range) => hasWord("orders.id", range)));
  }
  return eb(
    "orders.id",
    "in",
    eb
      .selectFrom("order_name_words as w")
      .select("w.order_id")
      .where("w.word", ">=", first.from)
      .where("w.word", "<", first.until)
      .where((inner) => inner.and(rest.map((range) => hasWord("w.order_id", range)))),
  );
}

/** The order in `orderId` has a stored word in the range, along (order_id, word). */
function hasWord(orderId: string, range: WordRange) {
  return sql<boolean>`exists (select 1 from order_name_words as x where x.order_id = ${sql.ref(orderId)} and x.word >= ${range.from} and x.word < ${range.until})`;
}

/**
 * `hasWord`, checked order by order as the walk reaches it. PostgreSQL would make a plain EXISTS a
 * semi-join, whose generic plan (a prepared statement's) guesses the words' share so small that it
 * gathers parallel workers to read the whole word; an OFFSET keeps it a check per row.
 */
function hasWordChecked(orderId: string, range: WordRange) {
  return sql<boolean>`exists (select 1 from order_name_words as x where x.order_id = ${sql.ref(orderId)} and x.word >= ${range.from} and x.word < ${range.until} limit 1 offset 0)`;
}

/** The whole-identifier lookups of `matchesOrder`, or null when the text is not shaped like one. */
function matchesIdentifier(eb: OrderListScope, text: string) {
  if (/^vk-\d+$/i.test(text)) return eb("orders.order_number", "=", text.toUpperCase());
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) {
    return eb(sql<string>`lower(${sql.ref("orders.contact_email")})`, "=", text.toLowerCase());
  }
  // One id list from each index (PostgreSQL reads an OR holding a subquery row by row).
  const awbIds = (values: string[]) =>
    eb
      .selectFrom("shipments as s")
      .select("s.order_id as id")
      .where("s.awb", "in", values)
      .unionAll(eb.selectFrom("orders as o").select("o.id").where("o.tracking_number", "in", values));
  const digits = text.replace(/[\s()-]/g, "");
  if (/^\+?\d{10,14}$/.test(digits)) {
    // A phone as typed (+91…, 0…, or the 10 digits) or an all-digit AWB.
    const bare = digits.replace(/^\+/, "");
    const phones = [...new Set([digits, `+${bare}`, `+91${bare.slice(-10)}`])];
    const phoneIds = eb.selectFrom("orders as p").select("p.id").where("p.contact_phone", "in", phones);
    return eb("orders.id", "in", awbIds([bare]).unionAll(phoneIds));
  }
  if (/^[a-z0-9]{8,}$/i.test(text) && /\d/.test(text)) {
    return eb("orders.id", "in", awbIds([...new Set([text, text.toUpperCase()])]));
  }
  return null;
}

/** One row of the inbox's list, as `summaries()` selects it. */
interface SummaryRow {
  id: string;
  order_number: string;
  created_at: string;
  contact_email: string | null;
  shipping_address: string | null;
  total: number;
  status: OrderStatus;
  payment_status: PaymentStatus;
  user_name: string | null;
  shipment_payment_method: string | null;
  awb: string | null;
  tracking_number: string | null;
  packed_at: string | null;
  refunded_amount: number;
}

function toSummary(row: SummaryRow): AdminOrderSummary {
  return {
    id: row.id,
    orderNumber: row.order_number,
    createdAt: row.created_at,
    customerName: customerNameOf(row),
    email: row.contact_email,
    total: row.total,
    status: row.status,
    paymentStatus: row.payment_status,
    paymentMethod: paymentMethodOf(row.payment_status, row.shipment_payment_method),
    awb: row.awb ?? row.tracking_number,
    packedAt: row.packed_at,
    refundedAmount: row.refunded_amount,
  };
}

function customerNameOf(row: { shipping_address: string | null; user_name: string | null }): string | null {
  return fullNameOf(row.shipping_address) ?? row.user_name ?? null;
}

/** The delivery address's full name: the list reads that field alone (no whole-address check per row). */
function fullNameOf(json: string | null): string | null {
  if (!json) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    const name = typeof parsed === "object" && parsed !== null ? (parsed as { fullName?: unknown }).fullName : null;
    return typeof name === "string" && name.trim() !== "" ? name : null;
  } catch {
    return null;
  }
}

function paymentMethodOf(status: PaymentStatus, shipmentMethod: string | null): AdminOrderSummary["paymentMethod"] {
  if (shipmentMethod === "COD" || status === "COD_PENDING" || status === "COD_COMPLETED") return "CASH_ON_DELIVERY";
  if (
    shipmentMethod === "Prepaid" ||
    ["SUCCESS", "PAID", "COMPLETED", "REFUND_PROCESSING", "REFUNDED", "PARTIALLY_REFUNDED"].includes(status)
  ) {
    return "PREPAID";
  }
  return null;
}

function parseAddress(json: string | null): Address | null {
  if (!json) return null;
  try {
    const parsed = addressSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
