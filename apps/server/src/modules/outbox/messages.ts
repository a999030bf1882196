import { z } from "zod";
import type { OutboxMessage } from "./service.js";

/**
 * The side effects of the purchase path, one builder each: the kind a module registers a handler
 * for, its payload, and the dedupe key that makes a replay insert nothing. Checkout writes the
 * confirmation e-mail and the shipment; cancelling writes the refund, the courier cancel and the
 * cancellation e-mail. Handlers parse the payload back with the schemas here.
 */
export const outboxKinds = {
  orderConfirmedMail: "order-confirmed-mail",
  createShipment: "create-shipment",
  orderCancelledMail: "order-cancelled-mail",
  refundPayment: "refund-payment",
  cancelShipment: "cancel-shipment",
  shippingUpdateMail: "shipping-update-mail",
  /** A payment for another amount than its order's: given back (MISMATCHED_PAYMENT=refund). */
  refundMismatchedPayment: "refund-mismatched-payment",
  /** A payment kept for a person to decide: the owner is told by e-mail. */
  paymentReviewAlert: "payment-review-alert",
  /** A refund a person made in the admin (issue 28): the gateway is asked once, after the commit. */
  staffRefund: "staff-refund",
} as const;

/** The parcel's moments the shopper is written about, once each. */
export const shippingStages = ["shipped", "out-for-delivery", "delivered"] as const;
export type ShippingStage = (typeof shippingStages)[number];

/** Why an order was cancelled, for the wording of its e-mail. */
export const cancellationReasons = ["customer", "sold-out", "late-payment", "cod-refused", "shop"] as const;
export type CancellationReason = (typeof cancellationReasons)[number];

export const orderPayloadSchema = z.object({ orderId: z.string() });
export const paymentPayloadSchema = z.object({ paymentId: z.string() });
export const staffRefundPayloadSchema = z.object({ refundId: z.number().int() });
export const cancellationPayloadSchema = z.object({
  orderId: z.string(),
  reason: z.enum(cancellationReasons),
});

const about = (kind: string, orderId: string, payload: unknown = { orderId }): OutboxMessage => ({
  kind,
  payload,
  dedupeKey: `${kind}:${orderId}`,
});

export const shippingUpdatePayloadSchema = z.object({
  orderId: z.string(),
  stage: z.enum(shippingStages),
});

export const outboxMessages = {
  orderConfirmedMail: (orderId: string) => about(outboxKinds.orderConfirmedMail, orderId),
  createShipment: (orderId: string) => about(outboxKinds.createShipment, orderId),
  orderCancelledMail: (orderId: string, reason: CancellationReason) =>
    about(outboxKinds.orderCancelledMail, orderId, { orderId, reason }),
  refundPayment: (orderId: string) => about(outboxKinds.refundPayment, orderId),
  cancelShipment: (orderId: string) => about(outboxKinds.cancelShipment, orderId),
  shippingUpdateMail: (orderId: string, stage: ShippingStage): OutboxMessage => ({
    kind: outboxKinds.shippingUpdateMail,
    payload: { orderId, stage },
    dedupeKey: `${outboxKinds.shippingUpdateMail}:${stage}:${orderId}`,
  }),
  refundMismatchedPayment: (paymentId: string) => about(outboxKinds.refundMismatchedPayment, paymentId, { paymentId }),
  paymentReviewAlert: (paymentId: string) => about(outboxKinds.paymentReviewAlert, paymentId, { paymentId }),
  staffRefund: (refundId: number) => about(outboxKinds.staffRefund, String(refundId), { refundId }),
  /** The confirmation e-mail again, asked for by a person: a key of its own so it is not the first one's replay. */
  orderConfirmedMailAgain: (orderId: string, requestId: string): OutboxMessage => ({
    kind: outboxKinds.orderConfirmedMail,
    payload: { orderId },
    dedupeKey: `${outboxKinds.orderConfirmedMail}:${orderId}:again:${requestId}`,
  }),
} as const;
