import { CustomerAdminService } from "../accounts/customer-admin.js";
import type { BackInStockService } from "../back-in-stock/service.js";
import { CatalogCategoryWrites } from "../catalog/admin-categories.js";
import { CatalogCsvStore } from "../catalog/admin-csv.js";
import { CatalogProductForm } from "../catalog/admin-product-form.js";
import { CatalogAdminWrites } from "../catalog/admin-writes.js";
import { ClubAdmin } from "../community/club-admin.js";
import type { FailedDeliveries } from "../fulfilment/failed-delivery.js";
import type { CategoryPicturesService } from "../media/category-pictures.js";
import type { PhotosService } from "../media/service.js";
import { type LowStockSource, OrderDashboard } from "../orders/dashboard.js";
import type { CouponsService } from "../promotions/coupons.js";
import { runWhileUp, type ShopModule } from "../shop-module.js";
import { registerStaffPrincipal } from "../staff/guard.js";
import { adminApi } from "./api.js";
import { CatalogueCsvService } from "./catalogue-csv.js";
import { type CatalogueAdminDeps, CatalogueAdminService } from "./catalogue-service.js";
import { CategoriesAdminService } from "./categories-service.js";
import type { AdminCodDeps } from "./cod-routes.js";
import { FailedDeliveryActions } from "./failed-delivery-actions.js";
import type { AdminInvoiceDeps } from "./invoice-routes.js";
import { type OrderActionDeps, OrderActions } from "./order-actions.js";
import { ProductFormService } from "./product-form-service.js";
import { AdminRepo } from "./repo.js";
import { createStaffModule, type StaffModule, type StaffModuleDeps } from "./staff-module.js";

export interface AdminModule extends ShopModule {
  /** Staff accounts, the audit log and the admin views (the command line builds these alone). */
  staffModule: StaffModule;
}

/**
 * The owner's side: staff, audit log and every route under /api/admin. `register` decorates the
 * app with the staff module (main.ts logs the first owner's setup link from it), gives requests
 * their `staff` principal, mounts the API (with cash on delivery's owner-side routes) and runs the staff clean-up while the app is up.
 */
export function createAdminModule(
  deps: StaffModuleDeps & {
    cod: Omit<AdminCodDeps, "audit">;
    /** The services the order inbox's actions go through (issue 28). */
    orderActions: Omit<OrderActionDeps, "repo" | "audit" | "shopName">;
    /** Fulfilment's failed deliveries (re-attempt, return to origin, receive the return). */
    failedDeliveries?: FailedDeliveries;
    catalogue: Omit<CatalogueAdminDeps, "audit" | "db" | "writes" | "clock">;
    invoices?: Omit<AdminInvoiceDeps, "audit">;
    /** The owner's coupons (issue 28). */
    coupons: CouponsService;
    /** Back-in-stock demand per variant (issue 30). */
    backInStock: BackInStockService;
    /** The dashboard's low-stock list (the stock digest's). */
    lowStock?: LowStockSource;
    /** Products' photos (the media module's). */
    photos?: PhotosService;
    /** Categories' and characters' pictures (the media module's). */
    categoryPictures?: CategoryPicturesService;
  },
): AdminModule {
  const staffModule = createStaffModule({ ...deps, catalogueFeed: deps.catalogue.catalog });
  const catalogue = new CatalogueAdminService({
    ...deps.catalogue,
    db: deps.db,
    clock: deps.clock,
    audit: staffModule.audit,
    writes: new CatalogAdminWrites(),
  });
  const categories = new CategoriesAdminService({
    db: deps.db,
    clock: deps.clock,
    audit: staffModule.audit,
    catalog: deps.catalogue.catalog,
    writes: new CatalogCategoryWrites(),
  });
  const catalogueCsv = new CatalogueCsvService({
    db: deps.db,
    clock: deps.clock,
    audit: staffModule.audit,
    inventory: deps.catalogue.inventory,
    catalog: deps.catalogue.catalog,
    reads: staffModule.admin.reads.products,
    store: new CatalogCsvStore(),
  });
  const productForm = new ProductFormService({
    db: deps.db,
    clock: deps.clock,
    audit: staffModule.audit,
    inventory: deps.catalogue.inventory,
    catalog: deps.catalogue.catalog,
    store: new CatalogCsvStore(),
    form: new CatalogProductForm(),
  });
  const club = new ClubAdmin(deps.db);
  const customers = { customers: new CustomerAdminService(deps.db, deps.clock, club), club };
  const orderActions = new OrderActions({
    ...deps.orderActions,
    ...(deps.failedDeliveries ? { failedDeliveries: deps.failedDeliveries } : {}),
    repo: new AdminRepo(deps.db),
    audit: staffModule.audit,
    shopName: deps.config.shopName,
  });
  const failedDeliveries = deps.failedDeliveries
    ? new FailedDeliveryActions({
        repo: new AdminRepo(deps.db),
        audit: staffModule.audit,
        failedDeliveries: deps.failedDeliveries,
        checkout: deps.orderActions.checkout,
      })
    : undefined;
  return {
    staffModule,
    async register(app) {
      app.decorate("staffModule", staffModule);
      registerStaffPrincipal(app);
      await app.register(adminApi, {
        prefix: "/api/admin",
        ...staffModule.apiDeps,
        cod: deps.cod,
        orderActions,
        ...(failedDeliveries ? { failedDeliveries } : {}),
        catalogue,
        catalogueCsv,
        productForm,
        categories,
        ...(deps.invoices ? { invoices: deps.invoices } : {}),
        coupons: deps.coupons,
        backInStock: deps.backInStock,
        customers,
        dashboard: new OrderDashboard(deps.db, deps.clock, deps.lowStock ?? null),
        ...(deps.photos ? { photos: deps.photos } : {}),
        ...(deps.categoryPictures ? { categoryPictures: deps.categoryPictures } : {}),
      });
      if (staffModule.cleanup) runWhileUp(app, staffModule.cleanup);
    },
  };
}
