import { type Clock, systemClock } from "../../lib/clock.js";
import { InvalidInput, NotFound, Unauthorised } from "../../lib/errors.js";
import {
  assertCollectable,
  type CheckoutOrder,
  type CheckoutResult,
  type CheckoutSession,
  type PaymentOutcome,
  type PaymentProvider,
  PaymentProviderError,
  type PostalAddress,
  RefundNotSupported,
  type RefundRequest,
  type RefundResult,
  type WebhookRequest,
} from "./payment-provider.js";
import { headerValue, hmacSha256, safeEqual } from "./signatures.js";

export interface ShiprocketCheckoutOptions {
  /** https://checkout-api.shiprocket.com (production) or https://fastrr-api-dev.pickrr.com (staging). */
  apiUrl: string;
  apiKey: string;
  secret: string;
  /** The custom header Shiprocket's dashboard sends with each webhook, if one is set there. */
  webhookHeader?: { name: string; value: string } | undefined;
  clock?: Clock;
  timeoutMs?: number;
}

/** Used when Shiprocket's answer has no usable expires_at. */
const defaultTokenLifetimeMs = 30 * 60 * 1000;

export const shiprocketCheckoutMessages = {
  unreachable: "Shiprocket Checkout could not be reached",
  notJson: "Shiprocket Checkout answered something that is not JSON",
  noToken: "Shiprocket Checkout answered without a checkout token",
  refundInDashboard:
    "Shiprocket Checkout has no refund API: refund this payment in the Shiprocket dashboard (the order stays REFUND_PROCESSING until then)",
  webhookUnverified: "Webhook carries neither the configured header nor a valid signature",
} as const;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const textOf = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : typeof value === "number" ? String(value) : null;
const firstText = (source: Json, keys: readonly string[]): string | null => {
  for (const key of keys) {
    const value = textOf(source[key]);
    if (value !== null) return value;
  }
  return null;
};

/** Rupees (number or "1299.00") → integer paise. */
function paiseOf(rupees: unknown): number {
  const value = typeof rupees === "number" ? rupees : Number.parseFloat(String(rupees ?? ""));
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
}

/**
 * Shiprocket Checkout's addresses, whose key names differ between payloads: line1/address1/
 * address_line_1, pincode/zip/postal_code, name or first_name + last_name.
 */
export function addressFromShiprocket(value: unknown, fallbackPhone: string | null): PostalAddress | null {
  if (!isObject(value)) return null;
  const line1 = firstText(value, ["line1", "address1", "address_line_1", "address_line1", "address"]);
  const pincode = firstText(value, ["pincode", "zip", "postal_code", "postcode", "pin_code"]);
  if (!line1 && !pincode) return null;
  const joined = [textOf(value.first_name), textOf(value.last_name)].filter(Boolean).join(" ");
  return {
    fullName: firstText(value, ["name", "full_name", "fullName"]) ?? joined,
    line1: line1 ?? "",
    line2: firstText(value, ["line2", "address2", "address_line_2", "address_line2", "landmark"]) ?? "",
    city: firstText(value, ["city", "district"]) ?? "",
    state: firstText(value, ["state", "province"]) ?? "",
    pincode: pincode ?? "",
    country: firstText(value, ["country", "country_name"]) ?? "India",
    phone: firstText(value, ["phone", "mobile", "contact", "phone_number"]) ?? fallbackPhone ?? "",
  };
}

/** SUCCESS/FAILED/PENDING/INITIATED (or payment_status Success/Failed/Pending) and PREPAID/CASH_ON_DELIVERY. */
export function outcomeOf(result: Json): { outcome: PaymentOutcome; paymentType: CheckoutResult["paymentType"] } {
  const status = (textOf(result.status) ?? textOf(result.payment_status) ?? "").toUpperCase();
  const type = (textOf(result.payment_type) ?? "").toUpperCase().replace(/[\s-]+/g, "_");
  const paymentType =
    type === "PREPAID" ? "PREPAID" : type === "CASH_ON_DELIVERY" || type === "COD" ? "CASH_ON_DELIVERY" : null;
  if (status === "SUCCESS") return { outcome: paymentType === "CASH_ON_DELIVERY" ? "COD" : "SUCCESS", paymentType };
  if (status === "FAILED" || status === "FAILURE") return { outcome: "FAILED", paymentType };
  return { outcome: "PENDING", paymentType };
}

/**
 * Shiprocket Checkout (formerly Fastrr), server to server: every call is a JSON POST with
 * `X-Api-Key` (the bare key) and `X-Api-HMAC-SHA256` = Base64(HMAC-SHA256(secret, body bytes)).
 * The body is serialised once; that exact string is signed and sent. docs/providers.md "Switching to Shiprocket".
 */
export class ShiprocketCheckoutProvider implements PaymentProvider {
  readonly name = "shiprocket" as const;
  private readonly apiUrl: string;
  private readonly clock: Clock;
  private readonly timeoutMs: number;

  constructor(private readonly options: ShiprocketCheckoutOptions) {
    this.apiUrl = options.apiUrl.replace(/\/$/, "");
    this.clock = options.clock ?? systemClock;
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  /**
   * Shiprocket prices the cart from the catalogue the shop publishes to it (variant ids must
   * match). The caller compares `getCheckout().amount` with the order's total before confirming.
   */
  async createCheckout(order: CheckoutOrder): Promise<CheckoutSession> {
    assertCollectable(order);
    // The token request has no customer or address fields (docs/providers.md): Shiprocket fills
    // addresses from its own phone-keyed book, so `order.customer` (a saved address too) is not sent.
    const now = this.clock.now();
    const result = await this.post("/api/v1/access-token/checkout", {
      cart_data: {
        items: order.lines.map((line) => ({ variant_id: String(line.variantId), quantity: line.quantity })),
      },
      redirect_url: order.redirectUrl,
      timestamp: now.toISOString(),
    });
    const token = textOf(result.token);
    const data = isObject(result.data) ? result.data : {};
    const checkoutId = textOf(data.order_id) ?? textOf(result.order_id);
    if (!token || !checkoutId) throw new PaymentProviderError(shiprocketCheckoutMessages.noToken, 200, false);
    const expires = new Date(textOf(result.expires_at) ?? Number.NaN);
    return {
      checkoutId,
      token,
      expiresAt: Number.isNaN(expires.getTime()) ? new Date(now.getTime() + defaultTokenLifetimeMs) : expires,
    };
  }

  async getCheckout(checkoutId: string): Promise<CheckoutResult> {
    const result = await this.post("/api/v1/custom-platform-order/details", {
      order_id: checkoutId,
      timestamp: this.clock.now().toISOString(),
    });
    const phone = textOf(result.phone);
    const payment = isObject(result.paymentDetails) ? result.paymentDetails : {};
    const created = textOf(result.order_created_date) ?? textOf(result.created_at);
    const createdDate = created
      ? new Date(created.includes("T") ? created : `${created.replace(" ", "T")}+05:30`)
      : null;
    return {
      checkoutId: textOf(result.order_id) ?? checkoutId,
      ...outcomeOf(result),
      amount: paiseOf(result.total_amount_payable ?? result.total_amount),
      paymentId:
        firstText(result, ["payment_id", "transaction_id"]) ?? firstText(payment, ["paymentId", "transactionId"]),
      gatewayTransactionId:
        firstText(result, ["gateway_transaction_id", "pg_transaction_id", "bank_reference_number"]) ??
        firstText(payment, ["gatewayTransactionId"]),
      email: textOf(result.email),
      phone,
      shippingAddress: addressFromShiprocket(result.shipping_address, phone),
      billingAddress: addressFromShiprocket(result.billing_address, phone),
      createdAt: createdDate && !Number.isNaN(createdDate.getTime()) ? createdDate.toISOString() : null,
      raw: result,
    };
  }

  /** Our notes document no refund call for Shiprocket Checkout (docs/providers.md "Switching to Shiprocket"). */
  async refund(_payment: RefundRequest): Promise<RefundResult> {
    throw new RefundNotSupported(shiprocketCheckoutMessages.refundInDashboard);
  }

  /**
   * Accepts the dashboard's custom header (name/value, constant-time) or `X-Api-HMAC-SHA256`
   * (Base64 HMAC of the raw body); either proves the sender. The body is only a trigger: its
   * `order_id` is returned and the caller re-fetches the order with a signed call.
   */
  async verifyWebhook(request: WebhookRequest): Promise<{ checkoutId: string }> {
    const custom = this.options.webhookHeader;
    const customValue = custom ? headerValue(request.headers, custom.name) : undefined;
    const signature = headerValue(request.headers, "x-api-hmac-sha256");
    const byHeader = custom !== undefined && customValue !== undefined && safeEqual(customValue, custom.value);
    const bySignature =
      signature !== undefined &&
      safeEqual(signature.trim(), hmacSha256(this.options.secret, request.rawBody, "base64"));
    if (!byHeader && !bySignature) throw new Unauthorised(shiprocketCheckoutMessages.webhookUnverified);
    let body: unknown;
    try {
      body = JSON.parse(request.rawBody.toString("utf8"));
    } catch {
      throw new InvalidInput("Webhook body is not JSON");
    }
    const checkoutId = isObject(body) ? textOf(body.order_id) : null;
    if (!checkoutId) throw new InvalidInput("Webhook names no order_id");
    return { checkoutId };
  }

  /** One signed call; answers `result` of `{ok:true, result}` or throws PaymentProviderError. */
  private async post(path: string, body: Json): Promise<Json> {
    const payload = JSON.stringify(body);
    let response: Response;
    try {
      response = await fetch(`${this.apiUrl}${path}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          "X-Api-Key": this.options.apiKey,
          "X-Api-HMAC-SHA256": hmacSha256(this.options.secret, payload, "base64"),
        },
        body: payload,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new PaymentProviderError(shiprocketCheckoutMessages.unreachable, null, true);
    }
    const text = await response.text();
    let answer: unknown;
    try {
      answer = text ? JSON.parse(text) : {};
    } catch {
      throw new PaymentProviderError(
        `${shiprocketCheckoutMessages.notJson} (HTTP ${response.status})`,
        response.status,
        response.status >= 500,
      );
    }
    const json = isObject(answer) ? answer : {};
    if (!response.ok || json.ok === false) {
      const said = this.scrub(firstText(json, ["message", "error", "msg"]) ?? response.statusText);
      if (response.status === 404) throw new NotFound(`Shiprocket Checkout: ${said}`);
      throw new PaymentProviderError(
        `Shiprocket Checkout refused ${path} (HTTP ${response.status}): ${said}`,
        response.status,
        response.status === 429 || response.status >= 500,
      );
    }
    const result = json.result;
    if (!isObject(result))
      throw new PaymentProviderError(`Shiprocket Checkout answered ${path} without a result`, 200, false);
    return result;
  }

  /** Keeps the key and secret out of error messages, whatever the other side echoes. */
  private scrub(message: string): string {
    let clean = message.slice(0, 300);
    for (const secret of [this.options.apiKey, this.options.secret]) {
      if (secret) clean = clean.split(secret).join("[redacted]");
    }
    return clean;
  }
}
