import type { CsrfProtection } from "../../plugins/csrf.js";
import type { AuthGuard } from "./auth-guard.js";
import type { PasswordResetService } from "./password-reset-service.js";
import type { AccountService } from "./service.js";
import type { SessionService } from "./session-service.js";

/** What the accounts routes (routes.ts and user-routes.ts) are given. */
export interface AccountRoutesDeps {
  accounts: AccountService;
  sessions: SessionService;
  resets: PasswordResetService;
  auth: AuthGuard;
  csrf: CsrfProtection;
  /** Cookies get the Secure flag when the shop is served over HTTPS. */
  secureCookies: boolean;
}
