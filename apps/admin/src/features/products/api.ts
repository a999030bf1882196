import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BulkCategoryRequest,
  BulkChangeAnswer,
  BulkFeaturedRequest,
  BulkStatusAnswer,
  BulkStatusRequest,
  ProductEditAnswer,
  StockAdjustmentAnswer,
  StockAdjustmentRequest,
  StockLedgerAnswer,
} from "@vaki/contract/admin/catalogue";
import type { ProductImportAnswer, ProductImportRequest } from "@vaki/contract/admin/product-csv";
import type { ProductEditWithDetails } from "@vaki/contract/admin/product-form";
import type { AdminProductDetail, AdminProductsAnswer } from "@vaki/contract/admin/schemas";
import { api, apiFile, saveFile } from "../../lib/api-client";

export interface ProductsQuery {
  q?: string;
  status?: string;
  stock?: string;
  category?: string;
  character?: string;
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
  return useCatalogueMutation((body: ProductEditWithDetails) =>
    api<ProductEditAnswer>(`/products/${productId}`, { method: "PUT", body }),
  );
}

export function useBulkStatus() {
  return useCatalogueMutation((body: BulkStatusRequest) =>
    api<BulkStatusAnswer>("/products/status", { method: "POST", body }),
  );
}

/** Adds the chosen products to a category (or character), or takes them out of it. */
export function useBulkCategory() {
  return useCatalogueMutation((body: BulkCategoryRequest) =>
    api<BulkChangeAnswer>("/products/categories", { method: "POST", body }),
  );
}

export function useBulkFeatured() {
  return useCatalogueMutation((body: BulkFeaturedRequest) =>
    api<BulkChangeAnswer>("/products/featured", { method: "POST", body }),
  );
}

/** Downloads the products the list's filters select as CSV (one row per variant). */
export async function downloadProductsCsv(
  filters: Pick<ProductsQuery, "q" | "status" | "stock" | "category" | "character">,
): Promise<void> {
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value));
  const day = new Date().toISOString().slice(0, 10);
  saveFile(await apiFile("/products.csv", { query }), `products-${day}.csv`);
}

/** A CSV import: a dry run (`apply` false) or the import itself; an import refreshes the lists. */
export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductImportRequest) => api<ProductImportAnswer>("/products/import", { method: "POST", body }),
    onSuccess: (answer) =>
      answer.applied
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: ["admin", "product"] }),
            queryClient.invalidateQueries({ queryKey: ["admin", "products"] }),
            queryClient.invalidateQueries({ queryKey: ["admin", "ledger"] }),
          ])
        : undefined,
  });
}
