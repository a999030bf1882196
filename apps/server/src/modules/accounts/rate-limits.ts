import type { RateLimitRule } from "../../lib/rate-limit/rate-limiter.js";

const minutes = (n: number) => n * 60 * 1000;

/** Limits of the accounts module; every one holds across server processes. */
export const accountRateLimits = {
  /** Failed logins (and wrong current passwords) per account. */
  loginPerAccount: { name: "login-account", limit: 5, windowMs: minutes(15) },
  /** Failed logins per client address, whatever the account. */
  loginPerIp: { name: "login-ip", limit: 20, windowMs: minutes(15), perClientAddress: true },
  /** Sign-ups per client address, successful or not (slows mass account creation and e-mail probing). */
  registerPerIp: { name: "register-ip", limit: 10, windowMs: minutes(60), perClientAddress: true },
  /** R-ORD-8–R-ORD-9 — reset requests per account, 15-minute wait. */
  resetPerAccount: { name: "reset-account", limit: 3, windowMs: minutes(15) },
  /** Reset requests per client address (slows probing for registered e-mails). */
  resetPerIp: { name: "reset-ip", limit: 20, windowMs: minutes(15), perClientAddress: true },
} satisfies Record<string, RateLimitRule>;
