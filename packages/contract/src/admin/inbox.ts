import { paiseSchema } from "../catalog.js";
import { orderStatusSchema, paymentStatusSchema } from "../orders.js";
import { z } from "../zod.js";

export { beforeDispatchStatuses, refundStepUpAbovePaise } from "./inbox-tabs.js";

/** What the order inbox's actions answer and refuse with (issue 28). */
export const inboxMessages = {
  packed: "Marked packed.",
  bulkPacked: (count: number) => `${count} ${count === 1 ? "order" : "orders"} marked packed.`,
  notPackable: "Only a confirmed order that is not packed yet can be marked packed.",
  shipmentCreated: "Shipment created.",
  notShippable: "Only a paid order that is confirmed or being prepared can be shipped.",
  alreadyHasAwb: "This order already has its AWB.",
  shipmentNotCreated: "The courier did not give an AWB. Try again in a few minutes.",
  noLabel: "This order has no shipment with an AWB yet, so there is no label.",
  cancelled: "Order cancelled. The stock is back on sale and any payment is being refunded.",
  notCancellable: "Only an order the courier has not picked up yet can be cancelled.",
  alreadyCancelled: "This order is already cancelled.",
  refunded: "Refund recorded.",
  nothingPaid: "Nothing has been paid for this order, so there is nothing to refund.",
  notRefundable: "This order's payment cannot be refunded now (it is already refunded or being refunded).",
  refundTooLarge: (maxRupees: string) => `You can refund at most ${maxRupees}.`,
  refundAmountRequired: "Enter an amount above zero.",
  refundReasonRequired: "Say why you are refunding.",
  referenceRequired: "Enter the bank or UPI transfer's reference.",
  codRefundMethod: "A cash-on-delivery order is refunded by bank transfer or UPI.",
  prepaidRefundMethod: "A prepaid order is refunded through the payment gateway.",
  orderChanged: "This order changed meanwhile. Reload it and try again.",
  confirmationResent: "Confirmation e-mail queued.",
  noEmail: "This order has no e-mail address to write to.",
  notConfirmedYet: "Only a confirmed order has a confirmation e-mail to send again.",
  selectOrders: "Select at least one order.",
  bulkShipments: (count: number) => `${count} ${count === 1 ? "shipment" : "shipments"} created.`,
  refundLineUnknown: "This line is not part of the order.",
  refundLineTooMany: (left: number) => `At most ${left} of this line can still be refunded.`,
  refundLinesOrAmount: "Refund by line or by amount, not both.",
  refundUnitsRequired: "Enter how many units of a line to refund.",
} as const;

export const refundMethods = ["gateway", "bank", "upi"] as const;
export type RefundMethod = (typeof refundMethods)[number];

/** One line of a refund by line: how many of the order line's units are given back. */
export const refundLineSchema = z.object({
  orderItemId: z.coerce.number().int().min(1),
  quantity: z.coerce.number().int().min(0).max(10_000),
});
export type RefundLine = z.infer<typeof refundLineSchema>;

export const refundRequestSchema = z
  .object({
    /** Paise; absent when `lines` say what is refunded (the server computes the amount). */
    amount: z.coerce
      .number({ error: inboxMessages.refundAmountRequired })
      .int()
      .min(1, inboxMessages.refundAmountRequired)
      .optional(),
    /** A refund by line: each line's units, its paid value (after its discount share) in proportion. */
    lines: z.array(refundLineSchema).max(100).optional(),
    reason: z
      .string({ error: inboxMessages.refundReasonRequired })
      .trim()
      .min(1, inboxMessages.refundReasonRequired)
      .max(500),
    /** Absent for a prepaid order (the gateway); bank or UPI for cash on delivery. */
    method: z.enum(refundMethods).optional(),
    reference: z.string().trim().max(120).optional(),
  })
  .refine((body) => body.method === undefined || body.method === "gateway" || Boolean(body.reference), {
    path: ["reference"],
    message: inboxMessages.referenceRequired,
  })
  .refine((body) => (body.lines ?? []).some((line) => line.quantity > 0) || body.amount !== undefined, {
    path: ["amount"],
    message: inboxMessages.refundAmountRequired,
  });
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const orderRefundSchema = z.object({
  id: z.number().int(),
  amount: paiseSchema,
  reason: z.string(),
  method: z.enum(refundMethods),
  reference: z.string().nullable(),
  status: z.enum(["processing", "completed", "failed"]),
  createdAt: z.string(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/** What an action on one order answers: the order's new state (the page reloads the rest). */
export const orderActionAnswerSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
  packedAt: z.string().nullable(),
  awb: z.string().nullable(),
  refundedAmount: paiseSchema,
});
export type OrderActionAnswer = z.infer<typeof orderActionAnswerSchema>;

export const bulkOrdersRequestSchema = z.object({
  ids: z.array(z.string().trim().min(1).max(64)).min(1, inboxMessages.selectOrders).max(100),
});
export type BulkOrdersRequest = z.infer<typeof bulkOrdersRequestSchema>;

export const bulkPackAnswerSchema = z.object({
  packed: z.array(z.string()),
  /** Orders left as they were, with why. */
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export type BulkPackAnswer = z.infer<typeof bulkPackAnswerSchema>;

export const bulkShipmentsAnswerSchema = z.object({
  created: z.array(z.string()),
  /** Orders without a new shipment, with why. */
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export type BulkShipmentsAnswer = z.infer<typeof bulkShipmentsAnswerSchema>;

/** Which actions the order page may offer now (the role's permissions are checked apart). */
export const orderActionsAvailableSchema = z.object({
  pack: z.boolean(),
  ship: z.boolean(),
  label: z.boolean(),
  cancel: z.boolean(),
  /** Paise still refundable (0: no refund). */
  refundable: paiseSchema,
  /** How a refund is made: through the gateway (prepaid) or recorded as a bank/UPI transfer (COD). */
  refundMethod: z.enum(["gateway", "transfer"]).nullable(),
  resendConfirmation: z.boolean(),
  /** Failed delivery (`failed-delivery.ts`): ask the courier to try again, or to bring the parcel back. */
  reattempt: z.boolean().optional(),
  returnToOrigin: z.boolean().optional(),
  /** The returned parcel is back: check it, restock, close the order. */
  receiveReturn: z.boolean().optional(),
  /** Shipping and billing addresses may be edited (no shipment yet, not cancelled or delivered). */
  editAddresses: z.boolean().optional(),
  /** A refund by line: each line's units not refunded yet and what one unit paid (paise, after its discount). */
  refundLines: z
    .array(z.object({ orderItemId: z.number().int(), quantity: z.number().int(), paidPerUnit: paiseSchema }))
    .optional(),
});
export type OrderActionsAvailable = z.infer<typeof orderActionsAvailableSchema>;
