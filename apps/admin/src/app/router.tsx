import type { QueryClient } from "@tanstack/react-query";
import type { Permission } from "@vaki/contract/admin/permissions";
import type { ComponentType } from "react";
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from "react-router";
import { LoadingState } from "../components/states";
import { meQueryOptions } from "../features/auth/api";
import type { PageHandle } from "../features/auth/require-permission";
import { isApiError } from "../lib/api-error";
import { AdminLayout } from "./layout";
import { signInPath } from "./paths";
import { RouteError } from "./route-error";

export const ADMIN_BASENAME = "/admin";

/** A lazily loaded page that only a person with `permission` may open (the layout checks `handle`). */
function page(load: () => Promise<ComponentType>, permission: Permission): Pick<RouteObject, "lazy" | "handle"> {
  return { lazy: async () => ({ Component: await load() }), handle: { permission } satisfies PageHandle };
}

function HydrateFallback() {
  return <LoadingState />;
}

export function adminRoutes(queryClient: QueryClient): RouteObject[] {
  /** Every signed-in page waits for the person; without a live session the sign-in page opens. */
  async function requireSession({ request }: LoaderFunctionArgs) {
    try {
      await queryClient.ensureQueryData(meQueryOptions);
      return null;
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        const url = new URL(request.url);
        const path = url.pathname.replace(/^\/admin/, "") || "/";
        throw redirect(signInPath(`${path}${url.search}`));
      }
      throw error;
    }
  }

  return [
    {
      path: "/sign-in",
      lazy: async () => ({ Component: (await import("../features/auth/sign-in-page")).SignInPage }),
      HydrateFallback,
      ErrorBoundary: RouteError,
    },
    {
      path: "/setup",
      lazy: async () => ({ Component: (await import("../features/auth/setup-page")).SetupPage }),
      HydrateFallback,
      ErrorBoundary: RouteError,
    },
    {
      id: "signed-in",
      loader: requireSession,
      Component: AdminLayout,
      HydrateFallback,
      ErrorBoundary: RouteError,
      children: [
        {
          index: true,
          ...page(async () => (await import("../features/dashboard/dashboard-page")).DashboardPage, "dashboard:read"),
        },
        {
          path: "orders",
          ...page(async () => (await import("../features/orders/orders-page")).OrdersPage, "orders:read"),
        },
        {
          path: "orders/:id",
          ...page(async () => (await import("../features/orders/order-page")).OrderPage, "orders:read"),
        },
        {
          path: "exchanges/:id",
          ...page(async () => (await import("../features/exchanges/exchange-page")).ExchangePage, "orders:read"),
        },
        { path: "cod", ...page(async () => (await import("../features/cod/cod-page")).CodPage, "orders:read") },
        {
          path: "cod/blocks",
          ...page(async () => (await import("../features/cod/cod-blocks-page")).CodBlocksPage, "orders:write"),
        },
        {
          path: "coupons",
          ...page(async () => (await import("../features/coupons/coupons-page")).CouponsPage, "coupons:read"),
        },
        {
          path: "gst-returns",
          ...page(
            async () => (await import("../features/gst-returns/gst-returns-page")).GstReturnsPage,
            "invoices:read",
          ),
        },
        {
          path: "products",
          ...page(async () => (await import("../features/products/products-page")).ProductsPage, "products:read"),
        },
        {
          path: "products/new",
          ...page(async () => (await import("../features/products/new-product-page")).NewProductPage, "products:write"),
        },
        {
          path: "products/:id/variants",
          ...page(
            async () => (await import("../features/products/edit-variants-page")).EditVariantsPage,
            "products:write",
          ),
        },
        {
          path: "products/:id",
          ...page(async () => (await import("../features/products/product-page")).ProductPage, "products:read"),
        },
        {
          path: "categories",
          ...page(async () => (await import("../features/categories/categories-page")).CategoriesPage, "products:read"),
        },
        {
          path: "back-in-stock",
          ...page(
            async () => (await import("../features/back-in-stock/back-in-stock-page")).BackInStockPage,
            "products:read",
          ),
        },
        {
          path: "customers",
          ...page(async () => (await import("../features/customers/customers-page")).CustomersPage, "customers:read"),
        },
        {
          path: "club",
          ...page(async () => (await import("../features/club/club-page")).ClubPage, "customers:read"),
        },
        {
          path: "customers/:id",
          ...page(async () => (await import("../features/customers/customer-page")).CustomerPage, "customers:read"),
        },
        {
          path: "staff",
          ...page(async () => (await import("../features/staff/staff-page")).StaffPage, "staff:manage"),
        },
        { path: "audit", ...page(async () => (await import("../features/audit/audit-page")).AuditPage, "audit:read") },
        {
          path: "settings",
          ...page(async () => (await import("../features/settings/settings-page")).SettingsPage, "settings:write"),
        },
        {
          path: "account",
          lazy: async () => ({ Component: (await import("../features/auth/account-page")).AccountPage }),
        },
        { path: "*", Component: NotFound },
      ],
    },
  ];
}

function NotFound() {
  return (
    <div className="centered">
      <div>
        <h1>Page not found</h1>
        <p>There is no admin page at this address.</p>
      </div>
    </div>
  );
}

export function createAdminRouter(queryClient: QueryClient) {
  return createBrowserRouter(adminRoutes(queryClient), { basename: ADMIN_BASENAME });
}
