/**
 * What the orders page shows about cancelling an order (R-ORD-4
 * "Cancelling", R-ORD-8). The server decides (`cancellable`, `cancelBlockedReason`); an answer without
 * the reason falls back to the same rule from the contract, so the shopper still learns why.
 */
import { cancellationBlockReason } from "@vaki/contract/fulfilment-rules";
import { fulfilmentMessages } from "@vaki/contract/messages";
import type { Order } from "@vaki/contract/orders";

export type CancelDisplay = { kind: "button" } | { kind: "blocked"; reason: string } | { kind: "none" };

type CancelFacts = Pick<Order, "status" | "createdAt" | "cancellable"> & {
  /** Missing from servers older than issue 10. */
  cancelBlockedReason?: string | null | undefined;
};

export function cancelDisplay(order: CancelFacts, now: Date = new Date()): CancelDisplay {
  if (order.cancellable) return { kind: "button" };
  if (order.cancelBlockedReason) return { kind: "blocked", reason: order.cancelBlockedReason };
  // null: the server says there is nothing to say (a final status).
  if (order.cancelBlockedReason === null) return { kind: "none" };
  const reason = cancellationBlockReason(order.status, new Date(order.createdAt), now);
  return reason && reason !== "terminal" ? { kind: "blocked", reason } : { kind: "none" };
}

/**
 * The success toast (R-ORD-8): paid → refund message, pending or created payment → no charge,
 * otherwise "Order has been cancelled." The server's answer carries the same text; it wins.
 */
export function cancelSuccessMessage(paymentStatusBefore: string, serverMessage?: string | null): string {
  if (serverMessage) return serverMessage;
  const payment = paymentStatusBefore.toUpperCase();
  if (["SUCCESS", "COMPLETED", "PAID", "COD_COMPLETED"].includes(payment)) return fulfilmentMessages.cancelledPaid;
  if (payment === "PENDING" || payment === "CREATED") return fulfilmentMessages.cancelledUnpaid;
  return fulfilmentMessages.cancelled;
}
