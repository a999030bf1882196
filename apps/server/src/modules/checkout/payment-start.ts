import { randomUUID } from "node:crypto";
import type { CheckoutSessionAnswer } from "@vaki/contract/checkout";
import { checkoutMessages as m } from "@vaki/contract/messages";
import { Conflict, InvalidInput } from "../../lib/errors.js";
import type { CheckoutOrder, PostalAddress } from "../../providers/payment/payment-provider.js";
import { paidPaymentStatuses } from "../orders/status.js";
import type { OrderItemRecord, OrderRecord } from "../orders/types.js";
import type { CheckoutReader, CheckoutServiceDeps } from "./types.js";

/** Shiprocket's hosted-checkout bundle; the staging bundle goes with the staging API (docs/providers.md "Switching to Shiprocket"). */
export function shiprocketScriptUrl(apiUrl: string): string {
  return /pickrr\.com|fastrr-api-dev/.test(apiUrl)
    ? "https://customcheckoutfastrr.netlify.app/assets/js/channels/shopify.js"
    : "https://checkout-ui.shiprocket.com/assets/js/channels/shopify.js";
}

export interface InitiateInput {
  orderId: string;
  reader: CheckoutReader;
  redirectUrl?: string | undefined;
  customer?:
    | { email?: string | null | undefined; phone?: string | null | undefined; address?: PostalAddress | undefined }
    | undefined;
  /** The origin the shopper's browser uses (PUBLIC_URL when set): return address and script URL. */
  origin?: string | undefined;
}

type StartDeps = Pick<
  CheckoutServiceDeps,
  "repo" | "clock" | "provider" | "scriptUrl" | "renewToken" | "orders" | "shop"
>;

/** Starting a payment: the gateway's token for the server's order (never the browser's amounts) and where it returns. */
export class PaymentStart {
  constructor(private readonly deps: StartDeps) {}

  /**
   * Starts (or resumes) the hosted checkout of an unpaid order of the caller. A second call for
   * the same order gets a fresh token on the same checkout where the gateway allows it.
   */
  async initiate(input: InitiateInput): Promise<CheckoutSessionAnswer> {
    const { record, items } = await this.deps.orders.findForOwner(input.orderId, input.reader);
    this.assertPayable(record);
    const origin = input.origin ?? this.deps.shop.publicUrl;
    const redirectUrl = this.resolveRedirect(input.redirectUrl, record.id, origin);
    const now = this.deps.clock.now();
    const answer = (checkoutId: string, token: string, expiresAt: string) =>
      this.sessionAnswer(record, { checkoutId, token, expiresAt, redirectUrl, origin });

    const latest = await this.deps.repo.latestForOrder(record.id);
    const resumable =
      latest &&
      latest.provider === this.deps.provider.name &&
      latest.status === "CREATED" &&
      Date.parse(latest.token_expires_at) > now.getTime();
    if (resumable && this.deps.renewToken) {
      // The session keeps its order; only what the page prefills follows this call's choice.
      const renewed = await this.deps.renewToken(latest.checkout_id, this.customerOf(record, input.customer) ?? null);
      if (renewed) {
        await this.deps.repo.renewToken(latest.id, renewed.token, renewed.expiresAt, now.toISOString());
        return answer(latest.checkout_id, renewed.token, renewed.expiresAt);
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
    return answer(session.checkoutId, session.token, session.expiresAt.toISOString());
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

  private checkoutOrderOf(
    record: OrderRecord,
    items: OrderItemRecord[],
    redirectUrl: string,
    customer: InitiateInput["customer"],
  ): CheckoutOrder {
    const prefill = this.customerOf(record, customer);
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
      ...(prefill ? { customer: prefill } : {}),
    };
  }

  /** What the gateway may prefill: contact, and the saved address the shopper chose. */
  private customerOf(record: OrderRecord, customer: InitiateInput["customer"]): CheckoutOrder["customer"] {
    const email = customer?.email ?? record.contact_email ?? undefined;
    const address = customer?.address;
    // An account without a mobile: the chosen address's phone is the likeliest contact number.
    const phone = customer?.phone || record.contact_phone || address?.phone || undefined;
    if (!email && !phone && !address) return undefined;
    return { ...(email ? { email } : {}), ...(phone ? { phone } : {}), ...(address ? { address } : {}) };
  }

  private sessionAnswer(
    record: OrderRecord,
    session: { checkoutId: string; token: string; expiresAt: string; redirectUrl: string; origin: string },
  ): CheckoutSessionAnswer {
    const { checkoutId, token, expiresAt, redirectUrl, origin } = session;
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
