import { z } from "../zod.js";
import { deliveryFailedCodes } from "./inbox-tabs.js";

/*
 * Failed deliveries (issue "owner's side, part 3"): after the courier's "Undelivered" (NDR) a
 * person asks for a re-attempt or a return to origin (RTO); when the returned parcel is back
 * at the warehouse it is checked, restocked and the order closed (refunded when prepaid).
 * Courier codes are Shiprocket's ORDER scheme (`orders.courier_status_code`).
 */

/** ORDER codes of a parcel back at the warehouse: 16 RTO Delivered, 17 RTO Acknowledged. */
export const returnedToWarehouseCodes: readonly number[] = [16, 17];

/** A re-attempt may be asked for today up to this many days ahead (India days). */
export const reattemptWindowDays = 7;

/** What the shop asked the courier after a failed delivery (stored on the order). */
export const ndrActions = ["re-attempt", "return"] as const;
export type NdrAction = (typeof ndrActions)[number];

export const failedDeliveryMessages = {
  reattemptRequested: (date: string) => `Re-attempt requested for ${date}.`,
  returnRequested: "Return to origin requested. The courier brings the parcel back to the warehouse.",
  returnReceived: "Return received. Stock updated.",
  returnReceivedRefunded: "Return received. Stock updated and the payment is being refunded in full.",
  notFailed: "Only an order whose delivery failed (the courier says Undelivered) can be re-attempted or returned.",
  alreadyReturning: "A return to origin was already requested for this order.",
  reattemptPending: "A re-attempt is already booked; wait for the courier's next attempt.",
  notBack: "The parcel is not back at the warehouse yet (the courier has not said RTO Delivered).",
  alreadyReceived: "This return was already received.",
  noNdrSupport: "This courier cannot take re-attempt or return requests from the shop.",
  dateRequired: "Choose the day for the next attempt.",
  dateOutOfRange: `Choose a day from today to ${reattemptWindowDays} days ahead.`,
  phone: "Enter the customer's 10-digit mobile number.",
  unknownLine: "This line is not part of the order.",
  tooManyUnits: (quantity: number) => `At most ${quantity} came back on this line.`,
} as const;

/** What the customer reads on My Orders (status label and message) as a failed delivery goes on. */
export const failedDeliveryCustomerText = {
  returnedLabel: "Returned to us",
  reattempt: (date: string) => `The courier could not deliver your order. They will try again on ${date}.`,
  returning: "The courier could not deliver your order, so it is coming back to us.",
  returnedRefunding:
    "Your order came back to us, so we've cancelled it. Your refund will be processed within 5-7 business days.",
  returnedRefunded: "Your order came back to us, so we've cancelled it. Your refund has been processed.",
  returnedCod: "Your order came back to us, so we've cancelled it. Nothing is due.",
} as const;

const indianMobile = /^(?:\+91|91|0)?[6-9]\d{9}$/;

/** POST /api/admin/orders/{id}/reattempt: the day (India, YYYY-MM-DD) and the phone the courier calls. */
export const reattemptRequestSchema = z.object({
  date: z
    .string({ error: failedDeliveryMessages.dateRequired })
    .regex(/^\d{4}-\d{2}-\d{2}$/, failedDeliveryMessages.dateRequired),
  phone: z
    .string({ error: failedDeliveryMessages.phone })
    .trim()
    .refine((value) => indianMobile.test(value.replace(/[\s\-().]/g, "")), failedDeliveryMessages.phone),
  comment: z.string().trim().max(200).optional(),
});
export type ReattemptRequest = z.infer<typeof reattemptRequestSchema>;

/**
 * POST /api/admin/orders/{id}/receive-return: per order line, how many units passed the check
 * (back on sale); the rest of the line is written off as damaged. A line left out passes whole.
 */
export const receiveReturnRequestSchema = z.object({
  lines: z
    .array(z.object({ itemId: z.number().int().positive(), restock: z.number().int().min(0).max(1000) }))
    .max(200)
    .default([]),
  note: z.string().trim().max(500).optional(),
});
export type ReceiveReturnRequest = z.infer<typeof receiveReturnRequestSchema>;

/** What an order needs for deciding which failed-delivery actions make sense. */
export interface FailedDeliveryState {
  status: string;
  courierStatusCode: number | null;
  ndrAction: NdrAction | null;
  /** India day (YYYY-MM-DD) of the requested re-attempt. */
  reattemptDate: string | null;
  returnedAt: string | null;
}

/**
 * Which of the three actions make sense now: re-attempt and return while the courier's latest
 * word is a failed delivery (a re-attempt again once its day has passed; nothing after a return
 * was asked for, which cannot be undone), receive once the parcel is back and not yet received.
 */
export function failedDeliveryActionsOf(
  order: FailedDeliveryState,
  today: string,
): { reattempt: boolean; returnToOrigin: boolean; receiveReturn: boolean } {
  const code = order.courierStatusCode;
  const failed = order.status === "SHIPPED" && code !== null && deliveryFailedCodes.includes(code);
  const returning = order.ndrAction === "return";
  const reattemptBooked =
    order.ndrAction === "re-attempt" && order.reattemptDate !== null && order.reattemptDate >= today;
  return {
    reattempt: failed && !returning && !reattemptBooked,
    returnToOrigin: failed && !returning,
    receiveReturn:
      order.status === "SHIPPED" &&
      order.returnedAt === null &&
      code !== null &&
      returnedToWarehouseCodes.includes(code),
  };
}

/** The India day (YYYY-MM-DD) of an instant. */
export function indiaDayOf(instant: Date): string {
  return new Date(instant.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** The India day `days` after `day` (YYYY-MM-DD). */
export function addIndiaDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
