import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BulkStatusAnswer,
  BulkStatusRequest,
  ProductEditAnswer,
  ProductEditRequest,
  StockAdjustmentAnswer,
  StockAdjustmentRequest,
  StockLedgerAnswer,
} from "@vaki/contract/admin/catalogue";
import type { AdminProductDetail, AdminProductsAnswer } from "@vaki/contract/admin/schemas";
import { api } from "../../lib/api-client";

export interface ProductsQuery {
  q?: string;
  status?: string;
  stock?: string;
  sort?: string;
  dir?: "asc" | "desc";
  cursor?: string;
}

export function useProducts(query: ProductsQuery) {
  return useQuery({
    queryKey: ["admin", "products", query],
    queryFn: ({ signal }) => api<AdminProductsAnswer>("/products", { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: string) {
  return useQuery({
    queryKey: ["admin", "product", id],
    queryFn: ({ signal }) => api<AdminProductDetail>(`/products/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useLedger(variantId: number, enabled: boolean) {
  return useQuery({
    queryKey: ["admin", "ledger", variantId],
    queryFn: ({ signal }) => api<StockLedgerAnswer>(`/variants/${variantId}/ledger`, { signal }),
    enabled,
  });
}

/** Stock and product writes refresh the product, its ledger and the lists. */
function useCatalogueMutation<TBody, TAnswer>(call: (body: TBody) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["admin", "product"] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "products"] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "ledger"] }),
      ]),
  });
}

export function useAdjustStock(variantId: number) {
  return useCatalogueMutation((body: StockAdjustmentRequest) =>
    api<StockAdjustmentAnswer>(`/variants/${variantId}/stock`, { method: "POST", body }),
  );
}

export function useSaveProduct(productId: number) {
  return useCatalogueMutation((body: ProductEditRequest) =>
    api<ProductEditAnswer>(`/products/${productId}`, { method: "PUT", body }),
  );
}

export function useBulkStatus() {
  return useCatalogueMutation((body: BulkStatusRequest) =>
    api<BulkStatusAnswer>("/products/status", { method: "POST", body }),
  );
}
