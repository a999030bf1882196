import { defectPhotosMax, defectWindowHours, exchangeWindowDays } from "./exchange-rules.js";
import { z } from "./zod.js";

/*
 * Size exchanges and defect reports (issue 29): what the product page's policy promises, as
 * rules and states. A request belongs to one order line. Its progress is three small state
 * machines as data, each with its allowed moves here and nowhere else:
 *  - the request itself (asked, decided, done);
 *  - the return leg: the customer's unit coming back by reverse pickup (exchanges only);
 *  - the replacement leg: the new size (or a replacement piece) going out.
 * Free of server code so the server's rules and the browser's buttons read the same lists.
 */

// The windows and the photo count live schema-free (the policy pages state them without zod).
export { defectPhotosMax, defectWindowHours, exchangeWindowDays } from "./exchange-rules.js";

export const afterSalesKinds = ["exchange", "defect"] as const;
export type AfterSalesKind = (typeof afterSalesKinds)[number];

/** How a request is settled: the new size, a refund of the line, or a replacement piece. */
export const afterSalesResolutions = ["exchange", "refund", "replace"] as const;
export type AfterSalesResolution = (typeof afterSalesResolutions)[number];

export const afterSalesStatuses = [
  "REQUESTED",
  "SIZE_UNAVAILABLE",
  "APPROVED",
  "REFUSED",
  "WITHDRAWN",
  "COMPLETED",
] as const;
export type AfterSalesStatus = (typeof afterSalesStatuses)[number];

/**
 * The request's moves. SIZE_UNAVAILABLE: the shop found the held size gone (a miscount) and the
 * customer picks another size (back to REQUESTED) or a refund (APPROVED with resolution refund).
 * A defect refunded at once goes REQUESTED → APPROVED → COMPLETED in one step of the service.
 */
export const afterSalesTransitions: Readonly<Record<AfterSalesStatus, readonly AfterSalesStatus[]>> = {
  REQUESTED: ["APPROVED", "REFUSED", "SIZE_UNAVAILABLE", "WITHDRAWN"],
  SIZE_UNAVAILABLE: ["REQUESTED", "APPROVED", "WITHDRAWN"],
  APPROVED: ["COMPLETED"],
  REFUSED: [],
  WITHDRAWN: [],
  COMPLETED: [],
};

/** The customer's unit coming back: booked with the courier, picked up, at the warehouse, checked. */
export const returnLegStatuses = ["PICKUP_BOOKED", "PICKED_UP", "AT_WAREHOUSE", "RECEIVED"] as const;
export type ReturnLegStatus = (typeof returnLegStatuses)[number];
export const returnLegTransitions: Readonly<Record<ReturnLegStatus, readonly ReturnLegStatus[]>> = {
  PICKUP_BOOKED: ["PICKED_UP", "AT_WAREHOUSE", "RECEIVED"],
  PICKED_UP: ["AT_WAREHOUSE", "RECEIVED"],
  AT_WAREHOUSE: ["RECEIVED"],
  RECEIVED: [],
};

/** The new size (or replacement) going out: shipped with an AWB, then delivered. */
export const replacementLegStatuses = ["SHIPPED", "DELIVERED"] as const;
export type ReplacementLegStatus = (typeof replacementLegStatuses)[number];
export const replacementLegTransitions: Readonly<Record<ReplacementLegStatus, readonly ReplacementLegStatus[]>> = {
  SHIPPED: ["DELIVERED"],
  DELIVERED: [],
};

/** What the checked unit was found to be: back on sale, or written off as damaged. */
export const returnConditions = ["restock", "damaged"] as const;
export type ReturnCondition = (typeof returnConditions)[number];

/** When the new size ships: when the courier picks the old one up (default), or at approval. */
export const exchangeShipModes = ["on-pickup", "at-approval"] as const;
export type ExchangeShipMode = (typeof exchangeShipModes)[number];

export function canMoveRequest(from: AfterSalesStatus, to: AfterSalesStatus): boolean {
  return afterSalesTransitions[from].includes(to);
}
export function canMoveReturnLeg(from: ReturnLegStatus | null, to: ReturnLegStatus): boolean {
  return from === null ? to === "PICKUP_BOOKED" : returnLegTransitions[from].includes(to);
}
export function canMoveReplacementLeg(from: ReplacementLegStatus | null, to: ReplacementLegStatus): boolean {
  return from === null ? to === "SHIPPED" : replacementLegTransitions[from].includes(to);
}
/** Statuses in which a request is still open (one open request per order line at a time). */
export const openAfterSalesStatuses: readonly AfterSalesStatus[] = ["REQUESTED", "SIZE_UNAVAILABLE", "APPROVED"];

/** Labels as the customer and the staff read them. */
export const afterSalesStatusLabels: Record<AfterSalesStatus, string> = {
  REQUESTED: "Requested",
  SIZE_UNAVAILABLE: "Size no longer available",
  APPROVED: "Approved",
  REFUSED: "Refused",
  WITHDRAWN: "Withdrawn",
  COMPLETED: "Completed",
};
export const returnLegLabels: Record<ReturnLegStatus, string> = {
  PICKUP_BOOKED: "Pickup booked",
  PICKED_UP: "Picked up",
  AT_WAREHOUSE: "Back at our warehouse",
  RECEIVED: "Received and checked",
};
export const replacementLegLabels: Record<ReplacementLegStatus, string> = {
  SHIPPED: "New size shipped",
  DELIVERED: "New size delivered",
};
export const afterSalesKindLabels: Record<AfterSalesKind, string> = {
  exchange: "Size exchange",
  defect: "Defect report",
};

/** Every text the customer or staff reads about exchanges; tests and both apps use these. */
export const afterSalesMessages = {
  exchangeButton: "Exchange size",
  defectButton: "Report a defect",
  exchangeClosed: `Exchanges close ${exchangeWindowDays} days after delivery`,
  defectClosed: `Defects must be reported within ${defectWindowHours} hours of delivery`,
  notDelivered: "Exchanges open once the order is delivered",
  exchangeIndiaOnly: "Size exchanges are for orders delivered in India",
  defectInternationalOnly: "Defect reports are for orders delivered outside India",
  noOtherSize: "No other size of this piece is in stock right now",
  alreadyRequested: "There is already a request for this item",
  nothingLeftToExchange: "Every unit of this item has already been exchanged or returned",
  signInRequired: "Sign in to the account that placed the order to ask for an exchange",
  sameSize: "Choose a size other than the one you have",
  notSameProduct: "Choose another size of the same product and colour",
  sizeSoldOut: (size: string) => `Size ${size} just sold out; choose another size`,
  descriptionRequired: "Tell us what is wrong with the piece",
  descriptionTooLong: "Keep the description under 2,000 characters",
  tooManyPhotos: `Add at most ${defectPhotosMax} photos`,
  photosClosed: "Photos can be added while the report waits for the shop",
  quantityTooHigh: (units: number) => `At most ${units} of this item can be exchanged`,
  requested: "Exchange requested. We'll e-mail you when the shop has looked at it.",
  defectReported: "Defect reported. We'll e-mail you when the shop has looked at it.",
  withdrawn: "Request withdrawn.",
  cannotWithdraw: "This request can no longer be withdrawn",
  notWaitingForChoice: "This request is not waiting for your choice",
  // Staff side.
  approved: "Request approved.",
  approvedPickup: (awb: string) => `Request approved. Reverse pickup booked (AWB ${awb}).`,
  refused: "Request refused. The customer has been told why.",
  reasonRequired: "Give the customer a reason",
  markedUnavailable: "The customer has been asked to pick another size or a refund.",
  received: "Return received. Stock updated.",
  replacementShipped: (awb: string) => `Replacement shipped (AWB ${awb}).`,
  notOpen: "This request has already been decided",
  notApproved: "Only an approved request can do this",
  notReturning: "Nothing is coming back on this request",
  notPickedUp: "The courier has not picked the piece up yet",
  itemNotFound: "This item is not on the order",
  refundByHand: "This order was paid in cash: refund it by bank or UPI transfer from the order page",
  alreadyReceived: "This return was already received",
  alreadyShipped: "The replacement has already shipped",
  resolutionRequired: "Choose a refund or a replacement",
  replacementOutOfStock: "The replacement is out of stock; refund the customer instead",
  requestNotFound: "No such request",
  noReversePickup: "This courier cannot book reverse pickups from the shop",
} as const;

/** One size the customer may exchange to: another variant of the same product and colour. */
export const exchangeSizeOptionSchema = z.object({
  variantId: z.number().int(),
  size: z.string(),
  inStock: z.boolean(),
});
export type ExchangeSizeOption = z.infer<typeof exchangeSizeOptionSchema>;

/** What an order line allows now, and when not, why (the text under the line in My Orders). */
export const lineAfterSalesSchema = z.object({
  itemId: z.number().int(),
  /** "exchange" (India), "defect" (abroad) or null when neither applies now. */
  offer: z.enum(afterSalesKinds).nullable(),
  /** Why there is no offer (null when there is one, or when a request is open). */
  reason: z.string().nullable(),
  /** Until when the offer stands (ISO). */
  closesAt: z.string().nullable(),
  /** Units still exchangeable on this line. */
  units: z.number().int().min(0),
  /** Exchange: the other sizes of the same product and colour. */
  sizes: z.array(exchangeSizeOptionSchema),
});
export type LineAfterSales = z.infer<typeof lineAfterSalesSchema>;

/** One step of a request's progress as the customer sees it. */
export const afterSalesStepSchema = z.object({
  label: z.string(),
  done: z.boolean(),
  at: z.string().nullable(),
});
export type AfterSalesStep = z.infer<typeof afterSalesStepSchema>;

export const afterSalesPhotoSchema = z.object({ id: z.number().int(), url: z.string() });

/** A request as the customer reads it (and the staff, with more fields in the admin answer). */
export const afterSalesRequestSchema = z.object({
  id: z.number().int(),
  orderId: z.string(),
  itemId: z.number().int(),
  kind: z.enum(afterSalesKinds),
  resolution: z.enum(afterSalesResolutions).nullable(),
  status: z.enum(afterSalesStatuses),
  statusLabel: z.string(),
  returnStatus: z.enum(returnLegStatuses).nullable(),
  replacementStatus: z.enum(replacementLegStatuses).nullable(),
  quantity: z.number().int().min(1),
  productName: z.string(),
  fromSize: z.string().nullable(),
  toSize: z.string().nullable(),
  toVariantId: z.number().int().nullable(),
  description: z.string().nullable(),
  photos: z.array(afterSalesPhotoSchema),
  refusalReason: z.string().nullable(),
  returnAwb: z.string().nullable(),
  replacementAwb: z.string().nullable(),
  /** Paise refunded for this request (0 until then). */
  refundedAmount: z.number().int().min(0),
  steps: z.array(afterSalesStepSchema),
  /** The one-line summary under the item ("Pickup booked: AWB 1490…, the new size ships when it is picked up"). */
  message: z.string(),
  /** The customer may withdraw it now. */
  withdrawable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AfterSalesRequest = z.infer<typeof afterSalesRequestSchema>;

/** GET /api/orders/{id}/exchanges: each line's offer and the order's requests, newest first. */
export const orderAfterSalesSchema = z.object({
  orderId: z.string(),
  deliveredAt: z.string().nullable(),
  lines: z.array(lineAfterSalesSchema),
  requests: z.array(afterSalesRequestSchema),
});
export type OrderAfterSales = z.infer<typeof orderAfterSalesSchema>;

/**
 * GET /api/orders/exchanges?ids=: My Orders' cards. Of the listed orders, those of the signed-in
 * customer with requests: the newest request's kind and status, and how many are still open.
 */
export const afterSalesSummarySchema = z.object({
  orderId: z.string(),
  kind: z.enum(afterSalesKinds),
  status: z.enum(afterSalesStatuses),
  statusLabel: z.string(),
  open: z.number().int().min(0),
});
export type AfterSalesSummary = z.infer<typeof afterSalesSummarySchema>;

/** The orders a My Orders page shows: at most a page's worth, each an order id. */
export const afterSalesSummariesQuerySchema = z.object({
  ids: z
    .string()
    .trim()
    .min(1)
    .max(50 * 65)
    .transform((text) => [...new Set(text.split(",").map((id) => id.trim()))])
    .pipe(z.array(z.string().min(1).max(64)).min(1).max(50)),
});

/** POST /api/orders/{id}/exchanges: a size exchange or a defect report for one line. */
export const createAfterSalesSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("exchange"),
    itemId: z.number().int().positive(),
    variantId: z.number().int().positive(),
    quantity: z.number().int().min(1).max(100).default(1),
  }),
  z.object({
    kind: z.literal("defect"),
    itemId: z.number().int().positive(),
    quantity: z.number().int().min(1).max(100).default(1),
    description: z
      .string({ error: afterSalesMessages.descriptionRequired })
      .trim()
      .min(1, afterSalesMessages.descriptionRequired)
      .max(2000, afterSalesMessages.descriptionTooLong),
  }),
]);
export type CreateAfterSales = z.input<typeof createAfterSalesSchema>;

/** POST /api/orders/{id}/exchanges/{requestId}/choose: after SIZE_UNAVAILABLE, another size or a refund. */
export const chooseAfterSalesSchema = z.union([
  z.object({ variantId: z.number().int().positive() }),
  z.object({ refund: z.literal(true) }),
]);
export type ChooseAfterSales = z.infer<typeof chooseAfterSalesSchema>;
