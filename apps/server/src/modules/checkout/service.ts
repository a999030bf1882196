import { randomUUID } from "node:crypto";
import type { CheckoutDetails, CheckoutSessionAnswer } from "@vaki/contract/checkout";
import { cartMessages, checkoutMessages as m } from "@vaki/contract/messages";
import type { PaymentStatus } from "@vaki/contract/orders";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { Conflict, InvalidInput, NotFound } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import { consumeOrThrow, type RateLimiter, type RateLimitRule } from "../../lib/rate-limit/rate-limiter.js";
import { type Mailer, sendWithoutFailing } from "../../providers/mail/mailer.js";
import {
  type CheckoutOrder,
  type CheckoutResult,
  type PaymentProvider,
  PaymentProviderError,
  RefundNotSupported,
  type WebhookRequest,
} from "../../providers/payment/payment-provider.js";
import type { Serviceability, ServiceabilityQuery } from "../../providers/shipping/shipping-provider.js";
import type { CartService } from "../cart/service.js";
import type { InventoryService } from "../inventory/service.js";
import type { OrderLifecycleService } from "../orders/lifecycle.js";
import { orderPageLink } from "../orders/mail-sections.js";
import type { OrderItemRecord, OrderRecord } from "../orders/repo.js";
import type { OrderReader, OrdersService } from "../orders/service.js";
import { paidPaymentStatuses } from "../orders/status.js";
import { outboxMessages } from "../outbox/messages.js";
import type { Outbox } from "../outbox/service.js";
import type { PromotionsService } from "../promotions/service.js";
import { CheckoutNotAuthorised, StockGone } from "./errors.js";
import { orderConfirmationMail } from "./mail-templates.js";
import type { CheckoutRepo, PaymentRecord } from "./repo.js";

/** The confirmation e-mail may be asked for again at most once a minute per order. */
export const confirmationResendRule: RateLimitRule = { name: "order-mail-resend", limit: 1, windowMs: 60_000 };

/** Shiprocket's hosted-checkout bundle; the staging bundle goes with the staging API (integrations doc §1). */
export function shiprocketScriptUrl(apiUrl: string): string {
  return /pickrr\.com|fastrr-api-dev/.test(apiUrl)
    ? "https://customcheckoutfastrr.netlify.app/assets/js/channels/shopify.js"
    : "https://checkout-ui.shiprocket.com/assets/js/channels/shopify.js";
}

export interface CheckoutServiceDeps {
  repo: CheckoutRepo;
  clock: Clock;
  log: Logger;
  provider: PaymentProvider;
  /** The browser script the storefront loads for this provider. */
  scriptUrl: string;
  /** A fresh token on the same session, where the gateway allows it (the sandbox); null: start a new one. */
  renewToken?: ((checkoutId: string) => Promise<{ token: string; expiresAt: string } | null>) | undefined;
  orders: OrdersService;
  lifecycle: OrderLifecycleService;
  inventory: InventoryService;
  cart: CartService;
  promotions: PromotionsService;
  outbox: Outbox;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  serviceability: (query: ServiceabilityQuery) => Promise<Serviceability>;
  shop: { name: string; publicUrl: string };
}

/** Who asks about a checkout or an order's e-mail: its user, or the guest session (secret when known). */
export type CheckoutReader = OrderReader;

/** What applying the gateway's word did (for the webhook's answer). */
export interface PaymentState {
  checkoutId: string;
  status: "SUCCESS" | "FAILED" | "PENDING";
  orderStatus: OrderRecord["status"];
  paymentStatus: PaymentStatus;
}

const gatewayStatus = (outcome: CheckoutResult["outcome"]): PaymentState["status"] =>
  outcome === "COD" ? "SUCCESS" : outcome;

const online = (status: PaymentStatus) => status === "SUCCESS";

const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * Hosted checkout and payment confirmation (issue 6). `initiate` asks the gateway for a token for
 * the server's order (never the browser's amounts); `applyPaymentOutcome` is the one place an
 * order learns it was paid — called by the webhook and by the confirmation page — and always
 * re-fetches the gateway's word, moving the order forward once, in one transaction with its stock,
 * cart and outbox rows, however many times and in whatever order it is called.
 */
export class CheckoutService {
  constructor(private readonly deps: CheckoutServiceDeps) {}

  get providerName(): PaymentProvider["name"] {
    return this.deps.provider.name;
  }

  /**
   * Starts (or resumes) the hosted checkout of an unpaid order of the caller. A second call for
   * the same order gets a fresh token on the same checkout where the gateway allows it.
   */
  async initiate(input: {
    orderId: string;
    reader: CheckoutReader;
    redirectUrl?: string | undefined;
    customer?: { email?: string | null; phone?: string | null } | undefined;
    /** The origin the shopper's browser uses (PUBLIC_URL when set): return address and script URL. */
    origin?: string | undefined;
  }): Promise<CheckoutSessionAnswer> {
    const { record, items } = await this.deps.orders.findForOwner(input.orderId, input.reader);
    this.assertPayable(record);
    const origin = input.origin ?? this.deps.shop.publicUrl;
    const redirectUrl = this.resolveRedirect(input.redirectUrl, record.id, origin);
    const now = this.deps.clock.now();

    const latest = await this.deps.repo.latestForOrder(record.id);
    const resumable =
      latest &&
      latest.provider === this.deps.provider.name &&
      latest.status === "CREATED" &&
      Date.parse(latest.token_expires_at) > now.getTime();
    if (resumable && this.deps.renewToken) {
      const renewed = await this.deps.renewToken(latest.checkout_id);
      if (renewed) {
        await this.deps.repo.renewToken(latest.id, renewed.token, renewed.expiresAt, now.toISOString());
        return this.sessionAnswer(record, latest.checkout_id, renewed.token, renewed.expiresAt, redirectUrl, origin);
      }
    }

    const session = await this.deps.provider.createCheckout(
      this.checkoutOrderOf(record, items, redirectUrl, input.customer),
    );
    const at = now.toISOString();
    await this.deps.repo.insertPayment({
      id: randomUUID(),
      order_id: record.id,
      provider: this.deps.provider.name,
      checkout_id: session.checkoutId,
      token: session.token,
      token_expires_at: session.expiresAt.toISOString(),
      status: "CREATED",
      amount: record.total,
      currency: "INR",
      payment_type: null,
      payment_id: null,
      gateway_transaction_id: null,
      raw: null,
      review_reason: null,
      refund_id: null,
      created_at: at,
      updated_at: at,
    });
    return this.sessionAnswer(
      record,
      session.checkoutId,
      session.token,
      session.expiresAt.toISOString(),
      redirectUrl,
      origin,
    );
  }

  /** POST /api/checkout/webhook: the gateway's signed call is only a trigger (401 when forged). */
  async receiveWebhook(request: WebhookRequest): Promise<PaymentState> {
    const { checkoutId } = await this.deps.provider.verifyWebhook(request);
    return this.applyPaymentOutcome(checkoutId);
  }

  /**
   * Asks the gateway how the checkout ended and applies it: SUCCESS / COD confirm the order
   * (once), FAILED records the failure and releases the hold, PENDING changes nothing. Never
   * trusts a webhook body or the redirect's `ost`.
   */
  async applyPaymentOutcome(checkoutId: string): Promise<PaymentState> {
    const payment = await this.deps.repo.findByCheckoutId(checkoutId);
    if (!payment) throw new NotFound(m.checkoutNotFound);
    const result = await this.deps.provider.getCheckout(checkoutId);
    const found = await this.deps.orders.findRecord(payment.order_id);
    if (!found) throw new NotFound(m.checkoutNotFound);
    const { record, items } = found;

    if (result.orderId && result.orderId !== record.id) {
      await this.flag(payment, `gateway names order ${result.orderId}, not ${record.id}`, result);
    } else if (result.outcome === "FAILED") {
      await this.recordFailure(payment, result, record);
    } else if (result.outcome === "SUCCESS" || result.outcome === "COD") {
      await this.recordSuccess(payment, result, record, items);
    }
    const after = (await this.deps.orders.findRecord(record.id))?.record ?? record;
    return {
      checkoutId,
      status: gatewayStatus(result.outcome),
      orderStatus: after.status,
      paymentStatus: after.payment_status,
    };
  }

  /**
   * Asks the gateway how each open checkout of the order ended and applies it (paid → confirmed,
   * or refunded when the stock is gone). The hold sweep calls this before it cancels an order as
   * unpaid, so a payment whose webhook never arrived is not lost. A gateway that cannot be
   * reached is logged; the sweep goes on (a payment that lands later is refunded).
   */
  async reconcileOrder(orderId: string): Promise<void> {
    for (const payment of await this.deps.repo.openCheckouts({ orderId })) {
      await this.reconcileCheckout(payment.checkout_id);
    }
  }

  /**
   * Reconciliation pass: checkouts of unpaid orders opened over `olderThanMs` ago whose outcome
   * never reached the shop (a lost webhook, a shopper who closed the tab). Answers how many it asked about.
   */
  async reconcileStaleCheckouts(olderThanMs = 10 * 60_000, limit = 50): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - olderThanMs).toISOString();
    const open = await this.deps.repo.openCheckouts({ createdBefore: before, limit });
    for (const payment of open) await this.reconcileCheckout(payment.checkout_id);
    return open.length;
  }

  private async reconcileCheckout(checkoutId: string): Promise<void> {
    try {
      const state = await this.applyPaymentOutcome(checkoutId);
      if (state.status !== "PENDING") this.deps.log.info(state, "checkout reconciled with the gateway");
    } catch (error) {
      this.deps.log.warn({ err: error, checkoutId }, "could not ask the gateway how a checkout ended");
    }
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
      status = (await this.applyPaymentOutcome(checkoutId)).status;
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
      orderDetails: {
        orderId: order.id,
        orderNumber: order.orderNumber,
        shippingAddress,
        billingAddress,
      },
      shiprocketDetails: {
        total_amount: paid.amount,
        shipping_address: shippingAddress,
        billing_address: billingAddress,
      },
      transactionHistory: { result: { payments: [{ created_at: paid.created_at }] } },
    };
  }

  /** POST /api/checkout/send/email: the confirmation again, for a paid order, at most once a minute. */
  async resendConfirmation(orderId: string, reader: CheckoutReader): Promise<{ sent: boolean; message: string }> {
    const { record } = await this.deps.orders.findForOwner(orderId, reader);
    if (!paidPaymentStatuses.includes(record.payment_status)) return { sent: false, message: m.mailAfterPayment };
    if (!record.contact_email) return { sent: false, message: m.mailNoAddress };
    await consumeOrThrow(this.deps.rateLimiter, confirmationResendRule, record.id, m.mailTooSoon);
    const sent = await this.sendConfirmation(record.id);
    return { sent, message: sent ? m.mailSent : m.mailNoAddress };
  }

  /** Outbox handler of `order-confirmed-mail`: sends the confirmation (a failure is retried by the outbox). */
  async deliverConfirmation(orderId: string): Promise<void> {
    const found = await this.deps.orders.findRecord(orderId);
    if (!found?.record.contact_email) {
      this.deps.log.warn({ orderId }, "order has no e-mail address; no confirmation sent");
      return;
    }
    await this.deps.mailer.send(this.confirmationMail(found.record, found.items));
  }

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
    const now = () => this.deps.clock.now().toISOString();
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
        now(),
      );
      if (completed) await this.deps.lifecycle.markRefunded(orderId);
    } catch (error) {
      if (!(error instanceof RefundNotSupported)) throw error;
      this.deps.log.warn(
        { orderId, checkoutId: payment.checkout_id, amount: payment.amount },
        `${error.message}; the order stays REFUND_PROCESSING`,
      );
    }
  }

  private async recordSuccess(
    payment: PaymentRecord,
    result: CheckoutResult,
    order: OrderRecord,
    items: OrderItemRecord[],
  ): Promise<void> {
    const paymentStatus = result.outcome === "COD" ? "COD_PENDING" : "SUCCESS";
    if (result.amount !== order.total) {
      // Tampered or mispriced: never confirm an order for another amount; a person looks at it.
      await this.flag(payment, `gateway amount ${result.amount} paise ≠ order total ${order.total} paise`, result);
      return;
    }
    const gateway = this.gatewayFacts(paymentStatus, result);
    const reviewNote = await this.addressNote(result, order);
    let confirmed = false;
    let recordedNow = false;
    let promoNoteRecorded: string | null = null;
    try {
      await this.deps.repo.transaction(async (repo, trx) => {
        // Lock order of the purchase path: cart → orders → stock holds → variants → promotions.
        if (order.cart_id) await this.deps.cart.lockForPurchase(trx, order.cart_id);
        const promoNote = await this.firstOrderNote(trx, order, result);
        const moved = await this.deps.lifecycle.confirmPayment(trx, order.id, {
          paymentStatus,
          contactEmail: result.email?.trim().toLowerCase() || null,
          contactPhone: result.phone ? normalisePhone(result.phone) : null,
          shippingAddress: jsonOrNull(result.shippingAddress),
          billingAddress: jsonOrNull(result.billingAddress ?? result.shippingAddress),
          reviewNote: [reviewNote, promoNote].filter(Boolean).join("; ") || null,
        });
        recordedNow = (await repo.recordOutcome(payment.id, ["CREATED", "PENDING", "FAILED"], gateway)) !== undefined;
        if (!moved) return;
        promoNoteRecorded = promoNote;
        await this.confirmSale(trx, order.id, items);
        if (order.cart_id) {
          await this.deps.cart.emptyAfterPurchase(trx, order.cart_id, {
            variantIds: items.map((item) => item.variant_id),
            promoCode: order.promo_code,
          });
        }
        await this.deps.outbox.enqueue(trx, outboxMessages.orderConfirmedMail(order.id));
        await this.deps.outbox.enqueue(trx, outboxMessages.createShipment(order.id));
        confirmed = true;
      });
    } catch (error) {
      if (!(error instanceof StockGone)) throw error;
      await this.refundUnfulfillable(payment, paymentStatus, result, order, `sold out while paying: ${error.reason}`);
      return;
    }
    if (confirmed) {
      if (promoNoteRecorded) {
        // Only when the note is on the order (a replayed webhook records nothing and says nothing).
        this.deps.log.warn(
          { orderId: order.id, code: order.promo_code },
          "first-order code used by a returning customer",
        );
      }
      this.deps.log.info({ orderId: order.id, checkoutId: payment.checkout_id, paymentStatus }, "payment confirmed");
      this.deps.outbox.tick();
      return;
    }
    const now = (await this.deps.orders.findRecord(order.id))?.record;
    if (now?.status === "CANCELLED") {
      await this.refundUnfulfillable(payment, paymentStatus, result, now, "paid after the order was cancelled");
    } else if (recordedNow && online(paymentStatus)) {
      // Another checkout of the same order had already paid it: this one is money twice.
      await this.flag(payment, "second payment for an order another checkout already paid; refund it", result);
    }
  }

  /**
   * Money for an order that cannot be fulfilled (stock sold out meanwhile, or the order was
   * cancelled while the shopper paid): the order ends CANCELLED, an online payment goes to
   * REFUND_PROCESSING with a refund and an e-mail in the outbox; cash on delivery is just cancelled.
   */
  private async refundUnfulfillable(
    payment: PaymentRecord,
    paymentStatus: "SUCCESS" | "COD_PENDING",
    result: CheckoutResult,
    order: OrderRecord,
    why: string,
  ): Promise<void> {
    const gateway = this.gatewayFacts(paymentStatus, result);
    const online = paymentStatus === "SUCCESS";
    const contact = {
      email: result.email?.trim().toLowerCase() || null,
      phone: result.phone ? normalisePhone(result.phone) : null,
    };
    const changed = await this.deps.repo.transaction(async (repo, trx) => {
      const cancelledNow = await this.deps.lifecycle.cancelUnfulfillable(
        trx,
        order.id,
        online ? "REFUND_PROCESSING" : "CANCELLED",
        why,
        contact,
      );
      const moved =
        cancelledNow ?? (online ? await this.deps.lifecycle.refundLateCapture(trx, order.id, why, contact) : undefined);
      await repo.recordOutcome(payment.id, ["CREATED", "PENDING", "FAILED"], gateway);
      if (!moved) return false;
      if (cancelledNow) {
        await this.deps.inventory.releaseHold(trx, order.id);
        await this.deps.promotions.releaseUses(trx, [order.promo_code]);
      }
      if (online) await this.deps.outbox.enqueue(trx, outboxMessages.refundPayment(order.id));
      const reason = cancelledNow ? "sold-out" : "late-payment";
      await this.deps.outbox.enqueue(trx, outboxMessages.orderCancelledMail(order.id, reason));
      return true;
    });
    if (changed) {
      this.deps.log.warn(
        { orderId: order.id, checkoutId: payment.checkout_id, why },
        "payment refunded: order cannot be fulfilled",
      );
      this.deps.outbox.tick();
    }
  }

  private async recordFailure(payment: PaymentRecord, result: CheckoutResult, order: OrderRecord): Promise<void> {
    const latest = await this.deps.repo.latestForOrder(order.id);
    const gateway = { ...this.gatewayFacts("FAILED", result) };
    await this.deps.repo.transaction(async (repo, trx) => {
      const recorded = await repo.recordOutcome(payment.id, ["CREATED", "PENDING"], gateway);
      // An older checkout's failure must not release the hold a newer checkout is paying for.
      if (!recorded || latest?.id !== payment.id) return;
      const failed = await this.deps.lifecycle.recordPaymentFailure(trx, order.id);
      if (failed) await this.deps.inventory.releaseHold(trx, order.id);
    });
  }

  private async confirmSale(trx: Db, orderId: string, items: OrderItemRecord[]): Promise<void> {
    try {
      await this.deps.inventory.confirmSale(
        trx,
        orderId,
        items.map((item) => ({
          variantId: item.variant_id,
          quantity: item.quantity,
          name: item.product_name,
          size: item.size,
        })),
      );
    } catch (error) {
      if (error instanceof Conflict) throw new StockGone(error.message);
      throw error;
    }
  }

  /**
   * Before a guest pays on a page the shop controls (the sandbox gateway): is the order's
   * first-order code being used by an e-mail or phone that already has a paid order? Answers the
   * code then, so the page can refuse the payment and send the shopper back to the cart.
   */
  /** Whether the order still awaits payment; "cancelled" or "settled" (paid by another checkout) when not. */
  async payability(orderId: string): Promise<"payable" | "cancelled" | "settled"> {
    const found = await this.deps.orders.findRecord(orderId);
    if (!found) return "payable";
    if (found.record.status === "CANCELLED") return "cancelled";
    return found.record.status === "CREATED" ? "payable" : "settled";
  }

  async reusedFirstOrderCode(orderId: string, contact: { email: string; phone: string }): Promise<string | null> {
    const found = await this.deps.orders.findRecord(orderId);
    if (!found) return null;
    return (await this.reusesFirstOrderCode(undefined, found.record, contact)) ? found.record.promo_code : null;
  }

  /**
   * First-order codes are checked again for a guest once the gateway tells us their e-mail and
   * phone. The sandbox page refuses such a payment beforehand (`reusedFirstOrderCode`); a gateway
   * that collects the contact itself (Shiprocket Checkout) has charged the amount by then, so the
   * order keeps its discount (charging more afterwards would surprise the shopper) and the reuse
   * is recorded on the order for the shop owner.
   */
  private async firstOrderNote(trx: Db, order: OrderRecord, result: CheckoutResult): Promise<string | null> {
    if (!(await this.reusesFirstOrderCode(trx, order, { email: result.email, phone: result.phone }))) return null;
    return `first-order code ${order.promo_code} used by an e-mail or phone with an earlier paid order`;
  }

  /** `trx`: inside the payment's transaction; none for a check before it. */
  private async reusesFirstOrderCode(
    trx: Db | undefined,
    order: OrderRecord,
    contact: { email?: string | null; phone?: string | null },
  ): Promise<boolean> {
    if (!order.promo_code || (!order.user_id && !contact.email && !contact.phone)) return false;
    // A user's order counts the account (its id, e-mail and mobile) and the contact given at payment.
    const outcome = await this.deps.promotions.evaluate(
      order.promo_code,
      {
        ...(order.user_id ? { userId: order.user_id } : {}),
        email: contact.email ?? null,
        phone: contact.phone ? normalisePhone(contact.phone) : null,
      },
      order.subtotal,
      trx,
      { ignoreUsage: true },
    );
    return !outcome.valid && outcome.message === cartMessages.promoFirstOrderOnly;
  }

  /** Shiprocket collects the address on its own page: an unserviceable pincode is recorded, not refused. */
  private async addressNote(result: CheckoutResult, order: OrderRecord): Promise<string | null> {
    const address = result.shippingAddress;
    if (this.deps.provider.name === "sandbox" || !address?.pincode) return null;
    try {
      const check = await this.deps.serviceability({
        pincode: address.pincode,
        country: address.country,
        cod: result.outcome === "COD",
        weightKg: 0.5,
      });
      if (check.serviceable) return null;
      this.deps.log.warn({ orderId: order.id, pincode: address.pincode }, "paid order to an unserviceable pincode");
      return `courier does not serve pincode ${address.pincode}`;
    } catch (error) {
      this.deps.log.warn({ err: error, orderId: order.id }, "serviceability check failed; proceeding");
      return null;
    }
  }

  private gatewayFacts(status: PaymentStatus, result: CheckoutResult) {
    return {
      status,
      payment_type: result.paymentType ?? (result.outcome === "COD" ? "CASH_ON_DELIVERY" : "PREPAID"),
      payment_id: result.paymentId,
      gateway_transaction_id: result.gatewayTransactionId,
      raw: jsonOrNull(result.raw),
      updated_at: this.deps.clock.now().toISOString(),
    } as const;
  }

  private async flag(payment: PaymentRecord, reason: string, result: CheckoutResult): Promise<void> {
    const now = this.deps.clock.now().toISOString();
    if (await this.deps.repo.flagForReview(payment.id, reason, jsonOrNull(result.raw), now)) {
      this.deps.log.error(
        { orderId: payment.order_id, checkoutId: payment.checkout_id, reason },
        "payment needs review; order not confirmed",
      );
    }
  }

  private async sendConfirmation(orderId: string): Promise<boolean> {
    const found = await this.deps.orders.findRecord(orderId);
    if (!found?.record.contact_email) return false;
    return sendWithoutFailing(this.deps.mailer, this.deps.log, this.confirmationMail(found.record, found.items));
  }

  private confirmationMail(record: OrderRecord, items: OrderItemRecord[]) {
    const { publicUrl, name } = this.deps.shop;
    return orderConfirmationMail({
      shopName: name,
      to: record.contact_email ?? "",
      order: this.deps.orders.present(record, items),
      link: orderPageLink(publicUrl, record.id, this.deps.orders.linkSecretOf(record)),
      guest: record.user_id === null,
    });
  }

  /** Only an order still waiting for payment, with its stock still held for it, can be paid. */
  private assertPayable(order: OrderRecord): void {
    if (order.status === "CANCELLED") throw new Conflict(m.orderCancelled);
    if (order.status !== "CREATED" || paidPaymentStatuses.includes(order.payment_status)) {
      throw new Conflict(m.alreadyPaid);
    }
    if (order.payment_status === "FAILED" || order.payment_status === "FAILURE") throw new Conflict(m.paymentFailed);
    if (!order.hold_expires_at || Date.parse(order.hold_expires_at) <= this.deps.clock.now().getTime()) {
      throw new Conflict(m.holdExpired);
    }
  }

  /**
   * Where the gateway sends the shopper back: a path of this shop, or an absolute URL on the
   * shopper's origin (or PUBLIC_URL's), never another site; by default
   * `${origin}/order-confirmation`. The confirmation page's address gets the order id
   * (`/order-confirmation/{orderId}`), any other page `?orderId=`.
   */
  resolveRedirect(given: string | undefined, orderId: string, origin: string = this.deps.shop.publicUrl): string {
    const raw = given?.trim() || "/order-confirmation";
    const refuse = () =>
      new InvalidInput(m.redirectNotAllowed, { fieldErrors: { redirectUrl: [m.redirectNotAllowed] } });
    const isPath = raw.startsWith("/") && !raw.startsWith("//") && !raw.startsWith("/\\");
    if (/[\s\\]/.test(raw) || (!isPath && !/^https?:\/\//i.test(raw))) throw refuse();
    let url: URL;
    try {
      url = new URL(isPath ? `${origin}${raw}` : raw);
    } catch {
      throw refuse();
    }
    const allowed = new Set([new URL(origin).origin, new URL(this.deps.shop.publicUrl).origin]);
    if (!allowed.has(url.origin) || url.username || url.password) throw refuse();
    if (/\/order-confirmation\/?$/.test(url.pathname)) {
      url.pathname = `${url.pathname.replace(/\/$/, "")}/${orderId}`;
    } else if (!/\/order-confirmation\//.test(url.pathname)) {
      url.searchParams.set("orderId", orderId);
    }
    return url.toString();
  }

  private checkoutOrderOf(
    record: OrderRecord,
    items: OrderItemRecord[],
    redirectUrl: string,
    customer: { email?: string | null; phone?: string | null } | undefined,
  ): CheckoutOrder {
    const email = customer?.email ?? record.contact_email ?? undefined;
    const phone = customer?.phone ?? record.contact_phone ?? undefined;
    return {
      orderId: record.id,
      orderNumber: record.order_number,
      amount: record.total,
      currency: "INR",
      lines: items.map((item) => ({
        variantId: item.variant_id,
        sku: item.sku,
        name: item.product_name,
        quantity: item.quantity,
        unitPrice: item.unit_price,
        imageUrl: item.image_url,
      })),
      discount: record.discount_amount,
      couponCode: record.promo_code,
      redirectUrl,
      ...(email || phone ? { customer: { ...(email ? { email } : {}), ...(phone ? { phone } : {}) } } : {}),
    };
  }

  private sessionAnswer(
    record: OrderRecord,
    checkoutId: string,
    token: string,
    expiresAt: string,
    redirectUrl: string,
    origin: string,
  ): CheckoutSessionAnswer {
    return {
      token,
      checkoutId,
      provider: this.deps.provider.name,
      // The sandbox's script is the shop's own: on the origin the shopper uses.
      scriptUrl: this.deps.scriptUrl.startsWith("/") ? `${origin}${this.deps.scriptUrl}` : this.deps.scriptUrl,
      orderId: record.id,
      amount: record.total,
      currency: "INR",
      expiresAt,
      redirectUrl,
    };
  }
}

/** Indian mobiles as +91XXXXXXXXXX (as accounts and the Club store them); anything else as given. */
export function normalisePhone(phone: string): string {
  const digits = phone.replace(/[\s\-().]/g, "");
  const ten = /^(?:\+91|91|0)?([6-9]\d{9})$/.exec(digits)?.[1];
  return ten ? `+91${ten}` : phone.trim();
}
