/**
 * Product list filters kept in the URL's search params, so a shared link opens the same list.
 * Prices are whole rupees in the URL and paise on the API. Keys the filters do not own
 * (name, categoryId, categoryName) are left as they are.
 */
import type { ProductSort } from "@vaki/contract/catalog";
import { DEFAULT_PRODUCT_SORT, isProductSort, listFilterParams } from "@vaki/contract/product-list";
import type { ProductListParams } from "./catalogue-api";

export const sortLabels: Readonly<Record<ProductSort, string>> = {
  newest: "Newest",
  popular: "Popular",
  price_asc: "Price: Low to High",
  price_desc: "Price: High to Low",
};

export interface ListFilters {
  size?: string;
  color?: string;
  /** Whole rupees. */
  minPrice?: number;
  /** Whole rupees. */
  maxPrice?: number;
  inStock?: boolean;
  sort: ProductSort;
}

const PAISE_PER_RUPEE = 100;
const MAX_RUPEES = 1_000_000;

function text(params: URLSearchParams, key: string, maxLength: number): string | undefined {
  const value = params.get(key)?.trim();
  return value && value.length <= maxLength ? value : undefined;
}

function rupees(params: URLSearchParams, key: string): number | undefined {
  const raw = params.get(key)?.trim();
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return value <= MAX_RUPEES ? value : undefined;
}

/** Reads the filters from a URL; anything malformed is ignored rather than sent to the API. */
export function filtersFromSearchParams(params: URLSearchParams): ListFilters {
  const sort = params.get("sort");
  const filters: ListFilters = { sort: isProductSort(sort) ? sort : DEFAULT_PRODUCT_SORT };
  const size = text(params, "size", 20);
  const color = text(params, "color", 40);
  let minPrice = rupees(params, "minPrice");
  let maxPrice = rupees(params, "maxPrice");
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  if (size) filters.size = size;
  if (color) filters.color = color;
  if (minPrice !== undefined) filters.minPrice = minPrice;
  if (maxPrice !== undefined) filters.maxPrice = maxPrice;
  if (params.get("inStock") === "true") filters.inStock = true;
  return filters;
}

/** A copy of `params` holding `filters` (defaults left out), other keys kept. */
export function withFilters(params: URLSearchParams, filters: ListFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of listFilterParams) next.delete(key);
  if (filters.size) next.set("size", filters.size);
  if (filters.color) next.set("color", filters.color);
  if (filters.minPrice !== undefined) next.set("minPrice", String(filters.minPrice));
  if (filters.maxPrice !== undefined) next.set("maxPrice", String(filters.maxPrice));
  if (filters.inStock) next.set("inStock", "true");
  if (filters.sort !== DEFAULT_PRODUCT_SORT) next.set("sort", filters.sort);
  return next;
}

/** The API's query for these filters (prices in paise); only the filters set are sent. */
export function listParamsOf(filters: ListFilters): Omit<ProductListParams, "page" | "limit"> {
  const params: Omit<ProductListParams, "page" | "limit"> = { sort: filters.sort };
  if (filters.size) params.size = filters.size;
  if (filters.color) params.color = filters.color;
  if (filters.minPrice !== undefined) params.minPrice = filters.minPrice * PAISE_PER_RUPEE;
  if (filters.maxPrice !== undefined) params.maxPrice = filters.maxPrice * PAISE_PER_RUPEE;
  if (filters.inStock) params.inStock = true;
  return params;
}

/** How many filters narrow the list (the sort is not one). */
export function activeFilterCount(filters: ListFilters): number {
  return [
    filters.size,
    filters.color,
    filters.minPrice !== undefined || filters.maxPrice !== undefined ? true : undefined,
    filters.inStock,
  ].filter(Boolean).length;
}

/** The same filters with every narrowing one removed (the sort stays). */
export function clearedFilters(filters: ListFilters): ListFilters {
  return { sort: filters.sort };
}
