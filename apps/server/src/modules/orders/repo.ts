import type { OrderStatus, PaymentStatus } from "@vaki/contract/orders";
import type { ExpressionBuilder, Insertable, UpdateObject } from "kysely";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import type { Database, OrderItemsTable, OrdersTable } from "../../db/schema.js";
import { nameWordsOf } from "../../lib/name-words.js";
import type { CustomerRef } from "../promotions/service.js";
import { abandonableOrder, expirableOrder, paidPaymentStatuses } from "./status.js";
import type { CheckoutKind, OrderItemRecord, OrderRecord } from "./types.js";

/** Not an order that was never paid and was replaced or expired (abandoned: cancelled without cancelled_at). */
function notAbandoned(eb: ExpressionBuilder<Database, "orders">) {
  return eb.or([
    eb("status", "!=", abandonableOrder.to.status),
    eb("payment_status", "!=", abandonableOrder.to.paymentStatus),
    eb("cancelled_at", "is not", null),
  ]);
}

/** SQL of orders: every call is a fixed number of statements whatever the number of lines. */
export class OrdersRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repo: OrdersRepo, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new OrdersRepo(trx), trx));
  }

  in(trx: Db): OrdersRepo {
    return new OrdersRepo(trx);
  }

  /**
   * Whether any paid order matches the user, the e-mail (any case) or the phone. For a user the
   * account's own e-mail and mobile count too: a guest order paid with them was their first order.
   */
  async hasPaidOrder(customer: CustomerRef): Promise<boolean> {
    const matches = customerMatches(customer);
    if (!matches) return false;
    const row = await this.db
      .selectFrom("orders")
      .select("id")
      .where("payment_status", "in", [...paidPaymentStatuses])
      .where(matches)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Per promo code: its paid orders and the paise they were discounted in all. */
  async paidUseOfCodes(): Promise<{ promo_code: string; orders: number; discount: number }[]> {
    const rows = await this.db
      .selectFrom("orders")
      .select((eb) => [
        "promo_code",
        eb.fn.countAll<number | string>().as("orders"),
        eb.fn.sum<number | string>("discount_amount").as("discount"),
      ])
      .where("promo_code", "is not", null)
      .where("payment_status", "in", [...paidPaymentStatuses])
      .groupBy("promo_code")
      .execute();
    return rows.map((row) => ({
      promo_code: row.promo_code as string,
      orders: Number(row.orders),
      discount: Number(row.discount ?? 0),
    }));
  }

  /** Paid orders of this customer (matched as `hasPaidOrder` does) that used a promo code. */
  async countPaidOrdersWithCode(customer: CustomerRef, code: string): Promise<number> {
    const matches = customerMatches(customer);
    if (!matches) return 0;
    const row = await this.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("promo_code", "=", code)
      .where("payment_status", "in", [...paidPaymentStatuses])
      .where(matches)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /**
   * Cancels the cart's orders still waiting for payment (a new order from the same cart replaces
   * them). Conditional on their status, so each is cancelled once; answers the ones this call cancelled.
   */
  abandonOrdersOfCart(
    cartId: string,
    kind: CheckoutKind,
    now: string,
  ): Promise<Pick<OrderRecord, "id" | "promo_code" | "hold_expires_at">[]> {
    return this.db
      .updateTable("orders")
      .set({ status: abandonableOrder.to.status, payment_status: abandonableOrder.to.paymentStatus, updated_at: now })
      .where("cart_id", "=", cartId)
      .where((eb) =>
        kind === "buy_now"
          ? eb("checkout_kind", "=", "buy_now")
          : eb.or([eb("checkout_kind", "=", "cart"), eb("checkout_kind", "is", null)]),
      )
      .where("status", "in", [...abandonableOrder.statuses])
      .where("payment_status", "in", [...abandonableOrder.paymentStatuses])
      .returning(["id", "promo_code", "hold_expires_at"])
      .execute();
  }

  /** Units still HELD by unpaid orders of this guest session, or placed from this (hashed) address. */
  async heldUnits(by: { guestSessionId: string } | { clientAddressHash: string }): Promise<number> {
    const row = await this.db
      .selectFrom("stock_holds as h")
      .innerJoin("orders as o", "o.id", "h.order_id")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>("h.quantity"), eb.lit(0)).as("units"))
      .where("h.status", "=", "HELD")
      .where("o.status", "=", "CREATED")
      .$call((query) =>
        "guestSessionId" in by
          ? query.where("o.guest_session_id", "=", by.guestSessionId)
          : query.where("o.client_address_hash", "=", by.clientAddressHash),
      )
      .executeTakeFirstOrThrow();
    return Number(row.units);
  }

  /**
   * Cancels one order whose hold has expired, if it is still waiting for payment: the conditional
   * update that makes the expiry sweep safe on several processes at once (one of them gets the row).
   */
  abandonExpiredOrder(orderId: string, now: string): Promise<Pick<OrderRecord, "id" | "promo_code"> | undefined> {
    return this.db
      .updateTable("orders")
      .set({ status: abandonableOrder.to.status, payment_status: abandonableOrder.to.paymentStatus, updated_at: now })
      .where("id", "=", orderId)
      .where("status", "in", [...expirableOrder.statuses])
      .where("payment_status", "in", [...expirableOrder.paymentStatuses])
      .where("hold_expires_at", "<=", now)
      .returning(["id", "promo_code"])
      .executeTakeFirst();
  }

  /** Orders whose stock hold has expired and that still wait for payment, oldest first. */
  async findExpiredOrderIds(now: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom("orders")
      .select("id")
      .where("status", "in", [...abandonableOrder.statuses])
      .where("hold_expires_at", "<=", now)
      .orderBy("hold_expires_at")
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** The next human order number (auto-numbered key, no shared counter row to lock). */
  async nextOrderNumber(orderId: string, now: string): Promise<number> {
    const row = await this.db
      .insertInto("order_numbers")
      .values({ order_id: orderId, created_at: now })
      .returning("number")
      .executeTakeFirstOrThrow();
    return row.number;
  }

  async insertOrder(order: Insertable<OrdersTable>): Promise<OrderRecord> {
    return this.db.insertInto("orders").values(order).returningAll().executeTakeFirstOrThrow();
  }

  async insertItems(items: readonly Insertable<OrderItemsTable>[]): Promise<OrderItemRecord[]> {
    if (items.length === 0) return [];
    const rows = await this.db
      .insertInto("order_items")
      .values([...items])
      .returningAll()
      .execute();
    return rows.sort((a, b) => a.id - b.id);
  }

  findOrder(id: string): Promise<OrderRecord | undefined> {
    return this.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async findItems(orderIds: readonly string[]): Promise<OrderItemRecord[]> {
    if (orderIds.length === 0) return [];
    return this.db
      .selectFrom("order_items")
      .selectAll()
      .where("order_id", "in", [...orderIds])
      .orderBy("order_id")
      .orderBy("id")
      .execute();
  }

  /** The products' pictures, each product's in its display order (primary first), in one statement. */
  async findPictures(
    productIds: readonly number[],
  ): Promise<{ product_id: number; url: string; color: string | null }[]> {
    if (productIds.length === 0) return [];
    return this.db
      .selectFrom("product_images")
      .select(["product_id", "url", "color"])
      .where("product_id", "in", [...new Set(productIds)])
      .orderBy("product_id")
      .orderBy("is_primary", "desc")
      .orderBy("display_order")
      .orderBy("id")
      .execute();
  }

  /**
   * One page of a user's orders, newest first, with the total count in the same statement. Orders
   * never paid and then replaced by a new checkout or expired are left out: the shopper never
   * placed them (the shop keeps them). A cancel the shopper asked for (cancelled_at set) stays.
   */
  async findUserOrders(
    userId: string,
    page: { offset: number; limit: number },
  ): Promise<{ rows: OrderRecord[]; total: number | undefined }> {
    const rows = await this.db
      .selectFrom("orders")
      .selectAll()
      .select(sql<number>`count(*) over ()`.as("total_count"))
      .where("user_id", "=", userId)
      .where(notAbandoned)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const first = rows[0];
    return { rows, total: first ? Number(first.total_count) : undefined };
  }

  /**
   * The order's name-search words follow its delivery address and its account's name (delete,
   * then insert; in the caller's transaction).
   */
  async replaceNameWords(
    order: Pick<OrderRecord, "id" | "created_at" | "shipping_address" | "user_id">,
  ): Promise<void> {
    await this.db.deleteFrom("order_name_words").where("order_id", "=", order.id).execute();
    const account = order.user_id
      ? await this.db.selectFrom("users").select("name").where("id", "=", order.user_id).executeTakeFirst()
      : undefined;
    const words = nameWordsOf(order.shipping_address, account?.name);
    if (words.length === 0) return;
    await this.db
      .insertInto("order_name_words")
      .values(words.map((word) => ({ word, order_id: order.id, created_at: order.created_at })))
      .execute();
  }

  /** The order whose shipment has this AWB. */
  findByTrackingNumber(awb: string): Promise<OrderRecord | undefined> {
    return this.db.selectFrom("orders").selectAll().where("tracking_number", "=", awb).executeTakeFirst();
  }

  /**
   * Changes an order only while it is in one of the given statuses (and payment statuses): the
   * conditional update behind every move of the lifecycle, so a move happens once however many
   * callers (webhooks, pages, processes) try it. Answers the changed row, or undefined.
   */
  changeIf(
    orderId: string,
    when: {
      status?: readonly OrderStatus[];
      paymentStatus?: readonly PaymentStatus[];
      /** Only while this column is still null (set-once fields such as the AWB). */
      unsetColumn?: "tracking_number" | "shiprocket_order_id" | "packed_at" | "returned_at";
      /** Only while `ndr_action` is not this (null passes): no second answer after a return. */
      ndrActionNot?: "return";
      /** Only while the order is unchanged since it was read (an edit's version check). */
      updatedAt?: string;
    },
    changes: UpdateObject<Database, "orders">,
  ): Promise<OrderRecord | undefined> {
    if (when.status?.length === 0 || when.paymentStatus?.length === 0) return Promise.resolve(undefined);
    return this.db
      .updateTable("orders")
      .set(changes)
      .where("id", "=", orderId)
      .$if(when.status !== undefined, (query) => query.where("status", "in", [...(when.status ?? [])]))
      .$if(when.paymentStatus !== undefined, (query) =>
        query.where("payment_status", "in", [...(when.paymentStatus ?? [])]),
      )
      .$if(when.unsetColumn !== undefined, (query) => query.where(when.unsetColumn!, "is", null))
      .$if(when.ndrActionNot !== undefined, (query) =>
        query.where((eb) => eb.or([eb("ndr_action", "is", null), eb("ndr_action", "!=", when.ndrActionNot!)])),
      )
      .$if(when.updatedAt !== undefined, (query) => query.where("updated_at", "=", when.updatedAt!))
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Adds a person's refund to the order's refunded amount, only while the total stays within
   * `paid` and the payment is in one of `from`: two refunds at once can never pass what was paid.
   */
  addRefunded(
    orderId: string,
    amount: number,
    paid: number,
    from: readonly PaymentStatus[],
    now: string,
  ): Promise<OrderRecord | undefined> {
    return this.db
      .updateTable("orders")
      .set((eb) => ({
        refunded_amount: eb("refunded_amount", "+", amount),
        payment_status: sql<PaymentStatus>`case when ${sql.ref("refunded_amount")} + ${amount} >= ${paid} then 'REFUNDED' else 'PARTIALLY_REFUNDED' end`,
        updated_at: now,
      }))
      .where("id", "=", orderId)
      .where("payment_status", "in", [...from])
      .where(sql<boolean>`${sql.ref("refunded_amount")} + ${amount} <= ${paid}`)
      .returningAll()
      .executeTakeFirst();
  }

  async countUserOrders(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("user_id", "=", userId)
      .where(notAbandoned)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}

/**
 * Orders of a customer: the user, the e-mail (any case) or the phone; for a user the account's
 * own e-mail and mobile too. Null when the customer gives nothing to match.
 */
function customerMatches(customer: CustomerRef) {
  const email = customer.email?.trim().toLowerCase();
  const userId = customer.userId;
  const matches = [
    userId ? sql`user_id = ${userId}` : null,
    userId ? sql`lower(contact_email) = (select lower(u.email) from users u where u.id = ${userId})` : null,
    userId ? sql`contact_phone = (select u.mobile from users u where u.id = ${userId})` : null,
    email ? sql`lower(contact_email) = ${email}` : null,
    customer.phone ? sql`contact_phone = ${customer.phone}` : null,
  ].filter((match) => match !== null);
  return matches.length === 0 ? null : sql<boolean>`(${sql.join(matches, sql` or `)})`;
}
