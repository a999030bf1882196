import { runWhileUp, type ShopModule } from "../shop-module.js";
import { registerStaffPrincipal } from "../staff/guard.js";
import { adminApi } from "./api.js";
import { type CatalogueAdminDeps, CatalogueAdminService } from "./catalogue-service.js";
import type { AdminCodDeps } from "./cod-routes.js";
import type { AdminInvoiceDeps } from "./invoice-routes.js";
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
    catalogue: Omit<CatalogueAdminDeps, "audit" | "db">;
    invoices?: Omit<AdminInvoiceDeps, "audit">;
  },
): AdminModule {
  const staffModule = createStaffModule(deps);
  const catalogue = new CatalogueAdminService({ ...deps.catalogue, db: deps.db, audit: staffModule.audit });
  return {
    staffModule,
    async register(app) {
      app.decorate("staffModule", staffModule);
      registerStaffPrincipal(app);
      await app.register(adminApi, {
        prefix: "/api/admin",
        ...staffModule.apiDeps,
        cod: deps.cod,
        catalogue,
        ...(deps.invoices ? { invoices: deps.invoices } : {}),
      });
      if (staffModule.cleanup) runWhileUp(app, staffModule.cleanup);
    },
  };
}
