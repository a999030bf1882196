import { checkoutMessages as m } from "@vaki/contract/messages";
import { consumeOrThrow, type RateLimitRule } from "../../lib/rate-limit/rate-limiter.js";
import { sendWithoutFailing } from "../../providers/mail/mailer.js";
import { orderPageLink } from "../orders/mail-sections.js";
import { paidPaymentStatuses } from "../orders/status.js";
import type { OrderItemRecord, OrderRecord } from "../orders/types.js";
import { orderConfirmationMail } from "./mail-templates.js";
import type { CheckoutReader, CheckoutServiceDeps } from "./types.js";

/** The confirmation e-mail may be asked for again at most once a minute per order. */
export const confirmationResendRule: RateLimitRule = { name: "order-mail-resend", limit: 1, windowMs: 60_000 };

/** The order-confirmation e-mail: sent by the outbox once an order is paid, and again on request. */
export class ConfirmationMail {
  constructor(private readonly deps: Pick<CheckoutServiceDeps, "orders" | "mailer" | "log" | "rateLimiter" | "shop">) {}

  /** POST /api/checkout/send/email: the confirmation again, for a paid order, at most once a minute. */
  async resend(orderId: string, reader: CheckoutReader): Promise<{ sent: boolean; message: string }> {
    const { record } = await this.deps.orders.findForOwner(orderId, reader);
    if (!paidPaymentStatuses.includes(record.payment_status)) return { sent: false, message: m.mailAfterPayment };
    if (!record.contact_email) return { sent: false, message: m.mailNoAddress };
    await consumeOrThrow(this.deps.rateLimiter, confirmationResendRule, record.id, m.mailTooSoon);
    const sent = await this.sendNow(record.id);
    return { sent, message: sent ? m.mailSent : m.mailNoAddress };
  }

  /** Outbox handler of `order-confirmed-mail`: a failure throws, so the outbox retries. */
  async deliver(orderId: string): Promise<void> {
    const found = await this.deps.orders.findRecord(orderId);
    if (!found?.record.contact_email) {
      this.deps.log.warn({ orderId }, "order has no e-mail address; no confirmation sent");
      return;
    }
    await this.deps.mailer.send(await this.mailOf(found.record, found.items));
  }

  private async sendNow(orderId: string): Promise<boolean> {
    const found = await this.deps.orders.findRecord(orderId);
    if (!found?.record.contact_email) return false;
    return sendWithoutFailing(this.deps.mailer, this.deps.log, await this.mailOf(found.record, found.items));
  }

  private async mailOf(record: OrderRecord, items: OrderItemRecord[]) {
    const { publicUrl, name } = this.deps.shop;
    return orderConfirmationMail({
      shopName: name,
      to: record.contact_email ?? "",
      order: await this.deps.orders.presentForMail(record, items, publicUrl),
      link: orderPageLink(publicUrl, record.id, this.deps.orders.linkSecretOf(record)),
      guest: record.user_id === null,
    });
  }
}
