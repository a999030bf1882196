import type { OrderStatus, PaymentStatus } from "@vaki/contract/orders";
import { sql, type Updateable, type UpdateObject } from "kysely";
import type { Db } from "../../db/connection.js";
import type { Database, OrdersTable } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import type { OrdersRepo } from "./repo.js";
import {
  codToConfirm,
  forwardPath,
  orderStatusesLeadingTo,
  paymentConfirmation,
  paymentStatusesLeadingTo,
  paymentStatusOnCancel,
  returnedToOrigin,
  staffRefundablePaymentStatuses,
  uncollectablePayment,
} from "./status.js";
import type { OrderRecord } from "./types.js";

/** The column that records when an order reached a status (the timeline's `at`). */
const reachedColumn: Partial<Record<OrderStatus, keyof OrdersTable>> = {
  CONFIRMED: "confirmed_at",
  PROCESSING: "processing_at",
  SHIPPED: "shipped_at",
  DELIVERED: "delivered_at",
  CANCELLED: "cancelled_at",
};

/** What the gateway learnt from the shopper, stored on the order when payment is confirmed. */
export interface PaymentFacts {
  paymentStatus: "SUCCESS" | "COD_PENDING";
  contactEmail: string | null;
  contactPhone: string | null;
  /** JSON text of the PostalAddress. */
  shippingAddress: string | null;
  billingAddress: string | null;
  reviewNote: string | null;
}

/** Who to write to about a payment the shop gives back (the gateway knows it; the order may not yet). */
export interface Contact {
  email: string | null;
  phone: string | null;
}

/** Fills the order's contact from the gateway only where the order has none (never overwrites). */
function contactColumns(contact: Contact): UpdateObject<Database, "orders"> {
  return {
    contact_email: sql<string | null>`coalesce(contact_email, ${contact.email})`,
    contact_phone: sql<string | null>`coalesce(contact_phone, ${contact.phone})`,
  };
}

/**
 * The orders module's status changes after creation (issue 6): payment, shipment, courier
 * progress, cancelling and refunds. Every method is one conditional update (orders/status.ts
 * says which moves exist), run in the caller's transaction where the move has companions
 * (stock, cart, outbox); it answers the changed order, or undefined when the order was not in a
 * state the move starts from — someone else already made it, or it is not allowed.
 */
export class OrderLifecycleService {
  constructor(
    private readonly repo: OrdersRepo,
    private readonly clock: Clock,
  ) {}

  /** CREATED → CONFIRMED with payment SUCCESS or COD_PENDING, contact and addresses stored. */
  async confirmPayment(trx: Db, orderId: string, facts: PaymentFacts): Promise<OrderRecord | undefined> {
    const now = this.now();
    const changed = await this.repo.in(trx).changeIf(
      orderId,
      {
        status: paymentConfirmation.statuses,
        paymentStatus: paymentConfirmation.paymentStatusesFor(facts.paymentStatus),
      },
      {
        status: "CONFIRMED",
        payment_status: facts.paymentStatus,
        contact_email: facts.contactEmail,
        contact_phone: facts.contactPhone,
        shipping_address: facts.shippingAddress,
        billing_address: facts.billingAddress,
        review_note: facts.reviewNote,
        confirmed_at: now,
        updated_at: now,
      },
    );
    return this.indexNames(trx, changed);
  }

  /**
   * Cash on delivery that waits for a person (decision 0013): the order stays CREATED (its stock
   * held until `holdUntil`, not sold, no shipment) with payment COD_PENDING and `cod_state`
   * to_confirm; contact and addresses stored as for a confirmed order.
   */
  async placeCodToConfirm(
    trx: Db,
    orderId: string,
    facts: Omit<PaymentFacts, "paymentStatus">,
    holdUntil: string,
  ): Promise<OrderRecord | undefined> {
    const changed = await this.repo.in(trx).changeIf(
      orderId,
      { status: paymentConfirmation.statuses, paymentStatus: paymentConfirmation.paymentStatusesFor("COD_PENDING") },
      {
        payment_status: "COD_PENDING",
        cod_state: "to_confirm",
        contact_email: facts.contactEmail,
        contact_phone: facts.contactPhone,
        shipping_address: facts.shippingAddress,
        billing_address: facts.billingAddress,
        review_note: facts.reviewNote,
        hold_expires_at: holdUntil,
        updated_at: this.now(),
      },
    );
    return this.indexNames(trx, changed);
  }

  /** A COD order waiting to be confirmed is confirmed (`by`: "auto" or who): CREATED → CONFIRMED. */
  confirmCod(trx: Db, orderId: string, by: string): Promise<OrderRecord | undefined> {
    const now = this.now();
    return this.repo.in(trx).changeIf(
      orderId,
      { status: codToConfirm.statuses, paymentStatus: codToConfirm.paymentStatuses },
      {
        status: "CONFIRMED",
        cod_state: "confirmed",
        cod_confirmed_at: now,
        cod_confirmed_by: by,
        confirmed_at: now,
        updated_at: now,
      },
    );
  }

  /** Marks an order confirmed at once as cash on delivery (verified phone, small order). */
  async markCodAutoConfirmed(trx: Db, orderId: string): Promise<void> {
    const now = this.now();
    await this.repo
      .in(trx)
      .changeIf(
        orderId,
        { status: ["CONFIRMED"], paymentStatus: ["COD_PENDING"] },
        { cod_state: "confirmed", cod_confirmed_at: now, cod_confirmed_by: "auto" },
      );
  }

  /** A declined payment: the order stays CREATED with payment FAILED (the caller releases its hold). */
  recordPaymentFailure(trx: Db, orderId: string): Promise<OrderRecord | undefined> {
    return this.repo
      .in(trx)
      .changeIf(
        orderId,
        { status: paymentConfirmation.statuses, paymentStatus: paymentConfirmation.paymentStatusesFor("FAILED") },
        { payment_status: "FAILED", updated_at: this.now() },
      );
  }

  /**
   * Paid, but the order cannot be fulfilled (its stock sold out while the shopper paid): still
   * CREATED → CANCELLED, the payment straight to REFUND_PROCESSING (or CANCELLED for cash on delivery).
   */
  cancelUnfulfillable(
    trx: Db,
    orderId: string,
    paymentStatus: "REFUND_PROCESSING" | "CANCELLED",
    reviewNote: string,
    contact: Contact,
  ): Promise<OrderRecord | undefined> {
    const now = this.now();
    return this.repo.in(trx).changeIf(
      orderId,
      { status: ["CREATED"], paymentStatus: uncollectablePayment.paymentStatuses },
      {
        status: "CANCELLED",
        payment_status: paymentStatus,
        ...contactColumns(contact),
        review_note: reviewNote,
        cancelled_at: now,
        updated_at: now,
      },
    );
  }

  /** Paid after the order was cancelled (hold expired, replaced): the payment goes to REFUND_PROCESSING. */
  refundLateCapture(trx: Db, orderId: string, reviewNote: string, contact: Contact): Promise<OrderRecord | undefined> {
    return this.repo.in(trx).changeIf(
      orderId,
      { status: ["CANCELLED"], paymentStatus: uncollectablePayment.paymentStatuses },
      {
        payment_status: uncollectablePayment.to,
        ...contactColumns(contact),
        review_note: reviewNote,
        updated_at: this.now(),
      },
    );
  }

  /**
   * The shopper cancels (R-ORD-4 "Cancelling"): from the status and payment status the caller
   * read (so a payment confirmed meanwhile is not cancelled with the wrong refund rule).
   */
  async cancelByShopper(
    trx: Db,
    order: Pick<OrderRecord, "id" | "status" | "payment_status">,
  ): Promise<OrderRecord | undefined> {
    const paymentStatus = paymentStatusOnCancel(order.payment_status);
    if (!paymentStatus || !orderStatusesLeadingTo("CANCELLED").includes(order.status)) return undefined;
    const now = this.now();
    return this.repo
      .in(trx)
      .changeIf(
        order.id,
        { status: [order.status], paymentStatus: [order.payment_status] },
        { status: "CANCELLED", payment_status: paymentStatus, cancelled_at: now, updated_at: now },
      );
  }

  /** The courier platform created the shipment: its order id and status (ORDER code scheme). */
  recordShipment(orderId: string, shipment: { shiprocketOrderId: string; courierStatusCode: number }) {
    return this.repo.changeIf(
      orderId,
      { unsetColumn: "shiprocket_order_id" },
      {
        shiprocket_order_id: shipment.shiprocketOrderId,
        courier_status_code: shipment.courierStatusCode,
        updated_at: this.now(),
      },
    );
  }

  /** The courier assigned an AWB: the order's tracking number and courier; CONFIRMED → PROCESSING. */
  async recordAwb(
    orderId: string,
    awb: { awb: string; courierName: string; courierStatusCode: number },
  ): Promise<OrderRecord | undefined> {
    const now = this.now();
    await this.repo.changeIf(
      orderId,
      { unsetColumn: "tracking_number" },
      {
        tracking_number: awb.awb,
        courier_name: awb.courierName,
        courier_status_code: awb.courierStatusCode,
        updated_at: now,
      },
    );
    await this.moveForward(orderId, "PROCESSING");
    return (await this.repo.findOrder(orderId)) ?? undefined;
  }

  /**
   * The courier's latest status (ORDER code scheme) and the order status it implies, forward
   * only (a delivered order is never moved back by an older scan). A cash-on-delivery order that
   * is delivered has been paid: COD_PENDING → COD_COMPLETED.
   */
  async recordCourierProgress(orderId: string, courierStatusCode: number, impliedStatus: OrderStatus | null) {
    await this.repo.changeIf(
      orderId,
      { status: ["CONFIRMED", "PROCESSING", "SHIPPED"] },
      { courier_status_code: courierStatusCode, updated_at: this.now() },
    );
    if (impliedStatus) await this.moveForward(orderId, impliedStatus);
    if (impliedStatus === "DELIVERED") {
      await this.repo.changeIf(
        orderId,
        { status: ["DELIVERED"], paymentStatus: paymentStatusesLeadingTo("COD_COMPLETED") },
        { payment_status: "COD_COMPLETED", updated_at: this.now() },
      );
    }
    return this.repo.findOrder(orderId);
  }

  /** A person packed the parcel (issue 28): once, while the order is confirmed or being prepared. */
  markPacked(trx: Db, orderId: string, staffId: string | null): Promise<OrderRecord | undefined> {
    const now = this.now();
    return this.repo
      .in(trx)
      .changeIf(
        orderId,
        { status: ["CONFIRMED", "PROCESSING"], unsetColumn: "packed_at" },
        { packed_at: now, packed_by: staffId, updated_at: now },
      );
  }

  /**
   * A person's address edit (issue "owner's side, part 3"): only before dispatch, while no AWB is
   * recorded and the order is as it was read (`updatedAt`), so an edit never races a shipment.
   */
  async changeAddresses(
    trx: Db,
    orderId: string,
    updatedAt: string,
    addresses: { shippingAddress?: string; billingAddress?: string; codAddressKey?: string },
  ): Promise<OrderRecord | undefined> {
    const changed = await this.repo.in(trx).changeIf(
      orderId,
      { status: ["CREATED", "CONFIRMED", "PROCESSING"], unsetColumn: "tracking_number", updatedAt },
      {
        ...(addresses.shippingAddress === undefined ? {} : { shipping_address: addresses.shippingAddress }),
        ...(addresses.billingAddress === undefined ? {} : { billing_address: addresses.billingAddress }),
        ...(addresses.codAddressKey === undefined ? {} : { cod_address_key: addresses.codAddressKey }),
        updated_at: this.now(),
      },
    );
    return addresses.shippingAddress === undefined ? changed : this.indexNames(trx, changed);
  }

  /** The inbox's name-search words follow the stored delivery address, in the same transaction. */
  private async indexNames(trx: Db, changed: OrderRecord | undefined): Promise<OrderRecord | undefined> {
    if (changed) await this.repo.in(trx).replaceNameWords(changed);
    return changed;
  }

  /**
   * A person answered a failed delivery (NDR): a re-attempt on `reattemptDate` (India day) or a
   * return to origin, recorded while the order is still SHIPPED and no return was asked for.
   */
  recordNdrAction(
    trx: Db,
    orderId: string,
    action: "re-attempt" | "return",
    reattemptDate: string | null,
  ): Promise<OrderRecord | undefined> {
    const now = this.now();
    return this.repo
      .in(trx)
      .changeIf(
        orderId,
        { status: ["SHIPPED"], ndrActionNot: "return" },
        { ndr_action: action, ndr_requested_at: now, reattempt_date: reattemptDate, updated_at: now },
      );
  }

  /**
   * The returned parcel is back and checked (`returnedToOrigin`): SHIPPED → CANCELLED once, with
   * when it came back; cash on delivery never collected becomes CANCELLED.
   */
  markReturned(trx: Db, orderId: string): Promise<OrderRecord | undefined> {
    const now = this.now();
    const { from, to } = returnedToOrigin.uncollectedPayment;
    return this.repo.in(trx).changeIf(
      orderId,
      { status: returnedToOrigin.statuses, unsetColumn: "returned_at" },
      {
        status: returnedToOrigin.to,
        payment_status: sql<PaymentStatus>`case when ${sql.ref("payment_status")} = ${from} then ${to} else ${sql.ref("payment_status")} end`,
        returned_at: now,
        cancelled_at: now,
        updated_at: now,
      },
    );
  }

  /**
   * A person's refund of `amount` (issue 28): added to the refunded amount only while the total
   * stays within `paid`; the payment becomes PARTIALLY_REFUNDED, or REFUNDED once all is back.
   */
  recordStaffRefund(trx: Db, orderId: string, amount: number, paid: number): Promise<OrderRecord | undefined> {
    return this.repo.in(trx).addRefunded(orderId, amount, paid, staffRefundablePaymentStatuses, this.now());
  }

  /** The gateway finished the refund: REFUND_PROCESSING → REFUNDED. */
  markRefunded(orderId: string): Promise<OrderRecord | undefined> {
    return this.repo.changeIf(
      orderId,
      { paymentStatus: paymentStatusesLeadingTo("REFUNDED") },
      { payment_status: "REFUNDED", updated_at: this.now() },
    );
  }

  /** Moves along CONFIRMED → PROCESSING → SHIPPED → DELIVERED up to `to`, one conditional update per step. */
  private async moveForward(orderId: string, to: OrderStatus): Promise<void> {
    const current = await this.repo.findOrder(orderId);
    if (!current) return;
    for (const [from, next] of forwardPath(current.status, to)) {
      const now = this.now();
      const column = reachedColumn[next];
      const changes: Updateable<OrdersTable> = { status: next, updated_at: now, ...(column ? { [column]: now } : {}) };
      if (!(await this.repo.changeIf(orderId, { status: [from] }, changes))) return;
    }
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}
