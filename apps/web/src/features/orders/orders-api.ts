/**
 * Order calls (R-ORD-7 "Orders, tracking, checkout"): one fetcher per call,
 * with queryOptions for the reads. A user is named by the access token (and the spec's
 * requestUserId / userId); a guest by the guest session id and the order's secret.
 */
import { queryOptions } from "@tanstack/react-query";
import type { CancelledOrder, CheckoutDetails, OrderTracking, ShipmentAnswer } from "@vaki/contract/checkout";
import type { ListPage } from "@vaki/contract/envelope";
import type { Order } from "@vaki/contract/orders";
import { apiGet, apiPost, callerIdentity } from "../../lib/api-client";

/** R-ORD-9: orders per page. */
export const ORDERS_PER_PAGE = 20;

export type OrderHistoryPage = ListPage<Order>;

/** The reader as the read calls' query names it: requestUserId for a user, guestSessionId for a guest. */
function readerQuery(orderSecret?: string | null) {
  const { userId, guestSessionId } = callerIdentity();
  return { requestUserId: userId, guestSessionId, orderSecret: orderSecret ?? undefined };
}

/** The caller as the write calls' body names it: userId or guestSessionId, and the secret when known. */
function callerBody(orderSecret?: string | null) {
  return { ...callerIdentity(), ...(orderSecret ? { orderSecret } : {}) };
}

export const orderKeys = {
  all: ["orders"] as const,
  history: (owner: string | null, page: number) => ["orders", "history", owner, page] as const,
  histories: ["orders", "history"] as const,
  detail: (orderId: string) => ["orders", "detail", orderId] as const,
  tracking: (orderId: string) => ["orders", "track", orderId] as const,
  checkoutDetails: (checkoutId: string) => ["checkout", "details", checkoutId] as const,
};

// ---------------------------------------------------------------------------------------------
// Reads

/** GET /api/orders/{id}: the user's order, or a guest's with its secret. */
export function fetchOrder(orderId: string, orderSecret?: string | null, signal?: AbortSignal): Promise<Order> {
  return apiGet<Order>(`/orders/${encodeURIComponent(orderId)}`, {
    query: readerQuery(orderSecret),
    signal,
    asGuest: true,
  });
}

export function orderQuery(orderId: string, orderSecret?: string | null) {
  return queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) => fetchOrder(orderId, orderSecret, signal),
  });
}

/** GET /api/orders/orderHistory (login required): page is 1-based here, 0-based in the answer. */
export function fetchOrderHistory(page: number, signal?: AbortSignal): Promise<OrderHistoryPage> {
  return apiGet<OrderHistoryPage>("/orders/orderHistory", {
    query: { requestUserId: callerIdentity().userId, page, limit: ORDERS_PER_PAGE },
    signal,
  });
}

export function orderHistoryQuery(owner: string | null, page: number) {
  return queryOptions({
    queryKey: orderKeys.history(owner, page),
    queryFn: ({ signal }) => fetchOrderHistory(page, signal),
    enabled: owner !== null,
    placeholderData: (previous) => previous,
  });
}

/** GET /api/orders/{id}/track: the courier's tracking and the order's progress timeline. */
export function fetchOrderTracking(
  orderId: string,
  orderSecret?: string | null,
  signal?: AbortSignal,
): Promise<OrderTracking> {
  return apiGet<OrderTracking>(`/orders/${encodeURIComponent(orderId)}/track`, {
    query: { ...readerQuery(orderSecret), orderId },
    signal,
    asGuest: true,
  });
}

export function orderTrackingQuery(orderId: string, orderSecret?: string | null) {
  return queryOptions({
    queryKey: orderKeys.tracking(orderId),
    queryFn: ({ signal }) => fetchOrderTracking(orderId, orderSecret, signal),
    staleTime: 30_000,
  });
}

/** GET /api/checkout/{checkoutId}/details?type=payment: how the payment ended, says the server. */
export function fetchCheckoutDetails(
  checkoutId: string,
  orderSecret?: string | null,
  signal?: AbortSignal,
): Promise<CheckoutDetails> {
  return apiGet<CheckoutDetails>(`/checkout/${encodeURIComponent(checkoutId)}/details`, {
    query: { type: "payment", ...readerQuery(orderSecret) },
    signal,
    asGuest: true,
  });
}

export function checkoutDetailsQuery(checkoutId: string, orderSecret?: string | null) {
  return queryOptions({
    queryKey: orderKeys.checkoutDetails(checkoutId),
    queryFn: ({ signal }) => fetchCheckoutDetails(checkoutId, orderSecret, signal),
  });
}

// ---------------------------------------------------------------------------------------------
// Writes

/** POST /api/orders/cancel/order (logged-in owner). */
export function cancelOrder(orderId: string): Promise<CancelledOrder> {
  return apiPost<CancelledOrder>("/orders/cancel/order", { orderId, userId: callerIdentity().userId });
}

/** POST /api/orders/create/shiprocket: make sure the paid order has its shipment (idempotent). */
export function ensureShipment(orderId: string, orderSecret?: string | null): Promise<ShipmentAnswer> {
  return apiPost<ShipmentAnswer>(
    "/orders/create/shiprocket",
    { orderId, ...callerBody(orderSecret) },
    { asGuest: true },
  );
}

/** POST /api/orders/generate/awb: make sure the shipment has an AWB (idempotent). */
export function ensureAwb(
  orderId: string,
  courierId: number | null | undefined,
  orderSecret?: string | null,
): Promise<ShipmentAnswer> {
  return apiPost<ShipmentAnswer>(
    "/orders/generate/awb",
    { orderId, ...callerBody(orderSecret), ...(courierId ? { courierId } : {}) },
    { asGuest: true },
  );
}

/** POST /api/checkout/send/email: send the order confirmation again (at most once a minute). */
export function sendConfirmationEmail(orderId: string, orderSecret?: string | null): Promise<{ sent: boolean }> {
  return apiPost<{ sent: boolean }>(
    "/checkout/send/email",
    { orderId, ...callerBody(orderSecret), validUserIdentification: true },
    { asGuest: true },
  );
}
