import type { FieldErrors } from "@vaki/contract/envelope";
import { codMessages, checkoutMessages as m } from "@vaki/contract/messages";
import { Gone, InvalidInput, TooManyRequests } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import type { SandboxCheckoutSummary, SandboxPaymentProvider } from "../../providers/payment/sandbox-payment.js";
import { readPaymentForm, sandboxFormFields } from "../../providers/payment/sandbox-payment-form.js";
import type { PostalAddress, Serviceability, ServiceabilityQuery } from "../../providers/shipping/shipping-provider.js";
import type { PhoneVerificationService } from "../cod/phone-verification.js";
import { type CodService, codPhone } from "../cod/service.js";
import type { CheckoutService } from "./service.js";

/** The page's answer for an order that no longer awaits payment: 410 with the reason. */
export class OrderNotPayable extends Gone {}

export type SandboxSubmission =
  | { kind: "invalid"; summary: SandboxCheckoutSummary; fieldErrors: FieldErrors }
  /** Cash on delivery: a code was texted to the delivery phone; the page asks for it. */
  | { kind: "code-sent"; summary: SandboxCheckoutSummary; notice: string }
  | { kind: "completed"; redirectUrl: string };

/** Cash on delivery's checks on the hosted page: limits and blocks, and the phone's one-time code. */
export interface SandboxCodDeps {
  cod: CodService;
  phoneCodes: PhoneVerificationService;
}

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
      /** Without it (tests of the page alone), cash on delivery is taken as before: no code, no limits. */
      cod?: SandboxCodDeps;
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
    clientAddress = "unknown",
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
    if (read.payment.method === "cod" && this.deps.cod) {
      const step = await this.codStep(this.deps.cod, summary, read.payment.shippingAddress, form, clientAddress);
      if (step) return step;
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

  /**
   * Before a cash-on-delivery order is placed: COD refused (blocked phone or pincode, a limit hit)
   * with a message that offers prepaid payment; then the code texted to the delivery phone, sent
   * when none is typed (or on "Send a new code") and checked when one is. Null: verified, go on.
   */
  private async codStep(
    deps: SandboxCodDeps,
    summary: SandboxCheckoutSummary,
    address: PostalAddress,
    form: Record<string, string>,
    clientAddress: string,
  ): Promise<SandboxSubmission | null> {
    const attempt = { orderId: summary.orderId, phone: codPhone(address.phone), address };
    const refusal = await deps.cod.refusal(attempt);
    if (refusal) return { kind: "invalid", summary, fieldErrors: { [sandboxFormFields.method]: [refusal] } };
    const code = (form[sandboxFormFields.codCode] ?? "").trim();
    const codeError = (message: string): SandboxSubmission => ({
      kind: "invalid",
      summary,
      fieldErrors: { [sandboxFormFields.codCode]: [message] },
    });
    try {
      const resend = form[sandboxFormFields.codAction] === "send";
      // Placing the order again without the code: ask for the code already sent, not a new one.
      if (!resend && code === "" && (await deps.phoneCodes.hasLiveCode(attempt.phone))) {
        return codeError(codMessages.codeRequired);
      }
      if (resend || code === "") {
        await deps.phoneCodes.send(attempt.phone, clientAddress);
        return { kind: "code-sent", summary, notice: codMessages.codeSent(attempt.phone) };
      }
      await deps.phoneCodes.verify(attempt.phone, code, clientAddress);
    } catch (error) {
      if (error instanceof InvalidInput || error instanceof TooManyRequests) return codeError(error.message);
      throw error;
    }
    await deps.cod.recordAttempt(attempt);
    return null;
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
