import { deliveryFailedCodes, returnToOriginCodes } from "@vaki/contract/admin/inbox-tabs";
import { type TimelineStep, type TrackingAnswer, timelineStepForOrderCode } from "@vaki/contract/fulfilment";
import { fulfilmentMessages as m } from "@vaki/contract/messages";
import type { OrderStatus, PaymentStatus } from "@vaki/contract/orders";
import { refundablePaymentStatuses } from "../orders/status.js";
import type { OrderRecord } from "../orders/types.js";
import type { ShippingStage } from "../outbox/messages.js";

/** Courier codes and the rules fulfilment reads them by: order status, shipping e-mails, cancel toasts. */
/** The order status a courier's timeline step implies (forward only; Created implies nothing). */
export const statusOfStep: Readonly<Record<TimelineStep, OrderStatus | null>> = {
  Created: null,
  Processing: "PROCESSING",
  Shipped: "SHIPPED",
  Delivered: "DELIVERED",
};

/**
 * The timeline step a courier code (ORDER scheme) implies. A failed delivery (36, 89) and a parcel
 * on its way back (RTO codes) name no step, yet the parcel left: the order is at least SHIPPED,
 * even when the sync never saw an in-transit code in between (the inbox's tabs need SHIPPED).
 */
export function courierStepOf(code: number): TimelineStep | null {
  const step = timelineStepForOrderCode(code);
  if (step) return step;
  return deliveryFailedCodes.includes(code) || returnToOriginCodes.includes(code) ? "Shipped" : null;
}

/** ORDER code scheme: 3 Ready To Ship (AWB assigned), 4 Pickup Scheduled, 19 Out for Delivery. */
export const readyToShipCode = 3;
export const pickupScheduledCode = 4;
export const outForDeliveryCode = 19;
/** Shipments asked about per courier sync tick. */
export const courierSyncBatch = 50;

/**
 * The e-mails a courier update from `before` to `after` calls for: shipped when the order
 * reaches SHIPPED, out for delivery when the courier says so, delivered when it is; a parcel
 * that jumps ahead gets only the news that still holds.
 */
export function shippingStagesReached(
  before: Pick<OrderRecord, "status" | "courier_status_code">,
  after: Pick<OrderRecord, "status" | "courier_status_code">,
): ShippingStage[] {
  if (after.status === "DELIVERED") return before.status === "DELIVERED" ? [] : ["delivered"];
  if (after.status !== "SHIPPED") return [];
  const stages: ShippingStage[] = [];
  const outForDelivery = after.courier_status_code === outForDeliveryCode;
  if (before.status !== "SHIPPED" && !outForDelivery) stages.push("shipped");
  if (outForDelivery && before.courier_status_code !== outForDeliveryCode) stages.push("out-for-delivery");
  return stages;
}

/** Orders that have been paid (or placed as cash on delivery) and may ship. */
export const shippableStatuses: readonly OrderStatus[] = ["CONFIRMED", "PROCESSING"];
export const unpaidStatuses: readonly PaymentStatus[] = ["CREATED", "PENDING", "PROCESSING", "FAILED", "FAILURE"];

/** "2026-11-22 15:30:00" (India time, as couriers write it) → ISO-8601 UTC. */
export function isoFromIndiaTime(date: string): string {
  const parsed = new Date(`${date.trim().replace(" ", "T")}+05:30`);
  return Number.isNaN(parsed.getTime()) ? "" : parsed.toISOString();
}

export const noTracking = (message: string): TrackingAnswer["tracking_data"] => ({
  track_status: 0,
  shipment_status: 0,
  shipment_track: [],
  shipment_track_activities: [],
  track_url: null,
  etd: null,
  error: message,
});

/** The spec's cancel toast by the payment status before cancelling (one refund wording). */
export function cancelToast(paymentStatus: PaymentStatus): string {
  if (refundablePaymentStatuses.includes(paymentStatus)) return m.cancelledPaid;
  if (unpaidStatuses.includes(paymentStatus)) return m.cancelledUnpaid;
  return m.cancelled;
}
