/**
 * A customer message for every fulfilment (courier) status (R-ORD-4
 * "Fulfilment messages"): the contract's courier messages where the server already has one, ours
 * for the rest. Keys are statuses as `normaliseStatus` writes them ("READY TO SHIP"); a status
 * arrives in either of Shiprocket's spellings ("READY_TO_SHIP", "Ready To Ship", "RTO-In-Transit").
 */
import { normaliseStatus } from "@vaki/contract/fulfilment-rules";
import { fulfilmentMessages, orderCustomerMessages } from "@vaki/contract/messages";
import { policyFacts } from "../policies/policy-facts";

const courier = orderCustomerMessages.courier;
const refund = fulfilmentMessages.refundDays;

const messages: Readonly<Record<string, string>> = {
  // At the warehouse
  "ALLOCATION IN PROGRESS": "We're choosing the warehouse that will pack your order. Packing starts right after.",
  "FC ALLOCATED": "Your order has a warehouse. Our team is about to pick and pack it.",
  "PICKLIST GENERATED": "Your items are on the picking list. Packing is next.",
  "READY TO PACK": "Your items are picked and about to be packed.",
  "BOX PACKING": "Your order is being boxed up right now.",
  PACKED: "Your order is packed and sealed. The courier picks it up next.",
  "PACKED EXCEPTION": "Packing hit a small snag. Our team is on it and will keep your order moving.",
  "FC MANIFEST GENERATED": "Your parcel is on today's courier hand-over list.",
  "PROCESSED AT WAREHOUSE": "Your parcel has been processed at the warehouse and is ready to leave.",
  "DARKSTORE SCHEDULED": "Your order is scheduled at a store near you for a quick dispatch.",
  NEW: "We've got your order. Packing starts within 24 hours.",
  INVOICED: "Your invoice is ready. Your order is being packed.",
  // Booked with the courier
  BOOKED: "Your shipment is booked with the courier. Pickup comes next.",
  "SHIPMENT BOOKED": "Your shipment is booked with the courier. Pickup comes next.",
  "AWB ASSIGNED": "Your parcel has a tracking number. The courier picks it up next.",
  "LABEL GENERATED": "Your shipping label is printed. The courier picks it up next.",
  "MANIFEST GENERATED": "Your parcel is on the courier's pickup list.",
  "READY TO SHIP": courier["READY TO SHIP"]!,
  // Pickup
  "PICKUP SCHEDULED": courier["PICKUP SCHEDULED"]!,
  "PICKUP SCHEDULED/GENERATED": courier["PICKUP SCHEDULED"]!,
  "PICKUP QUEUE": courier["PICKUP QUEUE"]!,
  "PICKUP QUEUED": courier["PICKUP QUEUE"]!,
  "PICKUP BOOKED": "The courier has booked a slot to collect your parcel.",
  "OUT FOR PICKUP": "The courier is on the way to collect your parcel.",
  "PICKUP RESCHEDULED": "The courier moved the pickup to a new slot. Your order leaves right after.",
  "PICKUP ERROR": "The courier couldn't collect your parcel on the first try. They'll come again soon.",
  "PICKUP EXCEPTION": "The pickup didn't go to plan. We're sorting it out with the courier.",
  "PICKED UP": courier["PICKED UP"]!,
  "HANDOVER TO COURIER": "Your parcel has been handed to the courier.",
  "HANDOVER EXCEPTION": "The hand-over to the courier hit a snag. We're sorting it out.",
  // On the way
  SHIPPED: "Your order has shipped and is on its way to you.",
  "IN TRANSIT": courier["IN TRANSIT"]!,
  "IN FLIGHT": "Your parcel is in the air, heading your way.",
  "IN TRANSIT OVERSEAS": "Your parcel is crossing borders on its way to you.",
  "CONNECTION ALIGNED": "Your parcel has a connecting flight lined up.",
  "REACHED OVERSEAS WAREHOUSE": "Your parcel has reached the courier's warehouse in your country.",
  "CUSTOM CLEARED": "Your parcel has cleared customs.",
  "CUSTOM CLEARED OVERSEAS": "Your parcel has cleared customs in your country.",
  "REACHED WAREHOUSE": "Your parcel has reached the courier's warehouse.",
  "REACHED DESTINATION HUB": courier["REACHED DESTINATION HUB"]!,
  "REACHED AT DESTINATION": courier["REACHED DESTINATION HUB"]!,
  "REACHED AT DESTINATION HUB": courier["REACHED DESTINATION HUB"]!,
  DELAYED: "Your parcel is running a little late. The courier is on it and it's still coming to you.",
  "DELIVERY DELAYED": "Your parcel is running a little late. The courier is on it and it's still coming to you.",
  MISROUTED: "Your parcel took a wrong turn. The courier is sending it back on the right route.",
  "OUT FOR DELIVERY": courier["OUT FOR DELIVERY"]!,
  // Delivered, or not
  DELIVERED: `Delivered! We hope you love it. Wrong size? You can exchange it within ${policyFacts.exchangeDays} days of delivery.`,
  "PARTIAL DELIVERED": "Part of your order has been delivered. The rest is on its way.",
  FULFILLED: "Your order is complete. Thanks for shopping with us!",
  "SELF FULFILLED": "Your order has been delivered by our own team.",
  UNDELIVERED: courier.UNDELIVERED!,
  "ISSUE RELATED TO THE RECIPIENT":
    "The courier needs a word with you to deliver. Please keep your phone handy or reply to our e-mail.",
  LOST: courier.LOST!,
  DAMAGED: courier.DAMAGED!,
  DESTROYED: "Your parcel was damaged beyond repair in transit. We'll make it right and write to you.",
  "DISPOSED OFF": "Your parcel couldn't be delivered or returned. We'll write to you about a refund.",
  UNTRACEABLE: "The courier can't trace your parcel right now. We're chasing it and will write to you.",
  UNMAPPED: "We're matching your order with a courier. It will be on its way soon.",
  UNFULFILLABLE: "We can't ship this order as it is. We'll write to you about a refund.",
  // Return to origin (RTO): delivery failed and the parcel comes back to us
  "RTO INITIATED": courier["RTO INITIATED"]!,
  "RTO IN TRANSIT":
    "Your parcel is on its way back to us after the delivery attempts. We'll write to you about what's next.",
  "RTO OFD": "Your parcel is out to be returned to us.",
  "RTO NDR":
    "The courier couldn't deliver your parcel, so it may come back to us. Reply to our e-mail to arrange another try.",
  "RTO DELIVERED": "Your parcel is back with us. We'll be in touch about a refund or a fresh delivery.",
  "RTO ACKNOWLEDGED": "We've received your returned parcel. We'll be in touch about a refund or a fresh delivery.",
  "RTO LOCK": "Your parcel is set to come back to us. We'll write to you about what's next.",
  "REACHED BACK AT SELLER CITY": "Your parcel is back in our city and will reach us shortly.",
  // Returns (an exchange or a return the shopper asked for)
  "RETURN PENDING": "We've noted your return. We'll confirm the pickup shortly.",
  "RETURN INITIATED": "Your return has started. The courier will collect the parcel from you.",
  "RETURN PICKUP GENERATED": "Your return pickup is booked.",
  "RETURN PICKUP QUEUED": "Your return pickup is lined up with the courier.",
  "RETURN PICKUP RESCHEDULED": "Your return pickup has moved to a new slot.",
  "RETURN OUT FOR PICKUP": "The courier is on the way to collect your return.",
  "RETURN PICKUP ERROR": "The courier couldn't collect your return this time. They'll try again.",
  "RETURN PICKUP EXCEPTION": "Your return pickup didn't go to plan. We're sorting it out with the courier.",
  "RETURN PICKUP CANCELLED": "Your return pickup has been cancelled.",
  "RETURN PICKED UP": "The courier has collected your return.",
  "RETURN IN TRANSIT": "Your return is on its way to us.",
  "RETURN OUT FOR DELIVERY": "Your return is out for delivery to our warehouse.",
  "RETURN UNDELIVERED": "Your return couldn't reach our warehouse yet. The courier will try again.",
  "RETURN DELIVERED": "Your return has reached us. We'll check it and update you within a few days.",
  "RETURN ACKNOWLEDGED": "We've received your return and we're checking it.",
  "RETURN CANCELLED": "Your return has been cancelled. The order stays as delivered.",
  "RETURN CANCELLATION REQUESTED": "We've asked the courier to cancel your return.",
  RETURNED: "Your return is complete.",
  "QC FAILED": "Your return didn't pass our quality check. We'll e-mail you the details and what happens next.",
  // Payment
  "EPAYMENT FAILED": "Your payment didn't go through, so nothing was charged. You can order again from your cart.",
  PENDING: "Your shipment is lined up with the courier. The next update comes with the pickup.",
  "PAYMENT PENDING": "We're waiting for your payment to be confirmed. This usually takes a few minutes.",
  REFUNDED: "Your refund is done. It can take a few days to show in your account.",
  // Cancelled
  CANCELLED: `This order has been cancelled. If you paid online, your refund will be processed within ${refund}.`,
  CANCELED: `This order has been cancelled. If you paid online, your refund will be processed within ${refund}.`,
  "CANCELLATION REQUESTED": "We've asked the courier to stop your shipment. We'll confirm the cancellation soon.",
  "CANCELLED BEFORE DISPATCHED": `Your order was cancelled before it left us, so it won't be shipped. Any online payment comes back within ${refund}.`,
  "CANCELED BEFORE DISPATCHED": `Your order was cancelled before it left us, so it won't be shipped. Any online payment comes back within ${refund}.`,
  ARCHIVED: "This order is closed.",
};

/** For families the spec names by prefix (RTO_*, RETURN_*, PICKUP_*), a status nobody listed yet. */
const familyMessages: readonly (readonly [prefix: string, message: string])[] = [
  ["RTO ", "Your parcel is being returned to us. We'll write to you about what happens next."],
  ["RETURN ", "Your return is being processed. We'll keep you posted at every step."],
  ["PICKUP ", "Your order is waiting for the courier to collect it."],
  ["RIDER ", "A delivery rider is handling your order."],
  ["SEARCHING FOR RIDER", "We're finding a delivery rider for your order."],
];

/** "Rto-In-Transit", "RTO_IN_TRANSIT" and "RTO In Transit" all read "RTO IN TRANSIT". */
export function fulfilmentStatusKey(status: string): string {
  return normaliseStatus(status.replaceAll("-", " "));
}

/** The customer message for a courier status, or null for an empty status. */
export function fulfilmentMessage(status: string | null | undefined): string | null {
  if (!status?.trim()) return null;
  const key = fulfilmentStatusKey(status);
  const exact = messages[key];
  if (exact) return exact;
  const family = familyMessages.find(([prefix]) => key.startsWith(prefix) || key === prefix.trim());
  return family ? family[1] : null;
}
