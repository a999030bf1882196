import type { RouteObject } from "react-router";
import { RequireLogin } from "./require-login";
import { RootLayout } from "./root-layout";
import { RouteErrorPage } from "./route-error-page";

function StartingUp() {
  return null;
}

/**
 * Every route of both spec documents. Pages are split per route (lazy), so the first visit
 * loads only the shell and the page it opens.
 */
export const routes: RouteObject[] = [
  {
    path: "/",
    element: <RootLayout />,
    // Nothing while the first page's code loads: index.html's splash and shell show meanwhile.
    HydrateFallback: StartingUp,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Pathless route so a page that throws still renders inside the header and footer.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import("../pages/home/home-page")).HomePage }) },
          {
            path: "vakiverse",
            lazy: async () => ({ Component: (await import("../pages/vakiverse/vakiverse-page")).VakiversePage }),
          },
          {
            path: "products",
            lazy: async () => ({
              Component: (await import("../pages/product-list/product-list-page")).ProductListPage,
            }),
          },
          {
            // Named route ProductListByCategory (R-STORE-2).
            id: "ProductListByCategory",
            path: "products/:categoryId",
            lazy: async () => ({
              Component: (await import("../pages/product-list/product-list-page")).ProductListPage,
            }),
          },
          {
            // Named route CategoryProducts, used by the landing page (R-SHOP-3: same page as a category list).
            id: "CategoryProducts",
            path: "category-products/:categoryId",
            lazy: async () => ({
              Component: (await import("../pages/product-list/product-list-page")).ProductListPage,
            }),
          },
          {
            path: "product/:id",
            lazy: async () => ({ Component: (await import("../pages/product/product-page")).ProductPage }),
          },
          {
            path: "search",
            lazy: async () => ({ Component: (await import("../pages/search/search-page")).SearchPage }),
          },
          {
            path: "wishlist",
            lazy: async () => ({ Component: (await import("../pages/wishlist/wishlist-page")).WishlistPage }),
          },
          {
            path: "back-in-stock/unsubscribe",
            lazy: async () => ({
              Component: (await import("../pages/back-in-stock/unsubscribe-page")).BackInStockUnsubscribePage,
            }),
          },
          {
            path: "order-confirmation/:orderId?",
            lazy: async () => ({
              Component: (await import("../pages/order-confirmation/order-confirmation-page")).OrderConfirmationPage,
            }),
          },
          {
            path: "order-success",
            lazy: async () => ({
              Component: (await import("../pages/order-success/order-success-page")).OrderSuccessPage,
            }),
          },
          {
            path: "profile",
            element: <RequireLogin />,
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import("../pages/profile/profile-page")).ProfilePage }),
              },
            ],
          },
          {
            path: "orders",
            lazy: async () => ({ Component: (await import("../pages/orders/orders-page")).OrdersPage }),
          },
          {
            path: "reset-password",
            lazy: async () => ({
              Component: (await import("../pages/reset-password/reset-password-page")).ResetPasswordPage,
            }),
          },
          { path: "about", lazy: async () => ({ Component: (await import("../pages/static/about-page")).AboutPage }) },
          {
            path: "careers",
            lazy: async () => ({ Component: (await import("../pages/static/careers-page")).CareersPage }),
          },
          {
            path: "contact",
            lazy: async () => ({ Component: (await import("../pages/static/contact-page")).ContactPage }),
          },
          { path: "faq", lazy: async () => ({ Component: (await import("../pages/static/faq-page")).FaqPage }) },
          {
            path: "privacy-policy",
            lazy: async () => ({ Component: (await import("../pages/static/privacy-policy-page")).PrivacyPolicyPage }),
          },
          {
            path: "shipping-policies",
            lazy: async () => ({
              Component: (await import("../pages/static/shipping-policies-page")).ShippingPoliciesPage,
            }),
          },
          {
            path: "terms-and-conditions",
            lazy: async () => ({
              Component: (await import("../pages/static/terms-and-conditions-page")).TermsAndConditionsPage,
            }),
          },
          {
            path: "terms-of-service",
            lazy: async () => ({
              Component: (await import("../pages/static/terms-of-service-page")).TermsOfServicePage,
            }),
          },
          {
            path: "*",
            lazy: async () => ({ Component: (await import("../pages/not-found/not-found-page")).NotFoundPage }),
          },
        ],
      },
    ],
  },
];
