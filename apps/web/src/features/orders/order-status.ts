/**
 * How order and payment statuses read to the shopper (R-ORD-4 "Order
 * statuses", "Payment statuses", "Fulfilment messages"). The server's labels and message win
 * when it sends them; these are the same rules for answers that lack them.
 */
import { orderCustomerMessages, orderStatusLabels, paymentStatusLabels } from "@vaki/contract/messages";
import type { Order, PaymentStatus } from "@vaki/contract/orders";

export type BadgeTone = "info" | "success" | "warning" | "primary" | "danger" | "secondary";

/** R-ORD-4: CREATED info, CONFIRMED success, PROCESSING warning, SHIPPED primary, DELIVERED success, CANCELLED danger, other secondary. */
const orderTones: Readonly<Record<string, BadgeTone>> = {
  CREATED: "info",
  CONFIRMED: "success",
  PROCESSING: "warning",
  SHIPPED: "primary",
  DELIVERED: "success",
  CANCELLED: "danger",
  SUCCESS: "success",
};

export function orderStatusTone(status: string): BadgeTone {
  return orderTones[status.toUpperCase()] ?? "secondary";
}

/** "IN_TRANSIT" → "In Transit": a readable label for a status nobody labelled. */
export function humaniseStatus(status: string): string {
  return status
    .toLowerCase()
    .split(/[\s_]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(" ");
}

export function orderStatusLabel(order: Pick<Order, "status"> & { statusLabel?: string | undefined }): string {
  return (
    order.statusLabel || (orderStatusLabels as Record<string, string>)[order.status] || humaniseStatus(order.status)
  );
}

const paymentTones: Readonly<Record<string, BadgeTone>> = {
  PAID: "success",
  SUCCESS: "success",
  COMPLETED: "success",
  COD_COMPLETED: "success",
  COD_PENDING: "warning",
  CREATED: "info",
  PENDING: "warning",
  PROCESSING: "warning",
  FAILED: "danger",
  FAILURE: "danger",
  CANCELLED: "danger",
  REFUND_PROCESSING: "info",
  REFUNDED: "secondary",
  PARTIALLY_REFUNDED: "secondary",
};

export function paymentStatusTone(status: string): BadgeTone {
  return paymentTones[status.toUpperCase()] ?? "secondary";
}

/** Orders page labels (R-ORD-4): SUCCESS = Paid, PENDING = Payment Pending, … — the server's label first. */
export function paymentLabelForOrders(
  order: Pick<Order, "paymentStatus"> & { paymentStatusLabel?: string | undefined },
): string {
  return (
    order.paymentStatusLabel ||
    (paymentStatusLabels as Record<string, string>)[order.paymentStatus] ||
    humaniseStatus(order.paymentStatus)
  );
}

/** Confirmation page labels (R-ORD-4): SUCCESS shows Completed, PAID shows Paid, COD_PENDING shows Pending. */
const confirmationPaymentLabels: Readonly<Record<string, string>> = {
  ...paymentStatusLabels,
  SUCCESS: "Completed",
  PAID: "Paid",
  COD_PENDING: "Pending",
};

export function paymentLabelForConfirmation(status: string): string {
  return confirmationPaymentLabels[status.toUpperCase()] ?? humaniseStatus(status);
}

/** Payment statuses of an order the shop will ship (paid online, or cash on delivery agreed). */
const paidStatuses = new Set<string>(["SUCCESS", "COMPLETED", "PAID", "COD_PENDING", "COD_COMPLETED"]);

export function isPaidOrder(paymentStatus: PaymentStatus | string): boolean {
  return paidStatuses.has(paymentStatus.toUpperCase());
}

/** Paid and not yet cancelled: the orders the confirmation page makes sure are shipped. */
export function isShippableOrder(order: Pick<Order, "status" | "paymentStatus">): boolean {
  return isPaidOrder(order.paymentStatus) && order.status !== "CANCELLED";
}

export type ConfirmationOutcome = "confirmed" | "failed" | "pending" | "cancelled";

/** What the confirmation page's heading says, from what the SERVER says (never the URL's ost). */
export function confirmationOutcome(order: { status: string; paymentStatus: string }): ConfirmationOutcome {
  const payment = order.paymentStatus.toUpperCase();
  if (order.status === "CANCELLED") return "cancelled";
  if (isPaidOrder(payment)) return "confirmed";
  if (payment === "FAILED" || payment === "FAILURE") return "failed";
  if (payment === "CANCELLED" || payment === "REFUND_PROCESSING" || payment === "REFUNDED") return "cancelled";
  return "pending";
}

/**
 * The customer message of an order (R-ORD-4): the server's `message` when present; otherwise the
 * combined order + payment message, then the payment-status-only message, then the order-status
 * message, then a generic thank-you.
 */
export function orderCustomerMessage(order: {
  status: string;
  paymentStatus: string;
  message?: string | null;
}): string {
  if (order.message) return order.message;
  const m = orderCustomerMessages;
  return (
    m.combined[`${order.status}/${order.paymentStatus}`] ??
    m.payment[order.paymentStatus] ??
    m.order[order.status] ??
    m.generic
  );
}

/** Statuses of an order that was paid (or placed as cash on delivery) and so has a parcel to follow. */
const trackableStatuses: readonly string[] = ["CONFIRMED", "PROCESSING", "SHIPPED", "DELIVERED"];

/** Track Now is offered for a placed order, or one cancelled after the courier had it; never for an unpaid one. */
export function offersTracking(order: Pick<Order, "status" | "trackingNumber">): boolean {
  return trackableStatuses.includes(order.status) || Boolean(order.trackingNumber);
}
