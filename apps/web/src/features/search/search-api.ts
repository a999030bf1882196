/**
 * Product search (R-STORE-7, GET /api/products/search keyword, page 1, limit 10). The
 * server's index is typo-tolerant ("hodie" finds hoodies). Answers are cached per trimmed query;
 * a query whose input moved on is cancelled through its AbortSignal.
 */
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { FacetedProductList, productListSchema } from "@vaki/contract/catalog";
import { LIST_PAGE_SIZE, type SearchSort } from "@vaki/contract/product-list";
import type { z } from "zod";
import { apiGet } from "../../lib/api-client";
import type { ProductListParams } from "../catalog/catalogue-api";
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

export type SearchPageFilters = Omit<ProductListParams, "page" | "limit" | "sort"> & { sort?: SearchSort };

function searchPageQueryOf(q: string, filters: SearchPageFilters, page: number) {
  return {
    q,
    page,
    limit: LIST_PAGE_SIZE,
    size: filters.size,
    color: filters.color,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    inStock: filters.inStock === undefined ? undefined : String(filters.inStock),
    sort: filters.sort,
  };
}

/**
 * The search results page (/search?q=): the matches a page at a time ("Load more") with the
 * list's facets, filters and sorts. While new filters load, the same query's previous answer stays.
 */
export function useSearchPage(q: string, filters: SearchPageFilters) {
  const keyword = q.trim();
  return useInfiniteQuery({
    queryKey: ["search-page", keyword, filters] as const,
    queryFn: ({ pageParam, signal }) =>
      apiGet<FacetedProductList>("/search", { query: searchPageQueryOf(keyword, filters, pageParam), signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, pageParam) => (last.hasNext ? pageParam + 1 : undefined),
    enabled: keyword.length > 0,
    staleTime: 60_000,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === keyword ? keepPreviousData(previous) : undefined,
  });
}
