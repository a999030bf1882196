import type { RateLimitRule } from "../../lib/rate-limit/rate-limiter.js";

const minutes = (n: number) => n * 60 * 1000;

/** Limits of staff sign-in; every attempt is counted before its check, as for customers' logins. */
export const staffRateLimits = {
  loginPerAccount: { name: "staff-login-account", limit: 5, windowMs: minutes(15) },
  loginPerIp: { name: "staff-login-ip", limit: 20, windowMs: minutes(15), perClientAddress: true },
  /** Wrong codes per account (sign-in's second step and step-up share it). */
  codePerAccount: { name: "staff-code-account", limit: 5, windowMs: minutes(15) },
  codePerIp: { name: "staff-code-ip", limit: 20, windowMs: minutes(15), perClientAddress: true },
  /** Setup and invitation links: tries per link and per address. */
  setupPerLink: { name: "staff-setup-link", limit: 10, windowMs: minutes(15) },
  setupPerIp: { name: "staff-setup-ip", limit: 30, windowMs: minutes(15), perClientAddress: true },
} satisfies Record<string, RateLimitRule>;
