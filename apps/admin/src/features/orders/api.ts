import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminOrderCounts,
  AdminOrderDetail,
  AdminOrdersAnswer,
  OrderNote,
  OrderNoteRequest,
} from "@vaki/contract/admin/schemas";
import { api } from "../../lib/api-client";

export interface OrderFiltersQuery {
  q?: string;
  status?: string;
  paymentMethod?: string;
  paymentStatus?: string;
  from?: string;
  to?: string;
  minTotal?: number;
  maxTotal?: number;
}

export interface OrdersQuery extends OrderFiltersQuery {
  tab?: string;
  sort?: string;
  dir?: "asc" | "desc";
  cursor?: string;
  limit?: number;
}

export function useOrders(query: OrdersQuery) {
  return useQuery({
    queryKey: ["admin", "orders", query],
    queryFn: ({ signal }) => api<AdminOrdersAnswer>("/orders", { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** How many orders each inbox tab holds under the same filters. */
export function useOrderCounts(query: OrderFiltersQuery) {
  return useQuery({
    queryKey: ["admin", "orders", "counts", query],
    queryFn: ({ signal }) => api<AdminOrderCounts>("/orders/counts", { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: ["admin", "order", id],
    queryFn: ({ signal }) => api<AdminOrderDetail>(`/orders/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useAddOrderNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderNoteRequest) =>
      api<OrderNote>(`/orders/${encodeURIComponent(id)}/notes`, { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "order", id] }),
  });
}
