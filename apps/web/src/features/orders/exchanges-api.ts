/**
 * Size exchanges and defect reports of a delivered order (issue 29), under the signed-in
 * customer's session: one fetcher per call, with queryOptions for the reads. The answers are
 * the contract's `OrderAfterSales` and `AfterSalesRequest`.
 */
import { queryOptions } from "@tanstack/react-query";
import type {
  AfterSalesRequest,
  AfterSalesSummary,
  ChooseAfterSales,
  CreateAfterSales,
  OrderAfterSales,
} from "@vaki/contract/exchanges";
import { API_BASE, apiDownload, apiGet, apiPost, apiUpload } from "../../lib/api-client";

export const afterSalesKeys = {
  order: (orderId: string) => ["orders", "after-sales", orderId] as const,
  /** Every My Orders page's summaries (refreshed together after any request changes). */
  summaries: ["orders", "after-sales-summaries"] as const,
  summariesOf: (orderIds: readonly string[]) => ["orders", "after-sales-summaries", ...orderIds] as const,
  photo: (url: string) => ["orders", "after-sales", "photo", url] as const,
};

const base = (orderId: string) => `/orders/${encodeURIComponent(orderId)}/exchanges`;
const requestPath = (orderId: string, requestId: number) => `${base(orderId)}/${requestId}`;

/** GET /api/orders/{id}/exchanges: each line's offer (or why none) and the order's requests. */
export function fetchOrderAfterSales(orderId: string, signal?: AbortSignal): Promise<OrderAfterSales> {
  return apiGet<OrderAfterSales>(base(orderId), { signal });
}

export function orderAfterSalesQuery(orderId: string) {
  return queryOptions({
    queryKey: afterSalesKeys.order(orderId),
    queryFn: ({ signal }) => fetchOrderAfterSales(orderId, signal),
  });
}

/** GET /api/orders/exchanges?ids=: of these orders, those with requests: the newest one's status, the open count. */
export function fetchAfterSalesSummaries(
  orderIds: readonly string[],
  signal?: AbortSignal,
): Promise<AfterSalesSummary[]> {
  return apiGet<AfterSalesSummary[]>("/orders/exchanges", { query: { ids: orderIds.join(",") }, signal });
}

/** My Orders' cards: asked only when the page shows delivered orders (the only ones with requests). */
export function afterSalesSummariesQuery(orderIds: readonly string[]) {
  return queryOptions({
    queryKey: afterSalesKeys.summariesOf(orderIds),
    queryFn: ({ signal }) => fetchAfterSalesSummaries(orderIds, signal),
    enabled: orderIds.length > 0,
  });
}

/** POST /api/orders/{id}/exchanges: a size exchange or a defect report for one line. */
export function createAfterSales(orderId: string, body: CreateAfterSales): Promise<AfterSalesRequest> {
  return apiPost<AfterSalesRequest>(base(orderId), body);
}

/** POST /api/orders/{id}/exchanges/{requestId}/photos: one photo's bytes, typed as the file is. */
export function uploadDefectPhoto(orderId: string, requestId: number, photo: Blob): Promise<unknown> {
  return apiUpload<unknown>(`${requestPath(orderId, requestId)}/photos`, photo);
}

/** POST /api/orders/{id}/exchanges/{requestId}/withdraw */
export function withdrawAfterSales(orderId: string, requestId: number): Promise<AfterSalesRequest> {
  return apiPost<AfterSalesRequest>(`${requestPath(orderId, requestId)}/withdraw`);
}

/** POST /api/orders/{id}/exchanges/{requestId}/choose: after SIZE_UNAVAILABLE, another size or a refund. */
export function chooseAfterSales(
  orderId: string,
  requestId: number,
  choice: ChooseAfterSales,
): Promise<AfterSalesRequest> {
  return apiPost<AfterSalesRequest>(`${requestPath(orderId, requestId)}/choose`, choice);
}

/**
 * A defect photo (the answer's `url`). Fetched with the session's token rather than put in an
 * <img src>: the order routes know the customer by the bearer token, which an image request lacks.
 */
export function fetchDefectPhoto(url: string): Promise<Blob> {
  const path = url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url;
  return apiDownload(path);
}
