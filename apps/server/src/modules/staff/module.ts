import type { Config } from "../../config.js";
import type { Db, Dialect } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import type { Logger } from "../../lib/logger.js";
import type { RateLimiter } from "../../lib/rate-limit/rate-limiter.js";
import { type Mailer, sendWithoutFailing } from "../../providers/mail/mailer.js";
import type { AuditLog } from "../audit/service.js";
import { StaffRepo } from "./repo.js";
import { deriveKey, SecretBox } from "./secret-box.js";
import { StaffService } from "./service.js";

export interface StaffServiceDeps {
  db: Db;
  dialect: Dialect;
  config: Pick<Config, "secrets" | "shopName" | "publicUrl">;
  clock: Clock;
  rateLimiter: RateLimiter;
  /** Absent for the command line (it prints the link instead). */
  mailer?: Mailer;
  log?: Logger;
}

/** Builds the staff service over its own tables; keys for TOTP secrets and recovery codes come from the shop's secret. */
export function createStaffService(deps: StaffServiceDeps, audit: AuditLog): StaffService {
  const { config, mailer, log } = deps;
  const secret = config.secrets.jwt;
  return new StaffService(new StaffRepo(deps.db), audit, deps.clock, deps.rateLimiter, {
    shopName: config.shopName,
    publicUrl: config.publicUrl,
    secretBox: new SecretBox(deriveKey(secret, "totp-secret")),
    recoveryKey: deriveKey(secret, "recovery-code"),
    lockRows: deps.dialect === "postgres",
    ...(mailer && log ? { sendMail: (message) => sendWithoutFailing(mailer, log, message) } : {}),
  });
}
