/**
 * Catalogue calls (R-STORE-7): a fetcher and a TanStack Query `queryOptions` per call.
 * Response types come from @vaki/contract; money is integer paise.
 */
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryKey,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from "@tanstack/react-query";
import type {
  CategoryNode,
  FacetedProductList,
  ProductDetail,
  ProductSummary,
  ProductsQuery,
} from "@vaki/contract/catalog";
import type { ListPage } from "@vaki/contract/envelope";
import { DEFAULT_PRODUCT_SORT, firstListPagePath, LIST_PAGE_SIZE } from "@vaki/contract/product-list";
import { apiGet } from "../../lib/api-client";
import { takeFirstData } from "../../lib/first-data";

/** Catalogue answers change rarely: keep them fresh for a minute, cached for ten. */
const CATALOGUE_STALE_MS = 60_000;

export type ProductPage = ListPage<ProductSummary>;
export type CategoryPage = ListPage<CategoryNode>;
/** A product list's query: the contract's, every part optional (only the ones given are sent). */
export type ProductListParams = Partial<Omit<ProductsQuery, "categoryId">>;

export const catalogueKeys = {
  all: ["catalogue"] as const,
  categories: (page: number, limit: number) => ["catalogue", "categories", page, limit] as const,
  category: (idOrSlug: number | string) => ["catalogue", "category", String(idOrSlug)] as const,
  products: (params: ProductListParams) => ["catalogue", "products", params] as const,
  categoryProducts: (idOrSlug: number | string, params: ProductListParams) =>
    ["catalogue", "category-products", String(idOrSlug), params] as const,
  product: (idOrSlug: number | string) => ["catalogue", "product", String(idOrSlug)] as const,
  featured: (limit: number) => ["catalogue", "featured", limit] as const,
  related: (id: number, limit: number) => ["catalogue", "related", id, limit] as const,
};

function listQuery(params: ProductListParams) {
  return {
    page: params.page ?? 1,
    limit: params.limit,
    size: params.size,
    color: params.color,
    minPrice: params.minPrice,
    maxPrice: params.maxPrice,
    inStock: params.inStock === undefined ? undefined : String(params.inStock),
    sort: params.sort,
  };
}

export function fetchCategories(page = 1, limit = 10, signal?: AbortSignal): Promise<CategoryPage> {
  return apiGet<CategoryPage>("/categories", { query: { includeInactive: "false", page, limit }, signal });
}

export function categoriesQuery(page = 1, limit = 10) {
  return queryOptions({
    queryKey: catalogueKeys.categories(page, limit),
    queryFn: ({ signal }) => fetchCategories(page, limit, signal),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function fetchCategory(idOrSlug: number | string, signal?: AbortSignal): Promise<CategoryNode> {
  return apiGet<CategoryNode>(`/categories/fetch/${encodeURIComponent(String(idOrSlug))}`, {
    query: { includeChildren: "true" },
    signal,
  });
}

export function categoryQuery(idOrSlug: number | string) {
  return queryOptions({
    queryKey: catalogueKeys.category(idOrSlug),
    queryFn: ({ signal }) => fetchCategory(idOrSlug, signal),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function fetchProducts(params: ProductListParams, signal?: AbortSignal): Promise<FacetedProductList> {
  return apiGet<FacetedProductList>("/products", { query: listQuery(params), signal });
}

export function productsQuery(params: ProductListParams) {
  return queryOptions({
    queryKey: catalogueKeys.products(params),
    queryFn: ({ signal }) => fetchProducts(params, signal),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function fetchCategoryProducts(
  idOrSlug: number | string,
  params: ProductListParams,
  signal?: AbortSignal,
): Promise<FacetedProductList> {
  return apiGet<FacetedProductList>(`/products/category/${encodeURIComponent(String(idOrSlug))}`, {
    query: listQuery(params),
    signal,
  });
}

export function categoryProductsQuery(idOrSlug: number | string, params: ProductListParams) {
  return queryOptions({
    queryKey: catalogueKeys.categoryProducts(idOrSlug, params),
    queryFn: ({ signal }) => fetchCategoryProducts(idOrSlug, params, signal),
    staleTime: CATALOGUE_STALE_MS,
  });
}

function productPath(idOrSlug: number | string): string {
  return `/products/fetch/${encodeURIComponent(String(idOrSlug))}`;
}

export function fetchProduct(idOrSlug: number | string, signal?: AbortSignal): Promise<ProductDetail> {
  return apiGet<ProductDetail>(productPath(idOrSlug), { signal });
}

export function productQuery(idOrSlug: number | string) {
  return queryOptions({
    queryKey: catalogueKeys.product(idOrSlug),
    queryFn: ({ signal }) => fetchProduct(idOrSlug, signal),
    // The product the server put into the page's HTML, when this is the page it served.
    initialData: () => takeFirstData<ProductDetail>(`/api${productPath(idOrSlug)}`),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function fetchFeatured(limit = 8, signal?: AbortSignal): Promise<ProductPage> {
  return apiGet<ProductPage>("/products/featured", { query: { limit }, signal });
}

export function featuredQuery(limit = 8) {
  return queryOptions({
    queryKey: catalogueKeys.featured(limit),
    queryFn: ({ signal }) => fetchFeatured(limit, signal),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function fetchRelated(id: number, limit = 4, signal?: AbortSignal): Promise<ProductPage> {
  return apiGet<ProductPage>(`/products/${id}/related`, { query: { limit }, signal });
}

export function relatedQuery(id: number, limit = 4) {
  return queryOptions({
    queryKey: catalogueKeys.related(id, limit),
    queryFn: ({ signal }) => fetchRelated(id, limit, signal),
    staleTime: CATALOGUE_STALE_MS,
  });
}

/** No filter and the default sort: the list the server may have written into the page. */
function isUnfiltered(filters: Omit<ProductListParams, "page" | "limit">): boolean {
  return Object.entries(filters).every(
    ([name, value]) => value === undefined || (name === "sort" && value === DEFAULT_PRODUCT_SORT),
  );
}

/**
 * A product list a page at a time ("Load more"): all products, or one category's (id or slug)
 * with its subcategories. Filters are part of the key, so changing one starts again at page 1.
 */
export function productListQuery(categoryKey: string | null, filters: Omit<ProductListParams, "page" | "limit">) {
  const params = { ...filters, limit: LIST_PAGE_SIZE };
  return infiniteQueryOptions({
    queryKey: categoryKey
      ? [...catalogueKeys.categoryProducts(categoryKey, params), "pages"]
      : [...catalogueKeys.products(params), "pages"],
    queryFn: ({ pageParam, signal }) =>
      categoryKey
        ? fetchCategoryProducts(categoryKey, { ...params, page: pageParam }, signal)
        : fetchProducts({ ...params, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, pageParam) => (last.hasNext ? pageParam + 1 : undefined),
    // The first page the server put into the page's HTML, when this is the list it served.
    initialData: () => {
      const first = isUnfiltered(filters)
        ? takeFirstData<FacetedProductList>(firstListPagePath(categoryKey))
        : undefined;
      return first ? { pages: [first], pageParams: [1] } : undefined;
    },
    staleTime: CATALOGUE_STALE_MS,
  });
}

/** Two list keys of the same list (all products, or the same category), whatever their filters. */
function sameList(a: QueryKey, b: QueryKey): boolean {
  return a[1] === b[1] && (a[1] !== "category-products" || a[2] === b[2]);
}

/**
 * A product list; while new filters load, the previous answer of the same list stays on screen
 * (never another category's).
 */
export function useProductList(categoryKey: string | null, filters: Omit<ProductListParams, "page" | "limit">) {
  const options = productListQuery(categoryKey, filters);
  return useInfiniteQuery({
    ...options,
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameList(previousQuery.queryKey, options.queryKey) ? keepPreviousData(previous) : undefined,
  });
}

export function useProduct(idOrSlug: string) {
  return useQuery(productQuery(idOrSlug));
}

export function useFeaturedProducts(limit = 8, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...featuredQuery(limit), enabled });
}

/** Cards of products this browser remembers (wishlist, recently viewed), in the order given. */
export function fetchProductCards(ids: readonly number[], signal?: AbortSignal): Promise<ProductSummary[]> {
  return apiGet<ProductSummary[]>("/products/cards", { query: { ids: ids.join(",") }, signal });
}

export function useProductCards(ids: readonly number[]) {
  return useQuery({
    queryKey: ["catalogue", "cards", ids.join(",")] as const,
    queryFn: ({ signal }) => fetchProductCards(ids, signal),
    enabled: ids.length > 0,
    staleTime: CATALOGUE_STALE_MS,
    placeholderData: keepPreviousData,
  });
}
