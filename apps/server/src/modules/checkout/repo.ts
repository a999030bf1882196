import type { PaymentStatus } from "@vaki/contract/orders";
import type { Insertable, Selectable, Updateable } from "kysely";
import type { Db } from "../../db/connection.js";
import type { OrderRefundsTable, PaymentsTable } from "../../db/schema.js";

export type PaymentRecord = Selectable<PaymentsTable>;
export type OrderRefundRecord = Selectable<OrderRefundsTable>;

/** SQL of payments: one row per gateway checkout of an order. */
export class CheckoutRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repo: CheckoutRepo, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new CheckoutRepo(trx), trx));
  }

  async insertPayment(row: Insertable<PaymentsTable>): Promise<PaymentRecord> {
    return this.db.insertInto("payments").values(row).returningAll().executeTakeFirstOrThrow();
  }

  findByCheckoutId(checkoutId: string): Promise<PaymentRecord | undefined> {
    return this.db.selectFrom("payments").selectAll().where("checkout_id", "=", checkoutId).executeTakeFirst();
  }

  /** The order's most recent checkout (a shopper who starts again gets a new one with some gateways). */
  latestForOrder(orderId: string): Promise<PaymentRecord | undefined> {
    return this.db
      .selectFrom("payments")
      .selectAll()
      .where("order_id", "=", orderId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  /** Checkouts whose outcome the shop has not heard yet, of one order or of any order still unpaid and older than `before`. */
  openCheckouts(where: { orderId: string } | { createdBefore: string; limit: number }): Promise<PaymentRecord[]> {
    let query = this.db
      .selectFrom("payments")
      .innerJoin("orders", "orders.id", "payments.order_id")
      .selectAll("payments")
      .where("payments.status", "in", ["CREATED", "PENDING"]);
    if ("orderId" in where) return query.where("payments.order_id", "=", where.orderId).execute();
    query = query
      .where("orders.status", "=", "CREATED")
      .where("payments.created_at", "<", where.createdBefore)
      .orderBy("payments.created_at")
      .limit(where.limit);
    return query.execute();
  }

  /** The checkout whose online payment confirmed the order (what a refund gives back). */
  paidOnlineFor(orderId: string): Promise<PaymentRecord | undefined> {
    return this.db
      .selectFrom("payments")
      .selectAll()
      .where("order_id", "=", orderId)
      .where("status", "in", ["SUCCESS", "REFUND_PROCESSING", "REFUNDED"])
      .where("payment_type", "=", "PREPAID")
      .orderBy("updated_at", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  async renewToken(id: string, token: string, expiresAt: string, now: string): Promise<void> {
    await this.db
      .updateTable("payments")
      .set({ token, token_expires_at: expiresAt, updated_at: now })
      .where("id", "=", id)
      .execute();
  }

  /** Records what the gateway said, only while the row is in one of `from` (each outcome lands once). */
  recordOutcome(
    id: string,
    from: readonly PaymentStatus[],
    changes: Updateable<PaymentsTable>,
  ): Promise<PaymentRecord | undefined> {
    return this.db
      .updateTable("payments")
      .set(changes)
      .where("id", "=", id)
      .where("status", "in", [...from])
      .returningAll()
      .executeTakeFirst();
  }

  /** Flags a checkout for a person (the first reason wins); answers whether this call flagged it. */
  async flagForReview(id: string, reason: string, raw: string | null, now: string): Promise<boolean> {
    const row = await this.db
      .updateTable("payments")
      .set({ review_reason: reason, raw, updated_at: now })
      .where("id", "=", id)
      .where("review_reason", "is", null)
      .returning("id")
      .executeTakeFirst();
    return row !== undefined;
  }

  /** What the gateway took for a payment flagged for a different amount. */
  async recordGatewayAmount(id: string, amount: number): Promise<void> {
    await this.db.updateTable("payments").set({ gateway_amount: amount }).where("id", "=", id).execute();
  }

  /** Payments flagged for review that nobody has decided on yet, oldest first. */
  paymentsToReview(): Promise<PaymentRecord[]> {
    return this.db
      .selectFrom("payments")
      .selectAll()
      .where("review_reason", "is not", null)
      .where("review_outcome", "is", null)
      .orderBy("updated_at")
      .execute();
  }

  findPayment(id: string): Promise<PaymentRecord | undefined> {
    return this.db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Records the decision on a flagged payment once (answers false when it was already decided). */
  async decideReview(
    id: string,
    outcome: "refunded" | "kept",
    changes: { status?: PaymentStatus; refundId?: string },
    now: string,
  ): Promise<boolean> {
    const row = await this.db
      .updateTable("payments")
      .set({
        review_outcome: outcome,
        reviewed_at: now,
        updated_at: now,
        ...(changes.status ? { status: changes.status } : {}),
        ...(changes.refundId ? { refund_id: changes.refundId } : {}),
      })
      .where("id", "=", id)
      .where("review_outcome", "is", null)
      .returning("id")
      .executeTakeFirst();
    return row !== undefined;
  }

  async recordRefund(id: string, refundId: string, status: PaymentStatus, now: string): Promise<void> {
    await this.db
      .updateTable("payments")
      .set({ refund_id: refundId, status, updated_at: now })
      .where("id", "=", id)
      .execute();
  }

  insertStaffRefund(row: Insertable<OrderRefundsTable>): Promise<OrderRefundRecord> {
    return this.db.insertInto("order_refunds").values(row).returningAll().executeTakeFirstOrThrow();
  }

  findStaffRefund(id: number): Promise<OrderRefundRecord | undefined> {
    return this.db.selectFrom("order_refunds").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** Settles a refund still processing (never one already settled: a replayed handler changes nothing). */
  async settleStaffRefund(id: number, status: "completed" | "failed", reference: string | null): Promise<void> {
    await this.db
      .updateTable("order_refunds")
      .set({ status, reference })
      .where("id", "=", id)
      .where("status", "=", "processing")
      .execute();
  }

  async insertRefundLines(
    refundId: number,
    lines: readonly { orderItemId: number; quantity: number; amount: number }[],
  ): Promise<void> {
    if (lines.length === 0) return;
    await this.db
      .insertInto("order_refund_lines")
      .values(
        lines.map((line) => ({
          refund_id: refundId,
          order_item_id: line.orderItemId,
          quantity: line.quantity,
          amount: line.amount,
        })),
      )
      .execute();
  }

  /** One refund's lines (empty for a refund by amount). */
  async refundLinesOf(refundId: number): Promise<{ orderItemId: number; quantity: number; amount: number }[]> {
    return this.db
      .selectFrom("order_refund_lines")
      .select(["order_item_id as orderItemId", "quantity", "amount"])
      .where("refund_id", "=", refundId)
      .orderBy("id")
      .execute();
  }

  /** Units and paise already refunded per order line (refunds by line only). */
  async refundedLinesOf(orderId: string): Promise<Map<number, { quantity: number; amount: number }>> {
    const rows = await this.db
      .selectFrom("order_refund_lines")
      .innerJoin("order_refunds", "order_refunds.id", "order_refund_lines.refund_id")
      .select((eb) => [
        "order_refund_lines.order_item_id as orderItemId",
        eb.fn.sum<number | string>("order_refund_lines.quantity").as("quantity"),
        eb.fn.sum<number | string>("order_refund_lines.amount").as("amount"),
      ])
      .where("order_refunds.order_id", "=", orderId)
      .groupBy("order_refund_lines.order_item_id")
      .execute();
    // PostgreSQL answers sum() of integers as a string (bigint).
    return new Map(
      rows.map((row) => [row.orderItemId, { quantity: Number(row.quantity), amount: Number(row.amount) }]),
    );
  }

  staffRefundsOf(orderId: string): Promise<OrderRefundRecord[]> {
    return this.db.selectFrom("order_refunds").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
  }
}
