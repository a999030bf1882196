/**
 * Product search (R-STORE-7, GET /api/products/search keyword, page 1, limit 10). The
 * server's index is typo-tolerant ("hodie" finds hoodies). Answers are cached per trimmed query;
 * a query whose input moved on is cancelled through its AbortSignal.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { productListSchema } from "@vaki/contract/catalog";
import type { z } from "zod";
import { apiGet } from "../../lib/api-client";
import { searchRules } from "./search-messages";

export type SearchResults = z.infer<typeof productListSchema>;

export function searchProducts(keyword: string, signal?: AbortSignal): Promise<SearchResults> {
  return apiGet<SearchResults>("/products/search", {
    query: { keyword, page: searchRules.page, limit: searchRules.limit },
    signal,
  });
}

/** Keyed by the trimmed query, so "hoodie " and "hoodie" share one answer. */
export function searchQuery(query: string) {
  const keyword = query.trim();
  return queryOptions({
    queryKey: ["search", keyword] as const,
    queryFn: ({ signal }) => searchProducts(keyword, signal),
    staleTime: 60_000,
  });
}

export function isSearchable(query: string): boolean {
  return query.trim().length >= searchRules.minLength;
}

/** The dropdown's results for a (debounced) query; idle below 3 characters. */
export function useSearchResults(query: string) {
  return useQuery({ ...searchQuery(query), enabled: isSearchable(query) });
}
