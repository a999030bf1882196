import { queryOptions, useQuery } from "@tanstack/react-query";
import { type CategoryPage, catalogueKeys, productsQuery } from "../../features/catalog/catalogue-api";
import { apiGet } from "../../lib/api-client";

/** R-STORE-7 — the home page asks for active categories, page 1, size 10. */
export const HOME_CATEGORY_QUERY = { includeInactive: "false", page: 1, size: 10 };
/** R-STORE-7, R-STORE-9 — then all products, page 1, limit 20. */
export const HOME_PRODUCTS_PARAMS = { page: 1, limit: 20 };

export const homeCategoriesQuery = queryOptions({
  queryKey: [...catalogueKeys.all, "categories", "home"] as const,
  queryFn: ({ signal }) => apiGet<CategoryPage>("/categories", { query: HOME_CATEGORY_QUERY, signal }),
  staleTime: 60_000,
});

/**
 * The home page's data in the spec's order (R-STORE-4): categories first, then all
 * products; `settled` once both have answered (either way), when the Club pop-up may be checked.
 * Nothing here blocks the first paint: the hero renders before any of it.
 */
export function useHomeData() {
  const categories = useQuery(homeCategoriesQuery);
  const categoriesSettled = categories.isSuccess || categories.isError;
  const products = useQuery({ ...productsQuery(HOME_PRODUCTS_PARAMS), enabled: categoriesSettled });
  const productsSettled = products.isSuccess || products.isError;
  return { categories, products, settled: categoriesSettled && productsSettled };
}
