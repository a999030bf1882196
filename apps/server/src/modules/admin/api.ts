import type { FastifyPluginAsync, RouteOptions } from "fastify";
import { userFacingValidation } from "../../plugins/error-handler.js";
import { auditRoutes } from "../audit/routes.js";
import type { AuditLog } from "../audit/service.js";
import { backInStockAdminRoutes } from "../back-in-stock/admin-routes.js";
import type { BackInStockService } from "../back-in-stock/service.js";
import { photoAdminRoutes } from "../media/admin-routes.js";
import { categoryPictureAdminRoutes } from "../media/category-picture-routes.js";
import type { CategoryPicturesService } from "../media/category-pictures.js";
import type { PhotosService } from "../media/service.js";
import type { OrderDashboard } from "../orders/dashboard.js";
import { dashboardRoutes } from "../orders/dashboard-routes.js";
import { couponAdminRoutes } from "../promotions/admin-routes.js";
import type { CouponsService } from "../promotions/coupons.js";
import { type AdminAccess, declaredAccess, requirePermission } from "../staff/guard.js";
import { staffRoutes } from "../staff/routes.js";
import type { StaffService } from "../staff/service.js";
import type { CatalogueCsvService } from "./catalogue-csv.js";
import { adminCatalogueRoutes } from "./catalogue-routes.js";
import type { CatalogueAdminService } from "./catalogue-service.js";
import type { CategoriesAdminService } from "./categories-service.js";
import { adminCategoryRoutes } from "./category-routes.js";
import { type AdminCodDeps, adminCodRoutes } from "./cod-routes.js";
import { type AdminCustomerDeps, adminCustomerRoutes } from "./customer-routes.js";
import type { FailedDeliveryActions } from "./failed-delivery-actions.js";
import { failedDeliveryRoutes } from "./failed-delivery-routes.js";
import { type AdminInvoiceDeps, adminInvoiceRoutes } from "./invoice-routes.js";
import { orderActionRoutes } from "./order-action-routes.js";
import type { OrderActions } from "./order-actions.js";
import { adminProductFormRoutes } from "./product-form-routes.js";
import type { ProductFormService } from "./product-form-service.js";
import { adminRoutes } from "./routes.js";
import type { AdminService } from "./service.js";

/** One /api/admin route and what it needs (the permission test walks this list). */
export interface AdminRouteEntry {
  method: string;
  url: string;
  permission: AdminAccess;
  stepUp: boolean;
}

export interface AdminApiDeps {
  staff: StaffService;
  audit: AuditLog;
  admin: AdminService;
  secureCookies: boolean;
  /** Filled with every route as it is registered. */
  routeTable: AdminRouteEntry[];
  /** Cash on delivery's owner-side services (the shop has them; a bare staff module does not). */
  cod?: Omit<AdminCodDeps, "audit">;
  /** The order inbox's actions (the shop has them; a bare staff module does not). */
  orderActions?: OrderActions;
  /** A failed delivery's re-attempt, return to origin and received return (the shop has them). */
  failedDeliveries?: FailedDeliveryActions;
  /** GST settings and documents (the shop has them; a bare staff module does not). */
  invoices?: Omit<AdminInvoiceDeps, "audit">;
  /** The catalogue's owner-side writes: stock, product editing (the shop has them; a bare staff module does not). */
  catalogue?: CatalogueAdminService;
  /** The category tree and the characters (the shop has them; a bare staff module does not). */
  categories?: CategoriesAdminService;
  /** Products as CSV, out and in (with `catalogue`). */
  catalogueCsv?: CatalogueCsvService;
  /** A new product with its colour × size grid, grid saves and the colours table (with `catalogue`). */
  productForm?: ProductFormService;
  /** The owner's coupons (the shop has them; a bare staff module does not). */
  coupons?: CouponsService;
  /** Back-in-stock demand per variant (the shop has it; a bare staff module does not). */
  backInStock?: BackInStockService;
  /** Customers' block, DPDP export and erase, and the Club's members (the shop has them). */
  customers?: Omit<AdminCustomerDeps, "audit">;
  /** The dashboard's figures (the shop has them; a bare staff module does not). */
  dashboard?: OrderDashboard;
  /** Products' photos: upload, alt text, colour, order, primary, delete (the shop has them). */
  photos?: PhotosService;
  /** Categories' and characters' pictures: upload, remove (the shop has them). */
  categoryPictures?: CategoryPicturesService;
}

/**
 * Everything under /api/admin. Each route declares `config.permission`; registering one that
 * does not stops the server from starting. The guard runs before validation: session cookie
 * (never a customer's bearer token), CSRF token on writes, permission, step-up.
 */
/** The onRoute hook of /api/admin: refuses a route without a permission, puts the guard first, lists it. */
export function adminRouteHook(staff: StaffService, routeTable: AdminRouteEntry[]) {
  return (route: RouteOptions): void => {
    route.schemaErrorFormatter ??= userFacingValidation;
    const permission = declaredAccess(route.config, route.url);
    const stepUp = route.config?.stepUp === true;
    const guard = requirePermission(staff, permission, stepUp);
    const existing = route.preValidation;
    route.preValidation = [guard, ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing])];
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      routeTable.push({ method, url: route.url, permission, stepUp });
    }
  };
}

export const adminApi: FastifyPluginAsync<AdminApiDeps> = async (app, deps) => {
  app.addHook("onRoute", adminRouteHook(deps.staff, deps.routeTable));
  // Any change made through the owner's side may move an order between tabs: the inbox's kept
  // counts go before the answer does, so the next load counts again.
  app.addHook("onSend", async (request, _reply, payload) => {
    if (request.method !== "GET" && request.method !== "HEAD") deps.admin.reads.orders.forgetCounts();
    return payload;
  });
  await app.register(staffRoutes, { staff: deps.staff, secureCookies: deps.secureCookies });
  await app.register(auditRoutes, { audit: deps.audit });
  await app.register(adminRoutes, { admin: deps.admin, actions: deps.orderActions });
  if (deps.cod) await app.register(adminCodRoutes, { ...deps.cod, audit: deps.audit });
  if (deps.orderActions) await app.register(orderActionRoutes, { actions: deps.orderActions, staff: deps.staff });
  if (deps.failedDeliveries) await app.register(failedDeliveryRoutes, { actions: deps.failedDeliveries });
  if (deps.invoices) await app.register(adminInvoiceRoutes, { ...deps.invoices, audit: deps.audit });
  if (deps.categories) await app.register(adminCategoryRoutes, { categories: deps.categories });
  if (deps.catalogue && deps.catalogueCsv) {
    await app.register(adminCatalogueRoutes, { catalogue: deps.catalogue, csv: deps.catalogueCsv });
  }
  if (deps.productForm) await app.register(adminProductFormRoutes, { productForm: deps.productForm });
  if (deps.coupons) await app.register(couponAdminRoutes, { coupons: deps.coupons, audit: deps.audit });
  if (deps.backInStock) await app.register(backInStockAdminRoutes, { backInStock: deps.backInStock });
  if (deps.customers) await app.register(adminCustomerRoutes, { ...deps.customers, audit: deps.audit });
  if (deps.dashboard) await app.register(dashboardRoutes, { dashboard: deps.dashboard });
  if (deps.photos) await app.register(photoAdminRoutes, { photos: deps.photos, audit: deps.audit, staff: deps.staff });
  if (deps.categoryPictures) {
    await app.register(categoryPictureAdminRoutes, {
      pictures: deps.categoryPictures,
      audit: deps.audit,
      staff: deps.staff,
    });
  }
};
