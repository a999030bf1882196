import type { FieldErrors } from "@vaki/contract/envelope";
import type { PostalAddress } from "@vaki/contract/fulfilment";
import { DomainError, InvalidInput } from "../../lib/errors.js";

export type { PostalAddress };

/** What the shop asks a gateway to collect: built from the server's order, never from the browser. */
export interface CheckoutOrder {
  /** The shop's order id. */
  orderId: string;
  orderNumber: string;
  /** Total to collect, in paise. */
  amount: number;
  currency: "INR";
  lines: {
    variantId: number;
    sku: string;
    name: string;
    quantity: number;
    /** Paise per unit. */
    unitPrice: number;
    imageUrl: string | null;
  }[];
  /** Paise already taken off `amount`. */
  discount: number;
  couponCode: string | null;
  /** Where the shopper returns; the gateway adds `?oid={checkoutId}&ost={status}`. */
  redirectUrl: string;
  /** What the gateway may prefill; `address`: the signed-in shopper's chosen saved address (shipping). */
  customer?: { email?: string; phone?: string; address?: PostalAddress };
}

/** A hosted-checkout session the browser opens with `token`. */
export interface CheckoutSession {
  checkoutId: string;
  token: string;
  expiresAt: Date;
}

/** SUCCESS = paid online; COD = order placed, cash on delivery; PENDING = not decided yet. */
export type PaymentOutcome = "SUCCESS" | "COD" | "FAILED" | "PENDING";

/** The gateway's word on a checkout, fetched server to server (never trust the redirect's `ost`). */
export interface CheckoutResult {
  checkoutId: string;
  /** The shop's order id, when the gateway knows it. */
  orderId?: string;
  outcome: PaymentOutcome;
  /** Paise the gateway collected or will collect (COD). */
  amount: number;
  paymentType: "PREPAID" | "CASH_ON_DELIVERY" | null;
  paymentId: string | null;
  gatewayTransactionId: string | null;
  email: string | null;
  phone: string | null;
  shippingAddress: PostalAddress | null;
  billingAddress: PostalAddress | null;
  /** ISO-8601 when the gateway created the payment/order, if it says. */
  createdAt: string | null;
  /** The gateway's own answer, for the order's payment record. */
  raw: unknown;
}

export interface RefundRequest {
  checkoutId: string;
  paymentId: string | null;
  /** Paise to give back. */
  amount: number;
  reason: string;
  /**
   * The shop's own name for this refund: asked again with the same key (a retry after a crash
   * between the gateway's answer and the shop's record), a gateway that supports it answers the
   * refund it already made instead of making a second.
   */
  idempotencyKey?: string;
}

export interface RefundResult {
  refundId: string;
  /** PROCESSING: the shop records REFUND_PROCESSING; COMPLETED: it may record REFUNDED. */
  status: "PROCESSING" | "COMPLETED";
}

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received: signatures are over these bytes. */
  rawBody: Buffer;
}

/**
 * A hosted payment gateway as a small strategy (Vendure's PaymentMethodHandler shape):
 * start a checkout, read its outcome, refund, and authenticate its webhooks.
 */
export interface PaymentProvider {
  readonly name: "sandbox" | "shiprocket";
  createCheckout(order: CheckoutOrder): Promise<CheckoutSession>;
  /** Throws NotFound for an unknown checkout. */
  getCheckout(checkoutId: string): Promise<CheckoutResult>;
  refund(payment: RefundRequest): Promise<RefundResult>;
  /**
   * Verifies a webhook; returns the checkout id it is about (a trigger only: callers re-fetch
   * with getCheckout) or throws Unauthorised.
   */
  verifyWebhook(request: WebhookRequest): Promise<{ checkoutId: string }>;
}

/**
 * The gateway failed or refused (network, non-2xx, `ok:false`). Shown to shoppers as a 502;
 * the message never contains keys or secrets. `retryable` says whether trying later may help.
 */
export class PaymentProviderError extends DomainError {
  readonly status = 502;
  readonly kind = "PaymentProviderError";
  constructor(
    message: string,
    readonly upstreamStatus: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** The provider has no refund API: refund in its dashboard; the shop records REFUND_PROCESSING. */
export class RefundNotSupported extends DomainError {
  readonly status = 501;
  readonly kind = "RefundNotSupported";
}

/**
 * What every provider checks before asking a gateway to collect: whole paise above 0 (the old
 * client's 0.01 default never reaches a gateway, R-SHOP-7), INR, some lines, an http(s) return.
 */
export function assertCollectable(order: CheckoutOrder): void {
  const problems: FieldErrors = {};
  if (!Number.isSafeInteger(order.amount) || order.amount <= 0)
    problems.amount = ["Amount must be whole paise above 0"];
  if (order.currency !== "INR") problems.currency = ["Only INR is collected"];
  if (order.lines.length === 0) problems.lines = ["At least one line is needed"];
  for (const line of order.lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
      problems.lines = ["Quantities must be whole and at least 1"];
  }
  if (!/^https?:\/\/[^\s]+$/.test(order.redirectUrl) || !URL.canParse(order.redirectUrl)) {
    problems.redirectUrl = ["Redirect URL must be an absolute http(s) URL"];
  }
  if (Object.keys(problems).length > 0) {
    throw new InvalidInput("The order cannot be sent to the payment gateway", { fieldErrors: problems });
  }
}
