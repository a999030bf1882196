import type { FieldErrors } from "@vaki/contract/envelope";
import { checkoutMessages as m } from "@vaki/contract/messages";
import { Gone } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import type { SandboxCheckoutSummary, SandboxPaymentProvider } from "../../providers/payment/sandbox-payment.js";
import { readPaymentForm, sandboxFormFields } from "../../providers/payment/sandbox-payment-form.js";
import type { PostalAddress, Serviceability, ServiceabilityQuery } from "../../providers/shipping/shipping-provider.js";
import type { CheckoutService } from "./service.js";

/** The page's answer for an order that no longer awaits payment: 410 with the reason. */
export class OrderNotPayable extends Gone {}

export type SandboxSubmission =
  | { kind: "invalid"; summary: SandboxCheckoutSummary; fieldErrors: FieldErrors }
  | { kind: "completed"; redirectUrl: string };

/**
 * The sandbox gateway's hosted page, seen from the shop: the page shows the order, the form is
 * checked as a gateway would (plus the courier's serviceability of the pincode), the sandbox
 * records the outcome and signs its webhook, and the shop receives that webhook in-process —
 * through the same code path as POST /api/checkout/webhook — before the shopper is sent back.
 */
export class SandboxPayService {
  constructor(
    private readonly deps: {
      provider: SandboxPaymentProvider;
      checkout: CheckoutService;
      serviceability: (query: ServiceabilityQuery) => Promise<Serviceability>;
      log: Logger;
    },
  ) {}

  /**
   * What the page shows; NotFound for an unknown token, Gone for an expired unpaid one, and
   * `OrderNotPayable` (410) while unpaid for an order that was cancelled or paid another way.
   */
  async summary(token: string): Promise<SandboxCheckoutSummary> {
    const summary = await this.deps.provider.describe(token);
    if (!summary.completedRedirectUrl) await this.refuseUnpayable(summary);
    return summary;
  }

  /** A cancelled order is never charged (and then refunded): the page says so instead of taking the payment. */
  private async refuseUnpayable(summary: SandboxCheckoutSummary): Promise<void> {
    const payability = await this.deps.checkout.payability(summary.orderId);
    if (payability === "cancelled") throw new OrderNotPayable(m.paymentPageOrderCancelled);
    if (payability === "settled") throw new OrderNotPayable(m.paymentPageOrderSettled);
  }

  /**
   * Where a finished page sends the shopper: the checkout's return address
   * (`/order-confirmation/{orderId}?oid={checkoutId}&ost={status}`), or the fallback URL the
   * storefront gave when opening the page (a page of this shop), with the same oid and ost.
   */
  returnUrl(completedUrl: string, orderId: string, fallback: string | undefined, origin?: string): string {
    if (!fallback) return completedUrl;
    let url: URL;
    try {
      url = new URL(this.deps.checkout.resolveRedirect(fallback, orderId, origin));
    } catch {
      return completedUrl;
    }
    const done = new URL(completedUrl);
    for (const key of ["oid", "ost"]) {
      const value = done.searchParams.get(key);
      if (value) url.searchParams.set(key, value);
    }
    return url.toString();
  }

  async submit(
    token: string,
    form: Record<string, string>,
    fallback?: string,
    origin?: string,
  ): Promise<SandboxSubmission> {
    const summary = await this.deps.provider.describe(token);
    if (summary.completedRedirectUrl) {
      return {
        kind: "completed",
        redirectUrl: this.returnUrl(summary.completedRedirectUrl, summary.orderId, fallback, origin),
      };
    }
    await this.refuseUnpayable(summary);
    const read = readPaymentForm(form);
    if (!read.ok) return { kind: "invalid", summary, fieldErrors: read.fieldErrors };
    if (read.payment.method !== "fail") {
      const problem =
        (await this.firstOrderProblem(summary.orderId, read.payment.contact)) ??
        (await this.deliveryProblem(read.payment.shippingAddress, read.payment.method === "cod"));
      if (problem) return { kind: "invalid", summary, fieldErrors: problem };
    }
    const completion = await this.deps.provider.complete(token, form);
    if (completion.kind === "invalid") return { kind: "invalid", summary, fieldErrors: completion.fieldErrors };
    try {
      await this.deps.checkout.receiveWebhook({
        headers: completion.webhook.headers,
        rawBody: Buffer.from(completion.webhook.body),
      });
    } catch (error) {
      // As a real gateway's webhook can fail: the confirmation page's check applies the outcome.
      this.deps.log.error({ err: error, checkoutId: summary.checkoutId }, "sandbox webhook could not be applied");
    }
    return {
      kind: "completed",
      redirectUrl: this.returnUrl(completion.redirectUrl, summary.orderId, fallback, origin),
    };
  }

  /** A guest's first-order code (VAKI10) must not be used by an e-mail or phone that has ordered before. */
  private async firstOrderProblem(
    orderId: string,
    contact: { email: string; phone: string },
  ): Promise<FieldErrors | null> {
    const code = await this.deps.checkout.reusedFirstOrderCode(orderId, contact);
    return code ? { [sandboxFormFields.email]: [m.firstOrderCodeReused(code)] } : null;
  }

  /** The courier must reach the address (and offer cash on delivery there when chosen). */
  private async deliveryProblem(address: PostalAddress, cod: boolean): Promise<FieldErrors | null> {
    const { pincode, country } = address;
    const check = await this.deps.serviceability({ pincode, cod, weightKg: 0.5, country });
    if (check.serviceable) return null;
    if (cod && check.codAvailable === false) {
      const anywhere = await this.deps.serviceability({ pincode, cod: false, weightKg: 0.5, country });
      if (anywhere.serviceable) return { [sandboxFormFields.method]: [m.codUnavailable] };
    }
    if (check.region === "international") return { [sandboxFormFields.shipping("country")]: [m.unserviceableCountry] };
    return { [sandboxFormFields.shipping("pincode")]: [m.unserviceable] };
  }
}
