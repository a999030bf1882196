import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminAfterSalesList,
  AdminAfterSalesRequest,
  AdminAfterSalesView,
  ApproveAfterSales,
  ReceiveAfterSales,
  RefuseAfterSales,
} from "@vaki/contract/admin/exchanges";
import type { AfterSalesKind } from "@vaki/contract/exchanges";
import { api } from "../../lib/api-client";

const requestPath = (id: number) => `/exchanges/${encodeURIComponent(String(id))}`;

/** The list's query as the admin sends it (the contract's schema coerces `limit` from a string). */
export interface AfterSalesListQuery {
  view: AdminAfterSalesView;
  kind?: AfterSalesKind;
  cursor?: string;
  limit?: number;
}

/** The inbox tab's requests under one view (and kind), a keyset page at a time. */
export function useAfterSalesList(query: AfterSalesListQuery) {
  return useQuery({
    queryKey: ["admin", "exchanges", "list", query],
    queryFn: ({ signal }) => api<AdminAfterSalesList>("/exchanges", { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** How many requests each view holds (the inbox tab shows "To decide"); one row is the least the list answers. */
export function useAfterSalesCounts() {
  return useQuery({
    queryKey: ["admin", "exchanges", "counts"],
    queryFn: ({ signal }) =>
      api<AdminAfterSalesList>("/exchanges", { query: { view: "to_decide", limit: 1 }, signal }).then(
        (answer) => answer.counts,
      ),
  });
}

export function useAfterSalesRequest(id: number) {
  return useQuery({
    queryKey: ["admin", "exchange", id],
    queryFn: ({ signal }) => api<AdminAfterSalesRequest>(requestPath(id), { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** One order's requests, newest first (the order page's section). */
export function useOrderAfterSales(orderId: string) {
  return useQuery({
    queryKey: ["admin", "order", orderId, "exchanges"],
    queryFn: async ({ signal }) =>
      (
        await api<{ items: AdminAfterSalesRequest[] }>(`/orders/${encodeURIComponent(orderId)}/exchanges`, {
          signal,
        })
      ).items,
  });
}

export type AfterSalesAction =
  | { kind: "approve"; body: ApproveAfterSales }
  | { kind: "refuse"; body: RefuseAfterSales }
  | { kind: "size-unavailable" }
  | { kind: "receive"; body: ReceiveAfterSales }
  | { kind: "ship-replacement" };

/**
 * A decision on one request. The answer is the request as it now stands; the inbox lists, the
 * counts and the order page (its status, refunds and section) reload after it.
 */
export function useAfterSalesAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AfterSalesAction) =>
      api<AdminAfterSalesRequest>(`${requestPath(id)}/${action.kind}`, {
        method: "POST",
        body: "body" in action ? action.body : {},
      }),
    onSuccess: (request) => {
      queryClient.setQueryData(["admin", "exchange", id], request);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ["admin", "exchanges"] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "order", request.orderId] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "orders"] }),
      ]);
    },
  });
}
