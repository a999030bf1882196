import type { Config } from "../../config.js";
import type { Db, Dialect } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import type { Logger } from "../../lib/logger.js";
import { type PeriodicTask, schedulePeriodic } from "../../lib/periodic.js";
import type { RateLimiter } from "../../lib/rate-limit/rate-limiter.js";
import type { Mailer } from "../../providers/mail/mailer.js";
import { CustomerAdminReads } from "../accounts/admin-reads.js";
import { createAuditLog } from "../audit/module.js";
import type { AuditLog } from "../audit/service.js";
import { CatalogAdminReads, type CatalogueFeed } from "../catalog/admin-reads.js";
import { OrderAdminReads } from "../orders/admin-reads.js";
import { createStaffService } from "../staff/module.js";
import { deriveKey } from "../staff/secret-box.js";
import type { StaffService } from "../staff/service.js";
import type { AdminApiDeps, AdminRouteEntry } from "./api.js";
import { AdminRepo } from "./repo.js";
import { AdminService } from "./service.js";

export interface StaffModuleDeps {
  db: Db;
  dialect: Dialect;
  config: Pick<Config, "secrets" | "shopName" | "publicUrl"> &
    Partial<Pick<Config, "accountsCleanupIntervalMs" | "inboxCountsTtlMs">>;
  clock: Clock;
  rateLimiter: RateLimiter;
  /** Absent for the command line (it prints the link instead). */
  mailer?: Mailer;
  log?: Logger;
  /** The catalogue's changes, which keep the owner's product list in memory (absent: read afresh each time). */
  catalogueFeed?: CatalogueFeed;
}

export interface StaffModule {
  staff: StaffService;
  audit: AuditLog;
  admin: AdminService;
  apiDeps: AdminApiDeps;
  routeTable: AdminRouteEntry[];
  /** Deletes old staff sessions and challenges on the accounts clean-up timer; the admin module runs it while the app is up. */
  cleanup: PeriodicTask | null;
}

/** Builds the staff, audit and admin services once; `admin/module.ts` registers `adminApi` with `apiDeps`. */
export function createStaffModule(deps: StaffModuleDeps): StaffModule {
  const { db, config, clock } = deps;
  const secret = config.secrets.jwt;
  const audit = createAuditLog(db, clock, deriveKey(secret, "audit-address"));
  const { log } = deps;
  const staff = createStaffService(deps, audit);
  const admin = new AdminService(
    new AdminRepo(db),
    {
      orders: new OrderAdminReads(db, undefined, config.inboxCountsTtlMs ?? 0),
      products: new CatalogAdminReads(db, deps.catalogueFeed),
      customers: new CustomerAdminReads(db),
    },
    audit,
    clock,
  );
  const routeTable: AdminRouteEntry[] = [];
  const secureCookies = config.publicUrl.startsWith("https://");
  const cleanup =
    log && config.accountsCleanupIntervalMs
      ? schedulePeriodic({
          name: "staff clean-up",
          intervalMs: config.accountsCleanupIntervalMs,
          log,
          run: async () => {
            await staff.purge();
          },
        })
      : null;
  return { staff, audit, admin, routeTable, cleanup, apiDeps: { staff, audit, admin, secureCookies, routeTable } };
}
