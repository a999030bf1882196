import { type OrderStatus, orderStatuses, type PaymentStatus, paymentStatuses } from "@vaki/contract/orders";

/**
 * The order and payment state machines as data (STYLE.md): every allowed move in one screen.
 * Status names are the spec's (R-ORD-4). Code that changes a status does it with
 * a conditional update `where status in (sourcesOf(...))`, so a move happens at most once even
 * when several processes try it at the same time.
 */
export const orderTransitions: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  // Payment confirmed (or cash on delivery chosen) → CONFIRMED; hold expired, replaced or cancelled → CANCELLED.
  CREATED: ["CONFIRMED", "CANCELLED"],
  CONFIRMED: ["PROCESSING", "SHIPPED", "CANCELLED"],
  PROCESSING: ["SHIPPED", "CANCELLED"],
  SHIPPED: ["DELIVERED"],
  DELIVERED: [],
  CANCELLED: [],
};

const settled = ["SUCCESS", "PAID", "COMPLETED"] as const;
const failed = ["FAILED", "FAILURE"] as const;

export const paymentTransitions: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  CREATED: ["PENDING", "PROCESSING", ...settled, ...failed, "COD_PENDING", "CANCELLED"],
  PENDING: ["PROCESSING", ...settled, ...failed, "COD_PENDING", "CANCELLED"],
  PROCESSING: [...settled, ...failed, "CANCELLED"],
  // A failed attempt may be retried until the hold expires (online, or as cash on delivery).
  FAILED: ["PENDING", "PROCESSING", ...settled, "COD_PENDING", "CANCELLED"],
  FAILURE: ["PENDING", "PROCESSING", ...settled, "COD_PENDING", "CANCELLED"],
  // A person's refund from the admin (issue 28): part of it, or the rest of it.
  SUCCESS: ["REFUND_PROCESSING", "PARTIALLY_REFUNDED", "REFUNDED"],
  PAID: ["REFUND_PROCESSING", "PARTIALLY_REFUNDED", "REFUNDED"],
  COMPLETED: ["REFUND_PROCESSING", "PARTIALLY_REFUNDED", "REFUNDED"],
  COD_PENDING: ["COD_COMPLETED", "CANCELLED"],
  COD_COMPLETED: ["REFUND_PROCESSING", "PARTIALLY_REFUNDED", "REFUNDED"],
  // R-ORD-4 cancelling: payment SUCCESS becomes REFUND_PROCESSING, then the provider settles it.
  REFUND_PROCESSING: ["REFUNDED", "PARTIALLY_REFUNDED"],
  PARTIALLY_REFUNDED: ["REFUND_PROCESSING", "PARTIALLY_REFUNDED", "REFUNDED"],
  REFUNDED: [],
  CANCELLED: [],
};

/**
 * Payment statuses that make an order a paid one (the "first order" rule of promo codes).
 * The one place this set lives; the payment issue sets these statuses.
 */
export const paidPaymentStatuses: readonly PaymentStatus[] = ["SUCCESS", "COMPLETED", "COD_PENDING", "COD_COMPLETED"];

/** Payment statuses a person may refund from (issue 28): money was taken and not all of it given back. */
export const staffRefundablePaymentStatuses: readonly PaymentStatus[] = [
  "SUCCESS",
  "PAID",
  "COMPLETED",
  "COD_COMPLETED",
  "PARTIALLY_REFUNDED",
];

/** Order statuses whose stock is held, not yet sold (the hold expires without payment). */
export const holdingOrderStatuses: readonly OrderStatus[] = ["CREATED"];

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return orderTransitions[from].includes(to);
}

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return paymentTransitions[from].includes(to);
}

/** Order statuses from which `to` may be reached. */
export function orderStatusesLeadingTo(to: OrderStatus): OrderStatus[] {
  return orderStatuses.filter((from) => canMoveOrder(from, to));
}

/** Payment statuses from which `to` may be reached. */
export function paymentStatusesLeadingTo(to: PaymentStatus): PaymentStatus[] {
  return paymentStatuses.filter((from) => canMovePayment(from, to));
}

/**
 * An unpaid order that gives up waiting for payment (hold expired, or replaced by a new order
 * from the same cart): these are the statuses it may be in, and it moves to CANCELLED/CANCELLED.
 */
export const abandonableOrder = {
  statuses: holdingOrderStatuses.filter((status) => canMoveOrder(status, "CANCELLED")),
  paymentStatuses: paymentStatusesLeadingTo("CANCELLED").filter((status) => !paidPaymentStatuses.includes(status)),
  to: { status: "CANCELLED", paymentStatus: "CANCELLED" },
} as const;

/**
 * A cash-on-delivery order placed but waiting to be confirmed (decision 0013): still CREATED
 * (stock held, nothing shipped) with payment COD_PENDING. A person (or the auto rule) moves it
 * to CONFIRMED; when its hold runs out the sweep cancels it like an unpaid order.
 */
export const codToConfirm = {
  statuses: ["CREATED"] as OrderStatus[],
  paymentStatuses: ["COD_PENDING"] as PaymentStatus[],
} as const;

/** What the hold sweep may cancel: unpaid orders, and COD orders nobody confirmed in time. */
export const expirableOrder = {
  statuses: abandonableOrder.statuses,
  paymentStatuses: [...abandonableOrder.paymentStatuses, ...codToConfirm.paymentStatuses],
} as const;

/**
 * Payment confirmed by the gateway (issue 6): an order still waiting for payment moves to
 * CONFIRMED, its payment to SUCCESS (paid online) or COD_PENDING (cash on delivery). A FAILED
 * payment is recorded on an order that stays CREATED (its hold is released; the sweep cancels it
 * when its time is up, or a new checkout from the cart replaces it), so a retry can still succeed.
 */
export const paymentConfirmation = {
  statuses: holdingOrderStatuses.filter((status) => canMoveOrder(status, "CONFIRMED")),
  paymentStatusesFor: (to: "SUCCESS" | "COD_PENDING" | "FAILED") => paymentStatusesLeadingTo(to),
} as const;

/**
 * A payment the gateway took although the order cannot be fulfilled — it was cancelled while the
 * shopper paid (hold expired, replaced), or its stock sold out meanwhile: captured and refunded
 * in one move, so the order's payment goes straight to REFUND_PROCESSING.
 */
export const uncollectablePayment = {
  paymentStatuses: ["CREATED", "PENDING", "PROCESSING", "FAILED", "FAILURE", "CANCELLED"] as PaymentStatus[],
  to: "REFUND_PROCESSING",
} as const;

/** Payment statuses that hold money the shop must give back when the order is cancelled. */
export const refundablePaymentStatuses: readonly PaymentStatus[] = ["SUCCESS", "PAID", "COMPLETED", "COD_COMPLETED"];

/**
 * The shopper cancels (R-ORD-4 "Cancelling"): the order becomes CANCELLED;
 * a successful payment becomes REFUND_PROCESSING, anything else CANCELLED.
 */
export function paymentStatusOnCancel(from: PaymentStatus): PaymentStatus | null {
  const to: PaymentStatus = refundablePaymentStatuses.includes(from) ? "REFUND_PROCESSING" : "CANCELLED";
  return canMovePayment(from, to) ? to : null;
}

/**
 * A failed delivery's parcel received back at the warehouse (returned to origin): the one way a
 * SHIPPED order ends CANCELLED. It is not in `orderTransitions`, so neither the shopper's nor
 * the shop's cancel ever takes it; cash on delivery that was never collected becomes CANCELLED,
 * a prepaid payment is refunded beside it (checkout's staff refund, same transaction).
 */
export const returnedToOrigin = {
  statuses: ["SHIPPED"] as OrderStatus[],
  to: "CANCELLED",
  uncollectedPayment: { from: "COD_PENDING", to: "CANCELLED" },
} as const;

/** Order statuses a courier's progress moves an order to, in the order they happen. */
const courierProgress: readonly OrderStatus[] = ["CONFIRMED", "PROCESSING", "SHIPPED", "DELIVERED"];

/**
 * The moves that bring an order forward to `to` along the courier's progress (CONFIRMED →
 * PROCESSING → SHIPPED → DELIVERED), each allowed by the table; empty when `to` is not ahead.
 */
export function forwardPath(from: OrderStatus, to: OrderStatus): [OrderStatus, OrderStatus][] {
  const start = courierProgress.indexOf(from);
  const end = courierProgress.indexOf(to);
  if (start < 0 || end <= start) return [];
  const moves: [OrderStatus, OrderStatus][] = [];
  let at = from;
  for (const next of courierProgress.slice(start + 1, end + 1)) {
    if (canMoveOrder(at, next)) {
      moves.push([at, next]);
      at = next;
    } else if (next === to) return [];
  }
  return at === to ? moves : [];
}
