import { inboxMessages as im, type RefundRequest } from "@vaki/contract/admin/inbox";
import type { Db } from "../../db/connection.js";
import { Conflict, InvalidInput, NotFound } from "../../lib/errors.js";
import type { CheckoutResult } from "../../providers/payment/payment-provider.js";
import { RefundNotSupported } from "../../providers/payment/payment-provider.js";
import { staffRefundablePaymentStatuses } from "../orders/status.js";
import type { OrderItemRecord, OrderRecord } from "../orders/types.js";
import { outboxMessages } from "../outbox/messages.js";
import type { OrderRefundRecord, PaymentRecord } from "./repo.js";
import { type CheckoutServiceDeps, contactOf, gatewayFacts } from "./types.js";

type RefundDeps = Pick<
  CheckoutServiceDeps,
  "repo" | "clock" | "log" | "provider" | "orders" | "lifecycle" | "inventory" | "promotions" | "outbox" | "creditNotes"
>;

/** What a line paid: its taxable value and tax (after its share of the discount), else its total less that share. */
function paidOf(item: OrderItemRecord): number {
  if (item.taxable_value !== null && item.tax_amount !== null) return item.taxable_value + item.tax_amount;
  return item.line_total - (item.discount_amount ?? 0);
}

/** A line's units still refundable by line, and what one unit paid. */
export interface RefundableLine {
  orderItemId: number;
  quantity: number;
  paidPerUnit: number;
}

/** Money going back: orders that cannot be fulfilled after payment, and the gateway refund itself. */
export class Refunds {
  constructor(private readonly deps: RefundDeps) {}

  /**
   * Outbox handler of `refund-payment`: gives the online payment of a cancelled order back.
   * COMPLETED → REFUNDED; a gateway without a refund API leaves REFUND_PROCESSING (logged: refund
   * in its dashboard). A payment already refunded is not refunded again.
   */
  async refund(orderId: string): Promise<void> {
    const payment = await this.deps.repo.paidOnlineFor(orderId);
    const found = await this.deps.orders.findRecord(orderId);
    if (!payment || !found) {
      this.deps.log.warn({ orderId }, "nothing paid online for this order; no refund to make");
      return;
    }
    if (payment.refund_id || payment.status === "REFUNDED") {
      if (payment.status === "REFUNDED") await this.deps.lifecycle.markRefunded(orderId);
      return;
    }
    // What a person refunded already (issue 28) is not given back twice.
    const amount = payment.amount - found.record.refunded_amount;
    if (amount <= 0) {
      await this.deps.lifecycle.markRefunded(orderId);
      return;
    }
    try {
      const refund = await this.deps.provider.refund({
        checkoutId: payment.checkout_id,
        paymentId: payment.payment_id,
        amount,
        reason: `Order ${found.record.order_number} cancelled`,
        // Once per payment, even when a crash repeats this handler after the gateway answered.
        idempotencyKey: `payment-refund:${payment.id}`,
      });
      const completed = refund.status === "COMPLETED";
      await this.deps.repo.recordRefund(
        payment.id,
        refund.refundId,
        completed ? "REFUNDED" : "REFUND_PROCESSING",
        this.deps.clock.now().toISOString(),
      );
      // An order refunded after its invoice was issued gets a credit note (once per refund).
      await this.deps.creditNotes?.creditNoteForRefund(orderId, `refund:${refund.refundId}`, amount);
      if (completed) await this.deps.lifecycle.markRefunded(orderId);
    } catch (error) {
      if (!(error instanceof RefundNotSupported)) throw error;
      this.deps.log.warn(
        { orderId, checkoutId: payment.checkout_id, amount: payment.amount },
        `${error.message}; the order stays REFUND_PROCESSING`,
      );
    }
  }

  /**
   * Money for an order that cannot be fulfilled (stock sold out meanwhile, or the order was
   * cancelled while the shopper paid): the order ends CANCELLED, an online payment goes to
   * REFUND_PROCESSING with a refund and an e-mail in the outbox; cash on delivery is just cancelled.
   */
  async refundUnfulfillable(
    payment: PaymentRecord,
    paymentStatus: "SUCCESS" | "COD_PENDING",
    result: CheckoutResult,
    order: OrderRecord,
    why: string,
  ): Promise<void> {
    const gateway = gatewayFacts(paymentStatus, result, this.deps.clock);
    const online = paymentStatus === "SUCCESS";
    const contact = contactOf(result);
    const { lifecycle, outbox } = this.deps;
    const changed = await this.deps.repo.transaction(async (repo, trx) => {
      const cancelledNow = await lifecycle.cancelUnfulfillable(
        trx,
        order.id,
        online ? "REFUND_PROCESSING" : "CANCELLED",
        why,
        contact,
      );
      const moved =
        cancelledNow ?? (online ? await lifecycle.refundLateCapture(trx, order.id, why, contact) : undefined);
      await repo.recordOutcome(payment.id, ["CREATED", "PENDING", "FAILED"], gateway);
      if (!moved) return false;
      if (cancelledNow) {
        await this.deps.inventory.releaseHold(trx, order.id);
        await this.deps.promotions.releaseUses(trx, [order.promo_code]);
      }
      if (online) await outbox.enqueue(trx, outboxMessages.refundPayment(order.id));
      const reason = cancelledNow ? "sold-out" : "late-payment";
      await outbox.enqueue(trx, outboxMessages.orderCancelledMail(order.id, reason));
      return true;
    });
    if (changed) {
      this.deps.log.warn(
        { orderId: order.id, checkoutId: payment.checkout_id, why },
        "payment refunded: order cannot be fulfilled",
      );
      outbox.tick();
    }
  }

  /**
   * What a person may refund of an order: the online payment (through the gateway), or a cash on
   * delivery order's collected total (recorded as a bank or UPI transfer); minus what was refunded.
   */
  async refundableOf(
    record: OrderRecord,
  ): Promise<{ paid: number; refundable: number; method: "gateway" | "transfer" } | null> {
    const payment = await this.deps.repo.paidOnlineFor(record.id);
    const collectedCod =
      record.payment_status === "COD_COMPLETED" ||
      (record.payment_status === "PARTIALLY_REFUNDED" && record.cod_state !== null);
    const paid = payment ? payment.amount : collectedCod ? record.total : 0;
    if (paid === 0) return null;
    const refundable = staffRefundablePaymentStatuses.includes(record.payment_status)
      ? Math.max(0, paid - record.refunded_amount)
      : 0;
    return { paid, refundable, method: payment ? "gateway" : "transfer" };
  }

  /** Each line's units not refunded by line yet (what the order page's "By line" offers). */
  async refundableLinesOf(orderId: string, items: readonly OrderItemRecord[]): Promise<RefundableLine[]> {
    const refunded = await this.deps.repo.refundedLinesOf(orderId);
    return items.map((item) => ({
      orderItemId: item.id,
      quantity: Math.max(0, item.quantity - (refunded.get(item.id)?.quantity ?? 0)),
      paidPerUnit: Math.round(paidOf(item) / item.quantity),
    }));
  }

  /**
   * A refund by line's amount: each line's paid value × units / the line's units (its last units
   * take what is left of the line, so rounding never adds up to more than it paid), capped by
   * what remains refundable. Field errors name the line that is unknown or refunded already.
   */
  private async amountOfLines(
    orderId: string,
    items: readonly OrderItemRecord[],
    requested: NonNullable<RefundRequest["lines"]>,
    refundable: number,
  ): Promise<{ amount: number; lines: { orderItemId: number; quantity: number; amount: number }[] }> {
    const refunded = await this.deps.repo.refundedLinesOf(orderId);
    const wanted = new Map<number, { quantity: number; index: number }>();
    for (const [index, line] of requested.entries()) {
      if (line.quantity === 0) continue;
      const before = wanted.get(line.orderItemId);
      wanted.set(line.orderItemId, { quantity: (before?.quantity ?? 0) + line.quantity, index });
    }
    let left = refundable;
    const lines: { orderItemId: number; quantity: number; amount: number }[] = [];
    for (const [orderItemId, { quantity, index }] of wanted) {
      const item = items.find((candidate) => candidate.id === orderItemId);
      if (!item) {
        throw new InvalidInput(im.refundLineUnknown, {
          fieldErrors: { [`lines.${index}.orderItemId`]: [im.refundLineUnknown] },
        });
      }
      const done = refunded.get(orderItemId) ?? { quantity: 0, amount: 0 };
      const unitsLeft = item.quantity - done.quantity;
      if (quantity > unitsLeft) {
        const message = im.refundLineTooMany(Math.max(0, unitsLeft));
        throw new InvalidInput(message, { fieldErrors: { [`lines.${index}.quantity`]: [message] } });
      }
      const paid = paidOf(item);
      const share = quantity === unitsLeft ? paid - done.amount : Math.round((paid * quantity) / item.quantity);
      const amount = Math.max(0, Math.min(share, left));
      left -= amount;
      lines.push({ orderItemId, quantity, amount });
    }
    return { amount: lines.reduce((sum, line) => sum + line.amount, 0), lines };
  }

  /**
   * A person's refund (issue 28), in one transaction: the order's refunded amount (never above
   * what was paid, checked by the update itself), the refund's row and, for the gateway, an
   * outbox row that asks it after the commit (so a crash neither loses nor repeats the refund);
   * `alsoInTransaction` writes the audit event.
   */
  async refundByStaff(
    orderId: string,
    request: RefundRequest,
    staffId: string | null,
    alsoInTransaction: (trx: Db, order: OrderRecord, refund: OrderRefundRecord) => Promise<void>,
    /** Sees the amount before anything is written (the route's step-up above Rs 10,000). */
    approve?: (amount: number) => void,
  ): Promise<{ order: OrderRecord; refund: OrderRefundRecord }> {
    const found = await this.deps.orders.findRecord(orderId);
    if (!found) throw new NotFound(im.orderChanged);
    const { record } = found;
    const refundable = await this.refundableOf(record);
    if (!refundable) throw new Conflict(im.nothingPaid);
    if (refundable.refundable === 0) throw new Conflict(im.notRefundable);
    const method = request.method ?? "gateway";
    if (refundable.method === "gateway" && method !== "gateway") {
      throw new InvalidInput(im.prepaidRefundMethod, { fieldErrors: { method: [im.prepaidRefundMethod] } });
    }
    if (refundable.method === "transfer" && method === "gateway") {
      throw new InvalidInput(im.codRefundMethod, { fieldErrors: { method: [im.codRefundMethod] } });
    }
    const byLine = (request.lines ?? []).some((line) => line.quantity > 0);
    if (byLine && request.amount !== undefined) {
      throw new InvalidInput(im.refundLinesOrAmount, { fieldErrors: { amount: [im.refundLinesOrAmount] } });
    }
    const { amount, lines } = byLine
      ? await this.amountOfLines(orderId, found.items, request.lines ?? [], refundable.refundable)
      : { amount: request.amount ?? 0, lines: [] };
    if (amount <= 0) {
      throw new InvalidInput(im.refundAmountRequired, { fieldErrors: { amount: [im.refundAmountRequired] } });
    }
    if (amount > refundable.refundable) {
      const max = im.refundTooLarge(`Rs ${(refundable.refundable / 100).toFixed(2)}`);
      throw new InvalidInput(max, { fieldErrors: { amount: [max] } });
    }
    approve?.(amount);
    const result = await this.deps.repo.transaction(async (repo, trx) => {
      const moved = await this.deps.lifecycle.recordStaffRefund(trx, orderId, amount, refundable.paid);
      if (!moved) throw new Conflict(im.orderChanged);
      const refund = await repo.insertStaffRefund({
        order_id: orderId,
        amount,
        reason: request.reason,
        method,
        reference: method === "gateway" ? null : (request.reference ?? null),
        status: method === "gateway" ? "processing" : "completed",
        staff_user_id: staffId,
        created_at: this.deps.clock.now().toISOString(),
      });
      if (lines.length > 0) {
        await repo.insertRefundLines(refund.id, lines);
        // The order's row is locked by the update above, so this re-count sees every refund before it.
        const counted = await repo.refundedLinesOf(orderId);
        const over = found.items.some((item) => (counted.get(item.id)?.quantity ?? 0) > item.quantity);
        if (over) throw new Conflict(im.orderChanged);
      }
      // The gateway call (and, for every refund, its credit note) after the commit, once.
      await this.deps.outbox.enqueue(trx, outboxMessages.staffRefund(refund.id));
      await alsoInTransaction(trx, moved, refund);
      return { order: moved, refund };
    });
    this.deps.log.info({ orderId, amount, method, lines: lines.length }, "refund by staff recorded");
    this.deps.outbox.tick();
    return result;
  }

  /** Outbox handler of `staff-refund`: asks the gateway for a recorded refund still processing. */
  async settleStaffRefund(refundId: number): Promise<void> {
    const refund = await this.deps.repo.findStaffRefund(refundId);
    if (!refund) return;
    const creditNote = async () => {
      // A refund by line credits those lines; one by amount, every line in proportion.
      const lines = await this.deps.repo.refundLinesOf(refund.id);
      await this.deps.creditNotes?.creditNoteForRefund(
        refund.order_id,
        `staff-refund:${refund.id}`,
        refund.amount,
        lines,
      );
    };
    // A bank or UPI transfer was made by the person: only its credit note is left to issue.
    if (refund.status === "completed" && refund.method !== "gateway") {
      await creditNote();
      return;
    }
    if (refund.status !== "processing") return;
    const payment = await this.deps.repo.paidOnlineFor(refund.order_id);
    if (!payment) {
      this.deps.log.error({ refundId, orderId: refund.order_id }, "staff refund without an online payment");
      await this.deps.repo.settleStaffRefund(refundId, "failed", null);
      return;
    }
    try {
      const answer = await this.deps.provider.refund({
        checkoutId: payment.checkout_id,
        paymentId: payment.payment_id,
        amount: refund.amount,
        reason: `Refund ${refundId}: ${refund.reason}`,
        // A SIGKILL between the gateway's answer and settleStaffRefund re-runs this row: same refund, not a second.
        idempotencyKey: `staff-refund:${refundId}`,
      });
      await this.deps.repo.settleStaffRefund(refundId, "completed", answer.refundId);
      await creditNote();
    } catch (error) {
      if (!(error instanceof RefundNotSupported)) throw error;
      this.deps.log.warn(
        { refundId, orderId: refund.order_id, amount: refund.amount },
        `${error.message}; refund it in the gateway's dashboard`,
      );
    }
  }

  staffRefundsOf(orderId: string): Promise<OrderRefundRecord[]> {
    return this.deps.repo.staffRefundsOf(orderId);
  }
}
