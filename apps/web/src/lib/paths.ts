/**
 * Paths of the storefront, including the spec's named routes (storefront §2):
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
} as const;
