/**
 * The order inbox's tabs as data (issue 28): which orders each holds. Free of schemas so the
 * server's queries and the admin app's labels read the same lists.
 *
 * Courier codes are Shiprocket's ORDER scheme (`orders.courier_status_code`, fulfilment-rules.ts).
 */
export const inboxTabs = [
  "cod_to_confirm",
  "to_pack",
  "ready_for_pickup",
  "in_transit",
  "delivery_failed",
  "returned_to_origin",
  "cancelled",
  "all",
] as const;
export type InboxTab = (typeof inboxTabs)[number];

export const inboxTabLabels: Record<InboxTab, string> = {
  cod_to_confirm: "COD to confirm",
  to_pack: "To pack",
  ready_for_pickup: "Ready for pickup",
  in_transit: "In transit",
  delivery_failed: "Delivery failed",
  returned_to_origin: "Returned to origin",
  cancelled: "Cancelled",
  all: "All",
};

/** ORDER codes of a delivery that did not happen and waits for a decision: 36 Undelivered, 89 Issue related to the recipient. */
export const deliveryFailedCodes: readonly number[] = [36, 89];
/** ORDER codes of a parcel on its way back (or back): RTO initiated, delivered, acknowledged, OFD, NDR, in transit, lock, back at seller city. */
export const returnToOriginCodes: readonly number[] = [15, 16, 17, 45, 46, 55, 87, 90];

/** Order statuses in which a paid order is still being prepared (before the courier has it). */
export const beforeDispatchStatuses = ["CONFIRMED", "PROCESSING"] as const;

/** Refunds above this need a fresh step-up (Rs 10,000 in paise). */
export const refundStepUpAbovePaise = 1_000_000;

/** Tab counts stop here: a count of more reads as "10,000+" (counting 100,000 orders per request costs more than it tells). */
export const inboxCountCap = 10_000;

/** A tab's count as the inbox shows it ("10,000+" past the cap). */
export function inboxCountLabel(count: number): string {
  return count > inboxCountCap ? `${inboxCountCap.toLocaleString("en-IN")}+` : count.toLocaleString("en-IN");
}
