import type { BackInStockService } from "../back-in-stock/service.js";
import { CatalogAdminWrites } from "../catalog/admin-writes.js";
import type { CouponsService } from "../promotions/coupons.js";
import { runWhileUp, type ShopModule } from "../shop-module.js";
import { registerStaffPrincipal } from "../staff/guard.js";
import { adminApi } from "./api.js";
import { type CatalogueAdminDeps, CatalogueAdminService } from "./catalogue-service.js";
import type { AdminCodDeps } from "./cod-routes.js";
import type { AdminInvoiceDeps } from "./invoice-routes.js";
import { type OrderActionDeps, OrderActions } from "./order-actions.js";
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
    catalogue: Omit<CatalogueAdminDeps, "audit" | "db" | "writes" | "clock">;
    invoices?: Omit<AdminInvoiceDeps, "audit">;
    /** The owner's coupons (issue 28). */
    coupons: CouponsService;
    /** Back-in-stock demand per variant (issue 30). */
    backInStock: BackInStockService;
  },
): AdminModule {
  const staffModule = createStaffModule(deps);
  const catalogue = new CatalogueAdminService({
    ...deps.catalogue,
    db: deps.db,
    clock: deps.clock,
    audit: staffModule.audit,
    writes: new CatalogAdminWrites(),
  });
  const orderActions = new OrderActions({
    ...deps.orderActions,
    repo: new AdminRepo(deps.db),
    audit: staffModule.audit,
    shopName: deps.config.shopName,
  });
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
        catalogue,
        ...(deps.invoices ? { invoices: deps.invoices } : {}),
        coupons: deps.coupons,
        backInStock: deps.backInStock,
      });
      if (staffModule.cleanup) runWhileUp(app, staffModule.cleanup);
    },
  };
}
