import { randomBytes } from "node:crypto";
import type { FieldErrors } from "@vaki/contract/envelope";
import type { Clock } from "../../lib/clock.js";
import { Conflict, Gone, InvalidInput, NotFound, Unauthorised } from "../../lib/errors.js";
import {
  assertCollectable,
  type CheckoutOrder,
  type CheckoutResult,
  type CheckoutSession,
  type PaymentOutcome,
  type PaymentProvider,
  type PostalAddress,
  type RefundRequest,
  type RefundResult,
  type WebhookRequest,
} from "./payment-provider.js";
import type { SandboxCheckout, SandboxCheckoutChanges, SandboxCheckoutStore } from "./sandbox-checkout-store.js";
import { readPaymentForm, type SandboxPaymentMethod } from "./sandbox-payment-form.js";
import { headerValue, hmacSha256, safeEqual } from "./signatures.js";

/** Header of the sandbox's webhooks: hex HMAC-SHA256 of the raw body with the sandbox secret. */
export const sandboxSignatureHeader = "x-sandbox-signature";

export const sandboxMessages = {
  unknownToken: "This payment link is not valid",
  expired: "This payment link has expired. Go back to the shop and start the checkout again.",
  unknownCheckout: "No such checkout",
  badSignature: "Webhook signature is missing or wrong",
  nothingToRefund: "Nothing was paid online for this checkout",
  refundTooLarge: "Refund exceeds what is left to refund",
} as const;

/** What the hosted page shows: the order, the prefill and where the session stands. */
export interface SandboxCheckoutSummary {
  checkoutId: string;
  orderId: string;
  orderNumber: string;
  /** Paise. */
  amount: number;
  currency: "INR";
  /** Paise taken off. */
  discount: number;
  couponCode: string | null;
  lines: CheckoutOrder["lines"];
  /** `address`: the shipping address to fill in (a saved address the shopper chose), or null. */
  prefill: { email: string; phone: string; address: PostalAddress | null };
  expiresAt: string;
  /** True when the last attempt was declined ("Make this payment fail"); the shopper may try again. */
  lastAttemptFailed: boolean;
  /** Set once paid or placed as COD: the page sends the shopper straight back there. */
  completedRedirectUrl: string | null;
}

/** The webhook the sandbox sends to the shop after a completed page: POST `body` with `headers`. */
export interface SandboxWebhook {
  body: string;
  headers: Record<string, string>;
}

export type SandboxCompletion =
  | { kind: "invalid"; fieldErrors: FieldErrors }
  | { kind: "completed"; outcome: PaymentOutcome; redirectUrl: string; webhook: SandboxWebhook };

const newId = (prefix: string, bytes = 12) => `${prefix}${randomBytes(bytes).toString("base64url")}`;

/**
 * The shop's own stand-in for a hosted gateway, so a purchase works end to end with no
 * accounts: `createCheckout` mints a session and token, the hosted page (routes outside this
 * folder) shows `describe(token)` and posts the form to `complete(token, form)`, which decides
 * the outcome, answers the redirect back to the shop and a signed webhook for the shop.
 * Sessions live in a `SandboxCheckoutStore` (the database), never in process memory.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = "sandbox" as const;
  private readonly store: SandboxCheckoutStore;
  private readonly secret: string;
  private readonly clock: Clock;
  private readonly sessionTtlMs: number;

  constructor(options: { store: SandboxCheckoutStore; secret: string; clock: Clock; sessionTtlMs?: number }) {
    this.store = options.store;
    this.secret = options.secret;
    this.clock = options.clock;
    this.sessionTtlMs = options.sessionTtlMs ?? 30 * 60 * 1000;
  }

  async createCheckout(order: CheckoutOrder): Promise<CheckoutSession> {
    assertCollectable(order);
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.sessionTtlMs);
    const checkout: SandboxCheckout = {
      checkoutId: newId("sbx_chk_"),
      token: newId("", 24),
      order: structuredClone(order),
      status: "INITIATED",
      paymentType: null,
      method: null,
      paymentId: null,
      gatewayTransactionId: null,
      email: null,
      phone: null,
      shippingAddress: null,
      billingAddress: null,
      refunds: [],
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
      completedAt: null,
      version: 0,
    };
    await this.store.save(checkout);
    return { checkoutId: checkout.checkoutId, token: checkout.token, expiresAt };
  }

  async getCheckout(checkoutId: string): Promise<CheckoutResult> {
    const checkout = await this.store.get(checkoutId);
    if (!checkout) throw new NotFound(sandboxMessages.unknownCheckout);
    const refunded = checkout.refunds.reduce((sum, refund) => sum + refund.amount, 0);
    return {
      checkoutId: checkout.checkoutId,
      orderId: checkout.order.orderId,
      outcome: this.outcomeOf(checkout),
      amount: checkout.order.amount,
      paymentType: checkout.paymentType,
      paymentId: checkout.paymentId,
      gatewayTransactionId: checkout.gatewayTransactionId,
      email: checkout.email,
      phone: checkout.phone,
      shippingAddress: checkout.shippingAddress,
      billingAddress: checkout.billingAddress,
      createdAt: checkout.completedAt ?? checkout.createdAt,
      raw: {
        status: checkout.status,
        method: checkout.method,
        refunded,
        refunds: checkout.refunds,
        expiresAt: checkout.expiresAt,
      },
    };
  }

  /** Refunds at once (it is a sandbox): the answer is COMPLETED. Only online payments have anything to refund. */
  async refund(payment: RefundRequest): Promise<RefundResult> {
    if (!Number.isSafeInteger(payment.amount) || payment.amount <= 0) {
      throw new InvalidInput(sandboxMessages.refundTooLarge, { fieldErrors: { amount: ["Must be paise above 0"] } });
    }
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const checkout = await this.store.get(payment.checkoutId);
      if (!checkout) throw new NotFound(sandboxMessages.unknownCheckout);
      if (checkout.status !== "SUCCESS" || checkout.paymentType !== "PREPAID") {
        throw new Conflict(sandboxMessages.nothingToRefund);
      }
      // The same refund asked again (the shop crashed before recording the answer): answered, not repeated.
      const key = payment.idempotencyKey;
      const earlier = key ? checkout.refunds.find((refund) => refund.key === key) : undefined;
      if (earlier) return { refundId: earlier.refundId, status: "COMPLETED" };
      const refunded = checkout.refunds.reduce((sum, refund) => sum + refund.amount, 0);
      if (refunded + payment.amount > checkout.order.amount) throw new Conflict(sandboxMessages.refundTooLarge);
      const refundId = newId("sbx_rfnd_");
      const createdAt = this.clock.now().toISOString();
      const refunds = [
        ...checkout.refunds,
        { refundId, amount: payment.amount, reason: payment.reason, createdAt, ...(key ? { key } : {}) },
      ];
      if (await this.store.update(checkout.checkoutId, checkout.version, { refunds })) {
        return { refundId, status: "COMPLETED" };
      }
    }
    throw new Conflict("The checkout kept changing; try the refund again");
  }

  async verifyWebhook(request: WebhookRequest): Promise<{ checkoutId: string }> {
    const signature = headerValue(request.headers, sandboxSignatureHeader) ?? "";
    const expected = hmacSha256(this.secret, request.rawBody, "hex");
    if (!signature || !safeEqual(signature.toLowerCase(), expected))
      throw new Unauthorised(sandboxMessages.badSignature);
    let body: unknown;
    try {
      body = JSON.parse(request.rawBody.toString("utf8"));
    } catch {
      throw new InvalidInput("Webhook body is not JSON");
    }
    const checkoutId = (body as { checkout_id?: unknown } | null)?.checkout_id;
    if (typeof checkoutId !== "string" || !checkoutId) throw new InvalidInput("Webhook names no checkout");
    return { checkoutId };
  }

  /** The hosted page's view of a session. Unknown token: NotFound; expired and unpaid: Gone. */
  async describe(token: string): Promise<SandboxCheckoutSummary> {
    const checkout = await this.openCheckout(token);
    const { order } = checkout;
    return {
      checkoutId: checkout.checkoutId,
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      amount: order.amount,
      currency: order.currency,
      discount: order.discount,
      couponCode: order.couponCode,
      lines: order.lines,
      prefill: {
        email: order.customer?.email ?? "",
        phone: order.customer?.phone ?? "",
        address: order.customer?.address ?? null,
      },
      expiresAt: checkout.expiresAt,
      lastAttemptFailed: checkout.status === "FAILED",
      completedRedirectUrl: checkout.status === "SUCCESS" ? this.redirectFor(checkout) : null,
    };
  }

  /**
   * The shopper submitted the page. Invalid form: field errors (nothing changes). Otherwise the
   * outcome is recorded and the answer holds the redirect back to the shop and the signed
   * webhook to POST to it. Submitting again after success changes nothing and answers the same
   * redirect (back button, double click); after a declined attempt a new attempt is allowed.
   */
  async complete(token: string, form: Record<string, unknown>): Promise<SandboxCompletion> {
    const first = await this.openCheckout(token);
    if (first.status === "SUCCESS") return this.completion(first);
    const read = readPaymentForm(form);
    if (!read.ok) return { kind: "invalid", fieldErrors: read.fieldErrors };
    const { payment } = read;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const checkout = attempt === 0 ? first : await this.openCheckout(token);
      if (checkout.status === "SUCCESS") return this.completion(checkout);
      const updated = await this.store.update(checkout.checkoutId, checkout.version, {
        ...this.resultOf(payment.method),
        email: payment.contact.email,
        phone: payment.contact.phone,
        shippingAddress: payment.shippingAddress,
        billingAddress: payment.billingAddress,
        completedAt: this.clock.now().toISOString(),
      });
      if (updated) return this.completion(updated);
    }
    throw new Conflict("The checkout kept changing; reload the page");
  }

  /** Signs a webhook body the way `complete` does (for the shop's tests and replays). */
  signWebhook(body: string): SandboxWebhook {
    return {
      body,
      headers: { "content-type": "application/json", [sandboxSignatureHeader]: hmacSha256(this.secret, body, "hex") },
    };
  }

  private async openCheckout(token: string): Promise<SandboxCheckout> {
    const checkout = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await this.store.getByToken(token) : null;
    if (!checkout) throw new NotFound(sandboxMessages.unknownToken);
    const expired = this.clock.now().getTime() > Date.parse(checkout.expiresAt);
    if (expired && checkout.status !== "SUCCESS") throw new Gone(sandboxMessages.expired);
    return checkout;
  }

  private resultOf(method: SandboxPaymentMethod): SandboxCheckoutChanges {
    const reference = () => randomBytes(6).toString("hex").toUpperCase();
    switch (method) {
      case "upi":
        return {
          status: "SUCCESS",
          paymentType: "PREPAID",
          method,
          paymentId: newId("sbx_pay_"),
          gatewayTransactionId: `SBXUPI${reference()}`,
        };
      case "card":
        return {
          status: "SUCCESS",
          paymentType: "PREPAID",
          method,
          paymentId: newId("sbx_pay_"),
          gatewayTransactionId: `SBXCARD${reference()}`,
        };
      case "cod":
        return {
          status: "SUCCESS",
          paymentType: "CASH_ON_DELIVERY",
          method,
          paymentId: null,
          gatewayTransactionId: null,
        };
      case "fail":
        return {
          status: "FAILED",
          paymentType: "PREPAID",
          method,
          paymentId: newId("sbx_pay_"),
          gatewayTransactionId: `SBXFAIL${reference()}`,
        };
    }
  }

  private outcomeOf(checkout: SandboxCheckout): PaymentOutcome {
    if (checkout.status === "SUCCESS") return checkout.paymentType === "CASH_ON_DELIVERY" ? "COD" : "SUCCESS";
    if (checkout.status === "FAILED") return "FAILED";
    // An abandoned page: once the session has expired nothing can be paid on it any more.
    return this.clock.now().getTime() > Date.parse(checkout.expiresAt) ? "FAILED" : "PENDING";
  }

  /** `{redirectUrl}?oid={checkoutId}&ost={SUCCESS|FAILED}`, as Shiprocket Checkout returns shoppers. */
  private redirectFor(checkout: SandboxCheckout): string {
    const url = new URL(checkout.order.redirectUrl);
    url.searchParams.set("oid", checkout.checkoutId);
    url.searchParams.set("ost", checkout.status);
    return url.toString();
  }

  private completion(checkout: SandboxCheckout): SandboxCompletion {
    const body = JSON.stringify({
      event: "checkout.completed",
      checkout_id: checkout.checkoutId,
      order_id: checkout.order.orderId,
      status: checkout.status,
      payment_type: checkout.paymentType,
      amount: checkout.order.amount,
      completed_at: checkout.completedAt,
    });
    return {
      kind: "completed",
      outcome: this.outcomeOf(checkout),
      redirectUrl: this.redirectFor(checkout),
      webhook: this.signWebhook(body),
    };
  }
}
