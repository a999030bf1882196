import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminOrderDetail, AdminOrdersAnswer, OrderNote, OrderNoteRequest } from "@vaki/contract/admin/schemas";
import { api } from "../../lib/api-client";

export interface OrdersQuery {
  q?: string;
  status?: string;
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
