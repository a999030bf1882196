import { codMessages } from "@vaki/contract/messages";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { Conflict, NotFound } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import { formatOrderAmount } from "../../lib/money.js";
import { renderMail } from "../../providers/mail/layout.js";
import { type Mailer, sendWithoutFailing } from "../../providers/mail/mailer.js";
import type { PaymentProvider } from "../../providers/payment/payment-provider.js";
import { outboxMessages } from "../outbox/messages.js";
import type { Outbox } from "../outbox/service.js";
import type { CheckoutRepo, PaymentRecord } from "./repo.js";

/** A payment a person should look at (the admin's mismatch alert lists these). */
export interface PaymentToReview {
  paymentId: string;
  orderId: string;
  checkoutId: string;
  reason: string;
  /** Paise of the order. */
  orderAmount: number;
  /** Paise the gateway says it took (null when the flag was not about the amount). */
  gatewayAmount: number | null;
  flaggedAt: string;
}

/**
 * Money never stranded: a payment the gateway reports for another amount than its order's is
 * never applied to the order; it is refunded at once (MISMATCHED_PAYMENT=refund, the default),
 * or kept for a person (=keep), who gets an e-mail at OWNER_EMAIL and decides with `resolve`.
 * Both go through the outbox, so a refund that fails is retried, and the hold sweep cancelling
 * the order changes nothing about the payment.
 */
export class PaymentReviewService {
  constructor(
    private readonly deps: {
      db: Db;
      repo: CheckoutRepo;
      provider: PaymentProvider;
      outbox: Outbox;
      mailer: Mailer;
      clock: Clock;
      log: Logger;
      shop: { name: string };
      mode: "refund" | "keep";
      ownerEmail: string | undefined;
    },
  ) {}

  /** The payment was just flagged for `gatewayAmount` paise against its order's total: refund it or alert the owner. */
  async amountMismatch(payment: PaymentRecord, gatewayAmount: number): Promise<void> {
    await this.deps.repo.recordGatewayAmount(payment.id, gatewayAmount);
    const message =
      this.deps.mode === "refund"
        ? outboxMessages.refundMismatchedPayment(payment.id)
        : outboxMessages.paymentReviewAlert(payment.id);
    await this.deps.db.transaction().execute((trx) => this.deps.outbox.enqueue(trx, message));
    this.deps.outbox.tick();
  }

  /** Payments flagged and not yet decided, oldest first. */
  async listToReview(): Promise<PaymentToReview[]> {
    return (await this.deps.repo.paymentsToReview()).map((payment) => ({
      paymentId: payment.id,
      orderId: payment.order_id,
      checkoutId: payment.checkout_id,
      reason: payment.review_reason ?? "",
      orderAmount: payment.amount,
      gatewayAmount: payment.gateway_amount,
      flaggedAt: payment.updated_at,
    }));
  }

  /** A person decides on a flagged payment: give it back, or keep it (settled by hand). 404 unknown, 409 decided. */
  async resolve(
    paymentId: string,
    decision: "refund" | "keep",
    by: string,
    alsoInTransaction?: (trx: Db, payment: PaymentRecord) => Promise<void>,
  ): Promise<void> {
    const payment = await this.deps.repo.findPayment(paymentId);
    if (!payment?.review_reason) throw new NotFound(codMessages.paymentNotInReview);
    if (payment.review_outcome) throw new Conflict(codMessages.paymentNotInReview);
    if (decision === "refund") {
      if (!(await this.refund(paymentId, alsoInTransaction))) throw new Conflict(codMessages.paymentNotInReview);
    } else {
      const kept = await this.deps.repo.transaction(async (repo, trx) => {
        if (!(await repo.decideReview(paymentId, "kept", {}, this.now()))) return false;
        await alsoInTransaction?.(trx, payment);
        return true;
      });
      if (!kept) throw new Conflict(codMessages.paymentNotInReview);
    }
    this.deps.log.info({ paymentId, decision, by }, "flagged payment decided");
  }

  /**
   * Outbox handler of `refund-mismatched-payment` (and a person's "refund"): gives back what the
   * gateway took, once. Answers whether this call recorded the refund.
   */
  async refund(
    paymentId: string,
    alsoInTransaction?: (trx: Db, payment: PaymentRecord) => Promise<void>,
  ): Promise<boolean> {
    const payment = await this.deps.repo.findPayment(paymentId);
    if (!payment || payment.review_outcome) return false;
    const amount = payment.gateway_amount ?? payment.amount;
    const refund = await this.deps.provider.refund({
      checkoutId: payment.checkout_id,
      paymentId: payment.payment_id,
      amount,
      reason: "Paid amount differs from the order's total",
      idempotencyKey: `review-refund:${payment.id}`,
    });
    const status = refund.status === "COMPLETED" ? "REFUNDED" : "REFUND_PROCESSING";
    const recorded = await this.deps.repo.transaction(async (repo, trx) => {
      if (!(await repo.decideReview(paymentId, "refunded", { status, refundId: refund.refundId }, this.now()))) {
        return false;
      }
      await alsoInTransaction?.(trx, payment);
      return true;
    });
    this.deps.log.warn(
      { orderId: payment.order_id, checkoutId: payment.checkout_id, amount },
      "payment for a different amount than its order refunded",
    );
    return recorded;
  }

  /** Outbox handler of `payment-review-alert`: e-mails the owner (OWNER_EMAIL), or logs when none is set. */
  async alertOwner(paymentId: string): Promise<void> {
    const payment = await this.deps.repo.findPayment(paymentId);
    if (!payment) return;
    const facts = {
      orderId: payment.order_id,
      checkoutId: payment.checkout_id,
      reason: payment.review_reason,
    };
    if (!this.deps.ownerEmail) {
      this.deps.log.error(facts, "payment kept for review; set OWNER_EMAIL to be told by e-mail");
      return;
    }
    const took = payment.gateway_amount ?? payment.amount;
    const body = renderMail({
      shopName: this.deps.shop.name,
      greeting: "Hello,",
      paragraphs: [
        `A payment of ${formatOrderAmount(took)} came in for an order of ${formatOrderAmount(payment.amount)}, so the order was not confirmed.`,
        `Order ${payment.order_id}, checkout ${payment.checkout_id}: ${payment.review_reason ?? "flagged for review"}.`,
        "It is kept until you decide in the admin: refund it, or keep it and settle with the shopper yourself.",
      ],
    });
    await sendWithoutFailing(this.deps.mailer, this.deps.log, {
      to: this.deps.ownerEmail,
      subject: `${this.deps.shop.name}: a payment needs your decision`,
      ...body,
    });
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }
}
