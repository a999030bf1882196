import { checkoutMessages as m } from "@vaki/contract/messages";
import type { PaymentStatus } from "@vaki/contract/orders";
import type { Db } from "../../db/connection.js";
import { Conflict, NotFound } from "../../lib/errors.js";
import type { CheckoutResult } from "../../providers/payment/payment-provider.js";
import type { OrderItemRecord, OrderRecord } from "../orders/types.js";
import { outboxMessages } from "../outbox/messages.js";
import { StockGone } from "./errors.js";
import type { FirstOrderCheck } from "./first-order-check.js";
import type { Refunds } from "./refunds.js";
import type { PaymentRecord } from "./repo.js";
import { type CheckoutServiceDeps, contactOf, gatewayFacts, jsonOrNull, type PaymentState } from "./types.js";

type OutcomeDeps = Pick<
  CheckoutServiceDeps,
  | "repo"
  | "clock"
  | "log"
  | "provider"
  | "orders"
  | "lifecycle"
  | "inventory"
  | "cart"
  | "outbox"
  | "serviceability"
  | "codConfirmation"
  | "paymentReview"
>;

const gatewayStatus = (outcome: CheckoutResult["outcome"]): PaymentState["status"] =>
  outcome === "COD" ? "SUCCESS" : outcome;

const online = (status: PaymentStatus) => status === "SUCCESS";

/**
 * The one place an order learns it was paid. Called by the webhook, the confirmation page and
 * reconciliation; always re-fetches the gateway's word and moves the order forward once, in one
 * transaction with its stock, cart and outbox rows, however many times and in whatever order.
 */
export class PaymentOutcomes {
  constructor(
    private readonly deps: OutcomeDeps,
    private readonly firstOrder: FirstOrderCheck,
    private readonly refunds: Refunds,
  ) {}

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

  private async recordSuccess(
    payment: PaymentRecord,
    result: CheckoutResult,
    order: OrderRecord,
    items: OrderItemRecord[],
  ): Promise<void> {
    const paymentStatus = result.outcome === "COD" ? "COD_PENDING" : "SUCCESS";
    if (result.amount !== order.total) {
      // Tampered or mispriced: never confirm an order for another amount; refunded, or kept for a person.
      const reason = `gateway amount ${result.amount} paise ≠ order total ${order.total} paise`;
      if ((await this.flag(payment, reason, result)) && online(paymentStatus)) {
        await this.deps.paymentReview?.amountMismatch(payment, result.amount);
      }
      return;
    }
    const cod = this.deps.codConfirmation;
    if (paymentStatus === "COD_PENDING" && cod && !cod.confirmsAtOnce(order)) {
      await this.placeCodToConfirm(payment, result, order, items, cod.holdUntil());
      return;
    }
    const gateway = gatewayFacts(paymentStatus, result, this.deps.clock);
    const reviewNote = await this.addressNote(result, order);
    let confirmed = false;
    let recordedNow = false;
    let promoNoteRecorded: string | null = null;
    try {
      await this.deps.repo.transaction(async (repo, trx) => {
        // Lock order of the purchase path: cart → orders → stock holds → variants → promotions.
        if (order.cart_id) await this.deps.cart.lockForPurchase(trx, order.cart_id);
        const promoNote = await this.firstOrder.noteFor(trx, order, result);
        const contact = contactOf(result);
        const moved = await this.deps.lifecycle.confirmPayment(trx, order.id, {
          paymentStatus,
          contactEmail: contact.email,
          contactPhone: contact.phone,
          shippingAddress: jsonOrNull(result.shippingAddress),
          billingAddress: jsonOrNull(result.billingAddress ?? result.shippingAddress),
          reviewNote: [reviewNote, promoNote].filter(Boolean).join("; ") || null,
        });
        recordedNow = (await repo.recordOutcome(payment.id, ["CREATED", "PENDING", "FAILED"], gateway)) !== undefined;
        if (!moved) return;
        promoNoteRecorded = promoNote;
        if (paymentStatus === "COD_PENDING" && cod) await this.deps.lifecycle.markCodAutoConfirmed(trx, order.id);
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
      const why = `sold out while paying: ${error.reason}`;
      await this.refunds.refundUnfulfillable(payment, paymentStatus, result, order, why);
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
      await this.refunds.refundUnfulfillable(payment, paymentStatus, result, now, "paid after the order was cancelled");
    } else if (recordedNow && online(paymentStatus)) {
      // Another checkout of the same order had already paid it: this one is money twice.
      await this.flag(payment, "second payment for an order another checkout already paid; refund it", result);
    }
  }

  /**
   * Cash on delivery that waits for a person (no verified phone, or at or over the auto-confirm
   * value): placed — contact and addresses stored, the lines leave the cart, the stock stays HELD
   * until `holdUntil` — but nothing sold, mailed or shipped until `CodConfirmationService.confirm`.
   */
  private async placeCodToConfirm(
    payment: PaymentRecord,
    result: CheckoutResult,
    order: OrderRecord,
    items: OrderItemRecord[],
    holdUntil: string,
  ): Promise<void> {
    const gateway = gatewayFacts("COD_PENDING", result, this.deps.clock);
    let placed = false;
    try {
      placed = await this.deps.repo.transaction(async (repo, trx) => {
        if (order.cart_id) await this.deps.cart.lockForPurchase(trx, order.cart_id);
        const promoNote = await this.firstOrder.noteFor(trx, order, result);
        const contact = contactOf(result);
        const moved = await this.deps.lifecycle.placeCodToConfirm(
          trx,
          order.id,
          {
            contactEmail: contact.email,
            contactPhone: contact.phone,
            shippingAddress: jsonOrNull(result.shippingAddress),
            billingAddress: jsonOrNull(result.billingAddress ?? result.shippingAddress),
            reviewNote: promoNote,
          },
          holdUntil,
        );
        await repo.recordOutcome(payment.id, ["CREATED", "PENDING", "FAILED"], gateway);
        if (!moved) return false;
        // A hold released by a declined attempt is taken again, or the order cannot be placed.
        try {
          await this.deps.inventory.holdAgain(trx, order.id);
        } catch (error) {
          if (error instanceof Conflict) throw new StockGone(error.message);
          throw error;
        }
        if (order.cart_id) {
          await this.deps.cart.emptyAfterPurchase(trx, order.cart_id, {
            variantIds: items.map((item) => item.variant_id),
            promoCode: order.promo_code,
          });
        }
        return true;
      });
    } catch (error) {
      if (!(error instanceof StockGone)) throw error;
      await this.refunds.refundUnfulfillable(payment, "COD_PENDING", result, order, `sold out: ${error.reason}`);
      return;
    }
    if (placed) {
      this.deps.log.info({ orderId: order.id, holdUntil }, "cash-on-delivery order placed; waiting to be confirmed");
    }
  }

  private async recordFailure(payment: PaymentRecord, result: CheckoutResult, order: OrderRecord): Promise<void> {
    const latest = await this.deps.repo.latestForOrder(order.id);
    const gateway = gatewayFacts("FAILED", result, this.deps.clock);
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

  /** Flags the payment for review once; answers whether this call flagged it. */
  private async flag(payment: PaymentRecord, reason: string, result: CheckoutResult): Promise<boolean> {
    const now = this.deps.clock.now().toISOString();
    if (!(await this.deps.repo.flagForReview(payment.id, reason, jsonOrNull(result.raw), now))) return false;
    this.deps.log.error(
      { orderId: payment.order_id, checkoutId: payment.checkout_id, reason },
      "payment needs review; order not confirmed",
    );
    return true;
  }
}
