import type { CheckoutDetails, CheckoutSessionAnswer } from "@vaki/contract/checkout";
import { checkoutMessages as m } from "@vaki/contract/messages";
import type { Db } from "../../db/connection.js";
import { NotFound } from "../../lib/errors.js";
import {
  type PaymentProvider,
  PaymentProviderError,
  type WebhookRequest,
} from "../../providers/payment/payment-provider.js";
import { paidPaymentStatuses } from "../orders/status.js";
import { outboxMessages } from "../outbox/messages.js";
import { ConfirmationMail } from "./confirmation-mail.js";
import { CheckoutNotAuthorised } from "./errors.js";
import { FirstOrderCheck } from "./first-order-check.js";
import { PaymentOutcomes } from "./payment-outcome.js";
import { type InitiateInput, PaymentStart } from "./payment-start.js";
import { Reconciliation } from "./reconciliation.js";
import { Refunds } from "./refunds.js";
import type { CheckoutReader, CheckoutServiceDeps, PaymentState } from "./types.js";

/**
 * Hosted checkout and payment confirmation: what routes, the sandbox page and the outbox call.
 * Each job lives in its own part (start, outcome, reconciliation, refunds, confirmation mail);
 * this class builds them once and answers the confirmation page's details.
 */
export class CheckoutService {
  private readonly start: PaymentStart;
  private readonly outcomes: PaymentOutcomes;
  private readonly reconciliation: Reconciliation;
  private readonly refunds: Refunds;
  private readonly mail: ConfirmationMail;
  private readonly firstOrder: FirstOrderCheck;

  constructor(private readonly deps: CheckoutServiceDeps) {
    this.start = new PaymentStart(deps);
    this.firstOrder = new FirstOrderCheck(deps);
    this.refunds = new Refunds(deps);
    this.outcomes = new PaymentOutcomes(deps, this.firstOrder, this.refunds);
    this.reconciliation = new Reconciliation(deps, this.outcomes);
    this.mail = new ConfirmationMail(deps);
  }

  get providerName(): PaymentProvider["name"] {
    return this.deps.provider.name;
  }

  initiate(input: InitiateInput): Promise<CheckoutSessionAnswer> {
    return this.start.initiate(input);
  }

  resolveRedirect(given: string | undefined, orderId: string, origin?: string): string {
    return this.start.resolveRedirect(given, orderId, origin);
  }

  /** POST /api/checkout/webhook: the gateway's signed call is only a trigger (401 when forged). */
  async receiveWebhook(request: WebhookRequest): Promise<PaymentState> {
    const { checkoutId } = await this.deps.provider.verifyWebhook(request);
    return this.outcomes.applyPaymentOutcome(checkoutId);
  }

  applyPaymentOutcome(checkoutId: string): Promise<PaymentState> {
    return this.outcomes.applyPaymentOutcome(checkoutId);
  }

  reconcileOrder(orderId: string): Promise<void> {
    return this.reconciliation.reconcileOrder(orderId);
  }

  reconcileStaleCheckouts(olderThanMs?: number, limit?: number): Promise<number> {
    return this.reconciliation.reconcileStaleCheckouts(olderThanMs, limit);
  }

  /** Outbox handler of `refund-payment`. */
  refund(orderId: string): Promise<void> {
    return this.refunds.refund(orderId);
  }

  /** The admin's refunds (issue 28): what may be refunded, a refund, its gateway call (outbox), the list. */
  get staffRefunds(): Pick<
    Refunds,
    "refundableOf" | "refundableLinesOf" | "refundByStaff" | "settleStaffRefund" | "staffRefundsOf"
  > {
    return this.refunds;
  }

  /**
   * The confirmation e-mail again, asked for by a person: an outbox row of its own written with
   * `alsoInTransaction` (the audit event), sent after the commit.
   */
  async resendConfirmationByStaff(
    orderId: string,
    requestId: string,
    alsoInTransaction: (trx: Db) => Promise<void>,
  ): Promise<void> {
    await this.deps.repo.transaction(async (_repo, trx) => {
      await this.deps.outbox.enqueue(trx, outboxMessages.orderConfirmedMailAgain(orderId, requestId));
      await alsoInTransaction(trx);
    });
    this.deps.outbox.tick();
  }

  resendConfirmation(orderId: string, reader: CheckoutReader): Promise<{ sent: boolean; message: string }> {
    return this.mail.resend(orderId, reader);
  }

  /** Outbox handler of `order-confirmed-mail`. */
  deliverConfirmation(orderId: string): Promise<void> {
    return this.mail.deliver(orderId);
  }

  reusedFirstOrderCode(orderId: string, contact: { email: string; phone: string }): Promise<string | null> {
    return this.firstOrder.reusedCode(orderId, contact);
  }

  /** Whether the order still awaits payment; "cancelled" or "settled" (paid by another checkout) when not. */
  async payability(orderId: string): Promise<"payable" | "cancelled" | "settled"> {
    const found = await this.deps.orders.findRecord(orderId);
    if (!found) return "payable";
    if (found.record.status === "CANCELLED") return "cancelled";
    // A COD order waiting to be confirmed is placed: not to be paid again.
    return found.record.status === "CREATED" && found.record.payment_status !== "COD_PENDING" ? "payable" : "settled";
  }

  /**
   * GET /api/checkout/{checkoutId}/details?type=payment: applies the gateway's word first (the
   * confirmation page's check), then answers in the spec's shape: with the addresses for the
   * order's owner (user or secret), without them for its guest session alone. Anyone else: 403.
   */
  async details(checkoutId: string, reader: CheckoutReader): Promise<CheckoutDetails> {
    const payment = await this.deps.repo.findByCheckoutId(checkoutId);
    if (!payment) throw new NotFound(m.checkoutNotFound);
    const owned = await this.deps.orders.findRecord(payment.order_id);
    const access = owned ? this.deps.orders.accessOf(owned.record, reader) : null;
    if (!owned || !access) throw new CheckoutNotAuthorised();
    let status: PaymentState["status"] = "PENDING";
    try {
      status = (await this.outcomes.applyPaymentOutcome(checkoutId)).status;
    } catch (error) {
      // The gateway is down: answer what the shop knows; the page can ask again.
      if (!(error instanceof PaymentProviderError)) throw error;
      this.deps.log.warn({ err: error, checkoutId }, "payment gateway unreachable; answering the stored state");
      status =
        payment.status === "FAILED" ? "FAILED" : paidPaymentStatuses.includes(payment.status) ? "SUCCESS" : "PENDING";
    }
    const fresh = (await this.deps.orders.findRecord(payment.order_id)) ?? owned;
    const paid = (await this.deps.repo.findByCheckoutId(checkoutId)) ?? payment;
    const order = this.deps.orders.present(fresh.record, fresh.items);
    // The guest session alone learns how the payment ended, never where the parcel goes.
    const shippingAddress = access === "owner" ? order.shippingAddress : null;
    const billingAddress = access === "owner" ? order.billingAddress : null;
    return {
      paymentDetails: {
        status: order.paymentStatus,
        paymentId: paid.payment_id,
        gatewayTransactionId: paid.gateway_transaction_id,
        amount: paid.amount,
        paymentType: paid.payment_type,
        currency: "INR",
      },
      status,
      orderStatus: order.status,
      orderDetails: { orderId: order.id, orderNumber: order.orderNumber, shippingAddress, billingAddress },
      shiprocketDetails: {
        total_amount: paid.amount,
        shipping_address: shippingAddress,
        billing_address: billingAddress,
      },
      transactionHistory: { result: { payments: [{ created_at: paid.created_at }] } },
    };
  }
}
