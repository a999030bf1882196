/**
 * Paths of the storefront, including the spec's named routes (R-STORE-2):
 * ProductListByCategory (param categoryId, query name) and CategoryProducts (the landing page's
 * "View All Characters"), both the category product list.
 */
export const paths = {
  home: "/",
  vakiverse: "/vakiverse",
  allProducts: "/products",
  product: (idOrSlug: number | string) => `/product/${encodeURIComponent(String(idOrSlug))}`,
  productListByCategory: (categoryId: number | string, name?: string) =>
    `/products/${encodeURIComponent(String(categoryId))}${name ? `?name=${encodeURIComponent(name)}` : ""}`,
  categoryProducts: (categoryId: number | string, name?: string) =>
    `/category-products/${encodeURIComponent(String(categoryId))}${name ? `?name=${encodeURIComponent(name)}` : ""}`,
  orderConfirmation: "/order-confirmation",
  orderSuccess: "/order-success",
  profile: "/profile",
  orders: "/orders",
  resetPassword: "/reset-password",
  about: "/about",
  search: (query: string) => `/search?q=${encodeURIComponent(query.trim())}`,
  wishlist: "/wishlist",
} as const;

/** Navigation state of a change that only records a choice in the URL (a size, a colour): no scrolling. */
export const KEEP_SCROLL = { keepScroll: true } as const;

/** Only paths of this shop are followed after login (never another site). */
export function safeRedirect(target: string | null): string | null {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return null;
  return target;
}
