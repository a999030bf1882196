import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminProductDetail, AdminProductsAnswer } from "@vaki/contract/admin/schemas";
import { api } from "../../lib/api-client";

export interface ProductsQuery {
  q?: string;
  status?: string;
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
