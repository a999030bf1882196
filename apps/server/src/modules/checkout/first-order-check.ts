import { cartMessages } from "@vaki/contract/messages";
import type { Db } from "../../db/connection.js";
import type { CheckoutResult } from "../../providers/payment/payment-provider.js";
import type { OrderRecord } from "../orders/types.js";
import { type CheckoutServiceDeps, normalisePhone } from "./types.js";

/**
 * First-order codes are checked again for a guest once their e-mail and phone are known. The
 * sandbox page refuses such a payment beforehand (`reusedCode`); a gateway that collects the
 * contact itself (Shiprocket Checkout) has charged the amount by then, so the order keeps its
 * discount (charging more afterwards would surprise the shopper) and the reuse is noted on it.
 */
export class FirstOrderCheck {
  constructor(private readonly deps: Pick<CheckoutServiceDeps, "orders" | "promotions">) {}

  /** Before a guest pays on a page the shop controls: the order's code when this contact already has a paid order. */
  async reusedCode(orderId: string, contact: { email: string; phone: string }): Promise<string | null> {
    const found = await this.deps.orders.findRecord(orderId);
    if (!found) return null;
    return (await this.reuses(undefined, found.record, contact)) ? found.record.promo_code : null;
  }

  /** The note for the order's review, inside the payment's transaction; null when the code is fine. */
  async noteFor(trx: Db, order: OrderRecord, result: CheckoutResult): Promise<string | null> {
    if (!(await this.reuses(trx, order, { email: result.email, phone: result.phone }))) return null;
    return `first-order code ${order.promo_code} used by an e-mail or phone with an earlier paid order`;
  }

  /** `trx`: inside the payment's transaction; none for a check before it. */
  private async reuses(
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
}
