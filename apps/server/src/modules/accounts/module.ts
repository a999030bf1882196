import type { Config } from "../../config.js";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import type { Logger } from "../../lib/logger.js";
import type { PeriodicTask } from "../../lib/periodic.js";
import type { RateLimiter } from "../../lib/rate-limit/rate-limiter.js";
import { CsrfProtection } from "../../plugins/csrf.js";
import type { Mailer } from "../../providers/mail/mailer.js";
import type { Outbox } from "../outbox/service.js";
import { runWhileUp, type ShopModule } from "../shop-module.js";
import { type AuthGuard, createAuthGuard, registerAuthentication } from "./auth-guard.js";
import { AccountsHousekeeping, scheduleAccountsHousekeeping } from "./housekeeping.js";
import { PasswordResetService } from "./password-reset-service.js";
import { AccountsRepo } from "./repo.js";
import { type AccountRoutesDeps, accountRoutes } from "./routes.js";
import { AccountService } from "./service.js";
import { SessionService } from "./session-service.js";
import { AccessTokens } from "./tokens.js";
import { WelcomeMail, welcomeMailKind, welcomePayloadSchema } from "./welcome-mail.js";

export interface AccountsModuleDeps {
  db: Db;
  config: Pick<Config, "secrets" | "shopName" | "publicUrl" | "accountsCleanupIntervalMs">;
  clock: Clock;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  log: Logger;
  /** Carries the welcome e-mail of a new account (written in the sign-up's transaction). */
  outbox: Outbox;
}

export interface AccountsModule extends ShopModule {
  /** requireUser / optionalUser / requireRole preHandlers for every other module's routes. */
  auth: AuthGuard;
  csrf: CsrfProtection;
  accounts: AccountService;
  sessions: SessionService;
  routeDeps: AccountRoutesDeps;
  /** Deletes ended sessions and old reset links on a timer while the app is up. */
  cleanup: PeriodicTask;
}

/**
 * Builds the accounts module's services once; `register` installs the auth guard (request.user)
 * and its routes, and app.ts hands `auth` to every other module's routes.
 */
export function createAccountsModule(deps: AccountsModuleDeps): AccountsModule {
  const { config, clock, rateLimiter } = deps;
  const repo = new AccountsRepo(deps.db);
  const sessions = new SessionService(repo, clock, new AccessTokens(config.secrets.jwt, config.shopName), rateLimiter);
  const accounts = new AccountService(repo, clock, rateLimiter, deps.outbox);
  const welcome = new WelcomeMail(repo, deps.mailer, deps.log, { name: config.shopName, publicUrl: config.publicUrl });
  const resets = new PasswordResetService(repo, clock, rateLimiter, deps.mailer, deps.log, {
    name: config.shopName,
    publicUrl: config.publicUrl,
  });
  const auth = createAuthGuard((token) => sessions.authenticate(token));
  const secureCookies = config.publicUrl.startsWith("https://");
  const csrf = new CsrfProtection(config.secrets.jwt, clock, secureCookies);
  const cleanup = scheduleAccountsHousekeeping(
    new AccountsHousekeeping(repo, clock),
    config.accountsCleanupIntervalMs,
    deps.log,
  );
  const routeDeps: AccountRoutesDeps = { accounts, sessions, resets, auth, csrf, secureCookies };
  return {
    auth,
    csrf,
    accounts,
    sessions,
    routeDeps,
    cleanup,
    async register(app) {
      registerAuthentication(app);
      deps.outbox.register(welcomeMailKind, (payload) => welcome.deliver(welcomePayloadSchema.parse(payload).userId));
      await app.register(accountRoutes, routeDeps);
      runWhileUp(app, cleanup);
    },
  };
}
