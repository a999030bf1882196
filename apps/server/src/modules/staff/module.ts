import type { Config } from "../../config.js";
import type { Db, Dialect } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import type { Logger } from "../../lib/logger.js";
import { type PeriodicTask, schedulePeriodic } from "../../lib/periodic.js";
import type { RateLimiter } from "../../lib/rate-limit/rate-limiter.js";
import { type Mailer, sendWithoutFailing } from "../../providers/mail/mailer.js";
import { CustomerAdminReads } from "../accounts/admin-reads.js";
import type { AdminApiDeps, AdminRouteEntry } from "../admin/api.js";
import { AdminRepo } from "../admin/repo.js";
import { AdminService } from "../admin/service.js";
import { AuditRepo } from "../audit/repo.js";
import { AuditLog } from "../audit/service.js";
import { CatalogAdminReads } from "../catalog/admin-reads.js";
import { OrderAdminReads } from "../orders/admin-reads.js";
import { StaffRepo } from "./repo.js";
import { deriveKey, SecretBox } from "./secret-box.js";
import { StaffService } from "./service.js";

export interface StaffModuleDeps {
  db: Db;
  dialect: Dialect;
  config: Pick<Config, "secrets" | "shopName" | "publicUrl"> & Partial<Pick<Config, "accountsCleanupIntervalMs">>;
  clock: Clock;
  rateLimiter: RateLimiter;
  /** Absent for the command line (it prints the link instead). */
  mailer?: Mailer;
  log?: Logger;
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
  const audit = new AuditLog(new AuditRepo(db), clock, deriveKey(secret, "audit-address"));
  const { mailer, log } = deps;
  const staff = new StaffService(new StaffRepo(db), audit, clock, deps.rateLimiter, {
    shopName: config.shopName,
    publicUrl: config.publicUrl,
    secretBox: new SecretBox(deriveKey(secret, "totp-secret")),
    recoveryKey: deriveKey(secret, "recovery-code"),
    lockRows: deps.dialect === "postgres",
    ...(mailer && log ? { sendMail: (message) => sendWithoutFailing(mailer, log, message) } : {}),
  });
  const admin = new AdminService(
    new AdminRepo(db),
    { orders: new OrderAdminReads(db), products: new CatalogAdminReads(db), customers: new CustomerAdminReads(db) },
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
