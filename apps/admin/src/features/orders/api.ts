import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BulkPackAnswer, BulkShipmentsAnswer, OrderActionAnswer, RefundRequest } from "@vaki/contract/admin/inbox";
import type { OrderAddressesRequest } from "@vaki/contract/admin/order-addresses";
import type {
  AdminOrderCounts,
  AdminOrderDetail,
  AdminOrdersAnswer,
  OrderNote,
  OrderNoteRequest,
} from "@vaki/contract/admin/schemas";
import { api, apiFile, saveFile } from "../../lib/api-client";

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

/** `enabled` is false while the inbox shows another list (its exchanges tab). */
export function useOrders(query: OrdersQuery, enabled = true) {
  return useQuery({
    queryKey: ["admin", "orders", query],
    queryFn: ({ signal }) => api<AdminOrdersAnswer>("/orders", { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    enabled,
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

const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;

/** One of the inbox's actions on an order; the order and the lists reload after it. */
export function useOrderAction(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["admin", "order", id] });
  const lists = () => queryClient.invalidateQueries({ queryKey: ["admin", "orders"] });
  return useMutation({
    mutationFn: (
      action:
        | { kind: "pack" | "shipment" | "cancel" | "resend-confirmation" }
        | { kind: "refunds"; body: RefundRequest },
    ) =>
      api<OrderActionAnswer>(`${orderPath(id)}/${action.kind}`, {
        method: "POST",
        ...(action.kind === "refunds" ? { body: action.body } : {}),
      }),
    onSuccess: () => Promise.all([refresh(), lists()]),
  });
}

export async function downloadLabel(id: string, orderNumber: string): Promise<void> {
  saveFile(await apiFile(`${orderPath(id)}/label`), `label-${orderNumber}.pdf`);
}

export async function downloadLabels(ids: string[]): Promise<void> {
  saveFile(await apiFile("/orders/bulk/labels", { method: "POST", body: { ids } }), "labels.pdf");
}

export async function downloadManifest(ids: string[]): Promise<void> {
  saveFile(await apiFile("/orders/bulk/manifest", { method: "POST", body: { ids } }), "pickup-manifest.pdf");
}

export function useBulkPack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api<BulkPackAnswer>("/orders/bulk/pack", { method: "POST", body: { ids } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "orders"] }),
  });
}

export function useBulkShipments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api<BulkShipmentsAnswer>("/orders/bulk/shipments", { method: "POST", body: { ids } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "orders"] }),
  });
}

/** The order page's "Edit addresses": the order and the lists (customer names) reload after it. */
export function useEditOrderAddresses(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderAddressesRequest) =>
      api<OrderActionAnswer>(`${orderPath(id)}/addresses`, { method: "PUT", body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["admin", "order", id] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "orders"] }),
      ]),
  });
}
