import { failedDeliveryCustomerText } from "@vaki/contract/admin/failed-delivery";
import { deliveryFailedCodes, returnToOriginCodes } from "@vaki/contract/admin/inbox-tabs";
import {
  cancellationBlockReason,
  normaliseStatus,
  orderStatusCodes,
  type TimelineStep,
  timelineStepForOrderCode,
  timelineSteps,
} from "@vaki/contract/fulfilment";
import {
  fulfilmentMessages,
  orderCustomerMessages,
  orderStatusLabels,
  paymentStatusLabels,
} from "@vaki/contract/messages";
import type { OrderStatus, PaymentStatus, TimelineEntry } from "@vaki/contract/orders";

/*
 * How an order reads to the shopper: labels, the progress timeline, whether it may be cancelled
 * and its customer message. Pure functions of the stored order (and, for tracking, the courier's
 * scans), shared by the orders answers and the tracking answer.
 */

export const statusLabelOf = (status: OrderStatus): string => orderStatusLabels[status];
export const paymentStatusLabelOf = (status: PaymentStatus): string => paymentStatusLabels[status];

/** A failed delivery's record on the order (0018); absent on rows read before it. */
export interface FailedDeliveryFields {
  ndr_action?: "re-attempt" | "return" | null;
  reattempt_date?: string | null;
  returned_at?: string | null;
}

/** The shopper's status label: a cancelled order whose parcel came back reads "Returned to us". */
export function shopperStatusLabelOf(order: { status: OrderStatus } & FailedDeliveryFields): string {
  return order.status === "CANCELLED" && order.returned_at
    ? failedDeliveryCustomerText.returnedLabel
    : statusLabelOf(order.status);
}

/** "27 Nov 2026" for an India day (YYYY-MM-DD). */
function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

/** What the shopper reads while a failed delivery goes on, and after its parcel came back; null otherwise. */
function failedDeliveryMessageOf(
  order: Pick<OrderProgress, "status" | "payment_status" | "courier_status_code"> & FailedDeliveryFields,
): string | null {
  const t = failedDeliveryCustomerText;
  if (order.status === "CANCELLED" && order.returned_at) {
    if (order.payment_status === "REFUNDED") return t.returnedRefunded;
    if (order.payment_status === "REFUND_PROCESSING" || order.payment_status === "PARTIALLY_REFUNDED")
      return t.returnedRefunding;
    return t.returnedCod;
  }
  if (order.status !== "SHIPPED") return null;
  const code = order.courier_status_code;
  if (order.ndr_action === "return" || (code !== null && returnToOriginCodes.includes(code))) return t.returning;
  if (order.ndr_action === "re-attempt" && order.reattempt_date && code !== null && deliveryFailedCodes.includes(code))
    return t.reattempt(dayLabel(order.reattempt_date));
  return null;
}

/** What the view needs of an order row. */
export interface OrderProgress {
  status: OrderStatus;
  payment_status: PaymentStatus;
  created_at: string;
  processing_at: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  cancelled_at: string | null;
  /** ORDER code scheme. */
  courier_status_code: number | null;
}

/** The timeline step an order status stands for. */
const stepOfStatus: Readonly<Record<OrderStatus, TimelineStep>> = {
  CREATED: "Created",
  CONFIRMED: "Created",
  PROCESSING: "Processing",
  SHIPPED: "Shipped",
  DELIVERED: "Delivered",
  CANCELLED: "Created",
};

/** A courier scan as the timeline reads it: its ORDER-scheme code and ISO time. */
export interface CourierScan {
  orderCode: number;
  at: string;
}

/**
 * Created → Processing → Shipped → Delivered (R-ORD-4), done up to the
 * furthest of the order's status and the courier's codes (ORDER scheme: created 1, 2; processing
 * 3, 4, 12, 70-76; shipped 6, 19, 20, 43, 51, 58, 61; delivered 7, 41). `at` is the first scan of
 * a step, else when the order reached it. A cancelled order shows the steps it reached, then
 * Cancelled: the steps it will never reach are left out.
 */
export function orderTimeline(order: OrderProgress, scans: readonly CourierScan[] = []): TimelineEntry[] {
  const firstScan = new Map<TimelineStep, string>();
  let furthest = timelineSteps.indexOf(stepOfStatus[order.status]);
  const codes = [...scans, ...(order.courier_status_code ? [{ orderCode: order.courier_status_code, at: "" }] : [])];
  for (const scan of codes) {
    const step = timelineStepForOrderCode(scan.orderCode);
    if (!step) continue;
    furthest = Math.max(furthest, timelineSteps.indexOf(step));
    const seen = firstScan.get(step);
    if (scan.at && (!seen || scan.at < seen)) firstScan.set(step, scan.at);
  }
  const reachedAt: Readonly<Record<TimelineStep, string | null>> = {
    Created: order.created_at,
    Processing: order.processing_at,
    Shipped: order.shipped_at,
    Delivered: order.delivered_at,
  };
  const progress = timelineSteps.map((step, index): TimelineEntry => {
    const done = index <= furthest;
    const at = done ? (firstScan.get(step) ?? reachedAt[step] ?? undefined) : undefined;
    return at ? { step, done, at } : { step, done };
  });
  if (order.status !== "CANCELLED") return progress;
  const cancelled: TimelineEntry = order.cancelled_at
    ? { step: "Cancelled", done: true, at: order.cancelled_at }
    : { step: "Cancelled", done: true };
  return [...progress.filter((entry) => entry.done), cancelled];
}

/** The status the cancelling rule looks at: the courier's label once a shipment is under way. */
export function cancellationStatusOf(order: Pick<OrderProgress, "status" | "courier_status_code">): string {
  if (order.status === "PROCESSING" && order.courier_status_code !== null) {
    return orderStatusCodes[order.courier_status_code] ?? order.status;
  }
  return order.status;
}

/** Whether the shopper may cancel now (R-ORD-4 "Cancelling": status and the 6-hour window). */
export function isCancellable(order: Pick<OrderProgress, "status" | "courier_status_code" | "created_at">, now: Date) {
  return cancellationBlockReason(cancellationStatusOf(order), new Date(order.created_at), now) === null;
}

/**
 * Whether this order may be cancelled online now, and why not (shown beside the disabled button).
 * Only a logged-in owner can cancel, so a guest's order never can; terminal statuses give no reason.
 */
export function cancellationOf(
  order: Pick<OrderProgress, "status" | "courier_status_code" | "created_at"> & { user_id: string | null },
  now: Date,
): { cancellable: boolean; cancelBlockedReason: string | null } {
  const reason = cancellationBlockReason(cancellationStatusOf(order), new Date(order.created_at), now);
  if (reason === "terminal") return { cancellable: false, cancelBlockedReason: null };
  if (reason !== null) return { cancellable: false, cancelBlockedReason: reason };
  if (order.user_id === null) return { cancellable: false, cancelBlockedReason: fulfilmentMessages.guestCannotCancel };
  return { cancellable: true, cancelBlockedReason: null };
}

/**
 * The customer message (R-ORD-4 "Fulfilment messages"): combined order + payment message, then
 * the payment's, then the courier's, then the order's, then a thank-you.
 */
export function customerMessageOf(
  order: Pick<OrderProgress, "status" | "payment_status" | "courier_status_code"> & FailedDeliveryFields,
) {
  const failed = failedDeliveryMessageOf(order);
  if (failed) return failed;
  const m = orderCustomerMessages;
  const courierLabel =
    order.courier_status_code !== null && order.status !== "CANCELLED" && order.status !== "DELIVERED"
      ? orderStatusCodes[order.courier_status_code]
      : undefined;
  return (
    m.combined[`${order.status}/${order.payment_status}`] ??
    m.payment[order.payment_status] ??
    (courierLabel ? m.courier[normaliseStatus(courierLabel)] : undefined) ??
    m.order[order.status] ??
    m.generic
  );
}
