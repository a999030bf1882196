import { cancellationWindowMs } from "./order-rules.js";

/*
 * Shipments, courier statuses, tracking and the cancellation rule, as data.
 *
 * Shiprocket numbers statuses in TWO schemes that disagree above 5 (docs/providers.md "The two status-code schemes"):
 *  - the SHIPMENT code scheme: tracking `shipment_status`, each activity's `sr-status`, the
 *    tracking webhook's `shipment_status_id`, the shipments list's `status`;
 *  - the ORDER code scheme: `status_code` of order responses (orders/create/adhoc answers 1 NEW),
 *    the `status` filter of GET orders, the tracking webhook's `current_status_id`.
 * The same parcel "in transit" is shipment code 18 and order code 20. Every field below says
 * which scheme it holds.
 *
 * Free of schemas, so the browser's order pages do not load the validation library for them;
 * `fulfilment.ts` re-exports all of it with the tracking schemas (issue 14).
 */

/** An Indian pincode couriers deliver to: 6 digits, the first a postal zone 1-8 (0 is none, 9 the Army Post). */
export const indianPincodePattern = /^[1-8]\d{5}$/;

/**
 * SHIPMENT code scheme (sr-status, shipment_status, shipment_status_id): code → label.
 * Shiprocket's Shipments table (1–59) merged with its Tracking table (6–83); where the two
 * label a code differently the Shipments label is here and the Tracking one in
 * `shipmentStatusTrackingLabels`. Codes not listed (28–37, 53, 58, 64–66, 69–70, 73–74) are undocumented.
 */
export const shipmentStatusCodes: Readonly<Record<number, string>> = {
  1: "AWB Assigned",
  2: "Label Generated",
  3: "Pickup Scheduled/Generated",
  4: "Pickup Queued",
  5: "Manifest Generated",
  6: "Shipped",
  7: "Delivered",
  8: "Cancelled",
  9: "RTO Initiated",
  10: "RTO Delivered",
  11: "Pending",
  12: "Lost",
  13: "Pickup Error",
  14: "RTO Acknowledged",
  15: "Pickup Rescheduled",
  16: "Cancellation Requested",
  17: "Out For Delivery",
  18: "In Transit",
  19: "Out For Pickup",
  20: "Pickup Exception",
  21: "Undelivered",
  22: "Delayed",
  23: "Partial_Delivered",
  24: "Destroyed",
  25: "Damaged",
  26: "Fulfilled",
  27: "Pickup Booked",
  38: "Reached at Destination",
  39: "Misrouted",
  40: "RTO NDR",
  41: "RTO OFD",
  42: "Picked Up",
  43: "Self Fulfilled",
  44: "Disposed Off",
  45: "Cancelled Before Dispatched",
  46: "RTO In Transit",
  47: "QC Failed",
  48: "Reached Warehouse",
  49: "Custom Cleared",
  50: "In Flight",
  51: "Handover to Courier",
  52: "Shipment Booked",
  54: "In Transit Overseas",
  55: "Connection Aligned",
  56: "Reached Overseas Warehouse",
  57: "Custom Cleared Overseas",
  59: "Box Packing",
  60: "FC Allocated",
  61: "Picklist Generated",
  62: "Ready To Pack",
  63: "Packed",
  67: "FC Manifest Generated",
  68: "Processed at Warehouse",
  71: "Handover Exception",
  72: "Packed Exception",
  75: "RTO Lock",
  76: "Untraceable",
  77: "Issue Related to the Recipient",
  78: "Reached Back at Seller City",
  // Hyperlocal deliveries; 81 repeats 79 in the source.
  79: "Rider Assigned",
  80: "Rider Unassigned",
  81: "Rider Assigned",
  82: "Rider Reached at Drop",
  83: "Searching for Rider",
};

/** SHIPMENT code scheme: the Tracking table's label where it differs from `shipmentStatusCodes`. */
export const shipmentStatusTrackingLabels: Readonly<Record<number, string>> = {
  8: "Canceled",
  38: "Reached at Destination Hub",
};

/**
 * ORDER code scheme (status_code of order responses, the GET orders status filter, the tracking
 * webhook's current_status_id): code → label, Shiprocket's Orders filter table.
 */
export const orderStatusCodes: Readonly<Record<number, string>> = {
  1: "New",
  2: "Invoiced",
  3: "Ready To Ship",
  4: "Pickup Scheduled",
  5: "Canceled",
  6: "Shipped",
  7: "Delivered",
  8: "ePayment Failed",
  9: "Returned",
  10: "Unmapped",
  11: "Unfulfillable",
  12: "Pickup Queue",
  13: "Pickup Rescheduled",
  14: "Pickup Error",
  15: "RTO Initiated",
  16: "RTO Delivered",
  17: "RTO Acknowledged",
  18: "Cancellation Requested",
  19: "Out for Delivery",
  20: "In Transit",
  21: "Return Pending",
  22: "Return Initiated",
  23: "Return Pickup Queued",
  24: "Return Pickup Error",
  25: "Return In Transit",
  26: "Return Delivered",
  27: "Return Cancelled",
  28: "Return Pickup Generated",
  29: "Return Cancellation Requested",
  30: "Return Pickup Cancelled",
  31: "Return Pickup Rescheduled",
  32: "Return Picked Up",
  33: "Lost",
  34: "Out For Pickup",
  35: "Pickup Exception",
  36: "Undelivered",
  37: "Delivery Delayed",
  38: "Partial Delivered",
  39: "Destroyed",
  40: "Damaged",
  41: "Fulfilled",
  42: "Archived",
  43: "Reached Destination Hub",
  44: "Misrouted",
  45: "RTO_OFD",
  46: "RTO_NDR",
  47: "Return Out For Pickup",
  48: "Return Out For Delivery",
  49: "Return Pickup Exception",
  50: "Return Undelivered",
  51: "Picked Up",
  52: "Self Fulfilled",
  53: "Disposed Off",
  54: "Canceled before Dispatched",
  55: "RTO In-Transit",
  57: "QC Failed",
  58: "Reached Warehouse",
  59: "Custom Cleared",
  60: "In Flight",
  61: "Handover to Courier",
  62: "Booked",
  64: "In Transit Overseas",
  65: "Connection Aligned",
  66: "Reached Overseas Warehouse",
  67: "Custom Cleared Overseas",
  68: "Return Acknowledged",
  69: "Box Packing",
  70: "Pickup Booked",
  71: "Darkstore Scheduled",
  72: "Allocation in Progress",
  73: "FC Allocated",
  74: "Picklist Generated",
  75: "Ready to Pack",
  76: "Packed",
  80: "FC Manifest Generated",
  81: "Processed at Warehouse",
  82: "Packed Exception",
  83: "Handover Exception",
  87: "RTO_LOCK",
  88: "Untraceable",
  89: "Issue Related to the Recipient",
  90: "Reached Back at Seller City",
};

/**
 * SHIPMENT code → the ORDER code of the same state, for turning tracking's `shipment_status`
 * or an activity's `sr-status` into the order scheme the timeline reads. Same-named states,
 * except 1, 2 and 5 (AWB assigned, label, manifest), which Shiprocket's order list shows as
 * READY TO SHIP. Codes without an order-scheme twin (11 Pending, hyperlocal 79–83) are absent.
 */
export const orderCodeByShipmentCode: Readonly<Record<number, number>> = {
  1: 3,
  2: 3,
  3: 4,
  4: 12,
  5: 3,
  6: 6,
  7: 7,
  8: 5,
  9: 15,
  10: 16,
  12: 33,
  13: 14,
  14: 17,
  15: 13,
  16: 18,
  17: 19,
  18: 20,
  19: 34,
  20: 35,
  21: 36,
  22: 37,
  23: 38,
  24: 39,
  25: 40,
  26: 41,
  27: 70,
  38: 43,
  39: 44,
  40: 46,
  41: 45,
  42: 51,
  43: 52,
  44: 53,
  45: 54,
  46: 55,
  47: 57,
  48: 58,
  49: 59,
  50: 60,
  51: 61,
  52: 62,
  54: 64,
  55: 65,
  56: 66,
  57: 67,
  59: 69,
  60: 73,
  61: 74,
  62: 75,
  63: 76,
  67: 80,
  68: 81,
  71: 83,
  72: 82,
  75: 87,
  76: 88,
  77: 89,
  78: 90,
};

// ---------------------------------------------------------------------------------------------
// Order progress timeline (R-ORD-4)

export const timelineSteps = ["Created", "Processing", "Shipped", "Delivered"] as const;
export type TimelineStep = (typeof timelineSteps)[number];

/** ORDER code scheme → timeline step; the spec's lists, one row per step. */
const timelineCodes: Readonly<Record<TimelineStep, readonly number[]>> = {
  Created: [1, 2],
  Processing: [3, 4, 12, 70, 71, 72, 73, 74, 75, 76],
  Shipped: [6, 19, 20, 43, 51, 58, 61],
  Delivered: [7, 41],
};

/** The timeline step of an ORDER-scheme code (status_code, current_status_id); null when none applies. */
export function timelineStepForOrderCode(code: number): TimelineStep | null {
  return timelineSteps.find((step) => timelineCodes[step].includes(code)) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Cancelling (R-ORD-4 "Cancelling", R-ORD-5, R-ORD-8)

export { cancellationWindowMs };

export const cancellationMessages = {
  outsideWindow: "Order exceeds cancellation within 6 hours of order creation",
  alreadyShipped: "Cancellation is not available if order is already shipped",
} as const;

/** Statuses from which a shopper may cancel (within the window); compared with `normaliseStatus`. */
export const cancellableStatuses = [
  "CREATED",
  "PENDING",
  "CONFIRMED",
  "NEW",
  "INVOICED",
  "READY_TO_SHIP",
  "PICKUP_SCHEDULED",
  "PICKUP_QUEUE",
] as const;

/**
 * SHIPMENT-scheme labels of the same states as cancellable ORDER codes (1 AWB Assigned, 2 Label
 * Generated and 5 Manifest Generated are READY TO SHIP; 3 and 4 are the pickup states), so a
 * courier label allows what its order-scheme twin allows.
 */
export const cancellableStatusAliases = [
  "AWB_ASSIGNED",
  "LABEL_GENERATED",
  "MANIFEST_GENERATED",
  "PICKUP_SCHEDULED/GENERATED",
  "PICKUP_QUEUED",
] as const;

/**
 * Statuses in which the parcel is with the warehouse or a courier: cancelling is refused with
 * `cancellationMessages.alreadyShipped`. The spec names in transit, shipped, out for delivery,
 * picked up and packed "and similar"; these are all such labels of both Shiprocket tables and
 * the shop's PROCESSING/SHIPPED. A status on no list is treated as one of these (refusing is
 * the safe default).
 */
export const shippedTypeStatuses = [
  "PROCESSING",
  "SHIPPED",
  "IN TRANSIT",
  "OUT FOR DELIVERY",
  "PICKED UP",
  "PACKED",
  "PICKUP ERROR",
  "PICKUP RESCHEDULED",
  "OUT FOR PICKUP",
  "PICKUP EXCEPTION",
  "PICKUP BOOKED",
  "UNDELIVERED",
  "DELAYED",
  "DELIVERY DELAYED",
  "REACHED AT DESTINATION",
  "REACHED AT DESTINATION HUB",
  "REACHED DESTINATION HUB",
  "MISROUTED",
  "REACHED WAREHOUSE",
  "CUSTOM CLEARED",
  "IN FLIGHT",
  "HANDOVER TO COURIER",
  "SHIPMENT BOOKED",
  "BOOKED",
  "IN TRANSIT OVERSEAS",
  "CONNECTION ALIGNED",
  "REACHED OVERSEAS WAREHOUSE",
  "CUSTOM CLEARED OVERSEAS",
  "BOX PACKING",
  "FC ALLOCATED",
  "PICKLIST GENERATED",
  "READY TO PACK",
  "FC MANIFEST GENERATED",
  "PROCESSED AT WAREHOUSE",
  "HANDOVER EXCEPTION",
  "PACKED EXCEPTION",
  "DARKSTORE SCHEDULED",
  "ALLOCATION IN PROGRESS",
  "QC FAILED",
  "ISSUE RELATED TO THE RECIPIENT",
  "UNMAPPED",
  "UNFULFILLABLE",
  "RTO INITIATED",
  "RTO ACKNOWLEDGED",
  "RTO NDR",
  "RTO OFD",
  "RTO IN TRANSIT",
  "RTO IN-TRANSIT",
  "RTO LOCK",
  "REACHED BACK AT SELLER CITY",
  "RETURN PENDING",
  "RETURN INITIATED",
  "RETURN PICKUP QUEUED",
  "RETURN PICKUP ERROR",
  "RETURN IN TRANSIT",
  "RETURN PICKUP GENERATED",
  "RETURN CANCELLATION REQUESTED",
  "RETURN PICKUP CANCELLED",
  "RETURN PICKUP RESCHEDULED",
  "RETURN PICKED UP",
  "RETURN OUT FOR PICKUP",
  "RETURN OUT FOR DELIVERY",
  "RETURN PICKUP EXCEPTION",
  "RETURN UNDELIVERED",
  "RETURN ACKNOWLEDGED",
  "RIDER ASSIGNED",
  "RIDER UNASSIGNED",
  "RIDER REACHED AT DROP",
  "SEARCHING FOR RIDER",
] as const;

/** Final statuses: nothing to cancel and no message to show (spec: "Terminal statuses show no message"). */
export const terminalStatuses = [
  "CANCELLED",
  "CANCELED",
  "CANCELLATION REQUESTED",
  "CANCELLED BEFORE DISPATCHED",
  "CANCELED BEFORE DISPATCHED",
  "DELIVERED",
  "PARTIAL DELIVERED",
  "FULFILLED",
  "SELF FULFILLED",
  "ARCHIVED",
  "RETURNED",
  "RETURN DELIVERED",
  "RETURN CANCELLED",
  "RTO DELIVERED",
  "LOST",
  "DAMAGED",
  "DESTROYED",
  "DISPOSED OFF",
  "UNTRACEABLE",
  "EPAYMENT FAILED",
  "REFUNDED",
] as const;

/** Spec: statuses compare "with underscores as spaces, case ignored". */
export function normaliseStatus(status: string): string {
  return status.replaceAll("_", " ").trim().replace(/\s+/g, " ").toUpperCase();
}

const cancellable = new Set<string>([...cancellableStatuses, ...cancellableStatusAliases].map(normaliseStatus));
const terminal = new Set<string>(terminalStatuses.map(normaliseStatus));

/** Which rule a status falls under; an unknown status counts as shipped (refuse by default). */
export function cancellationKindOf(status: string): "cancellable" | "shipped" | "terminal" {
  const normalised = normaliseStatus(status);
  if (cancellable.has(normalised)) return "cancellable";
  if (terminal.has(normalised)) return "terminal";
  return "shipped";
}

/** The last moment an order created at `createdAt` may be cancelled (createdAt + 6 hours). */
export function cancellableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + cancellationWindowMs);
}

/**
 * Why a shopper may not cancel: null when they may; one of `cancellationMessages` when it is
 * refused with a message; "terminal" when refused silently (the order is already final).
 * `status` may be the shop's order status or a courier status label (either scheme's text).
 */
export function cancellationBlockReason(
  status: string,
  createdAt: Date,
  now: Date,
): (typeof cancellationMessages)[keyof typeof cancellationMessages] | "terminal" | null {
  const kind = cancellationKindOf(status);
  if (kind === "terminal") return "terminal";
  if (kind === "shipped") return cancellationMessages.alreadyShipped;
  return now.getTime() > cancellableUntil(createdAt).getTime() ? cancellationMessages.outsideWindow : null;
}
