import type { CheckoutResult } from "../../providers/payment/payment-provider.js";
import { RefundNotSupported } from "../../providers/payment/payment-provider.js";
import type { OrderRecord } from "../orders/types.js";
import { outboxMessages } from "../outbox/messages.js";
import type { PaymentRecord } from "./repo.js";
import { type CheckoutServiceDeps, contactOf, gatewayFacts } from "./types.js";

type RefundDeps = Pick<
  CheckoutServiceDeps,
  "repo" | "clock" | "log" | "provider" | "orders" | "lifecycle" | "inventory" | "promotions" | "outbox" | "creditNotes"
>;

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
    try {
      const refund = await this.deps.provider.refund({
        checkoutId: payment.checkout_id,
        paymentId: payment.payment_id,
        amount: payment.amount,
        reason: `Order ${found.record.order_number} cancelled`,
      });
      const completed = refund.status === "COMPLETED";
      await this.deps.repo.recordRefund(
        payment.id,
        refund.refundId,
        completed ? "REFUNDED" : "REFUND_PROCESSING",
        this.deps.clock.now().toISOString(),
      );
      // An order refunded after its invoice was issued gets a credit note (once per refund).
      await this.deps.creditNotes?.creditNoteForRefund(orderId, `refund:${refund.refundId}`, payment.amount);
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
}
