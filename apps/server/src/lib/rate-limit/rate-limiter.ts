import { createHash } from "node:crypto";
import { TooManyRequests } from "../errors.js";
import type { Logger } from "../logger.js";

/** A fixed-window limit: at most `limit` hits per `windowMs` for one subject. */
export interface RateLimitRule {
  /** Short, stable name; part of the stored key (e.g. "login-account"). */
  name: string;
  limit: number;
  windowMs: number;
  /** The subject is the client's address (`clientAddressOf`): local callers are not counted. */
  perClientAddress?: boolean;
}

export interface RateLimitState {
  /** Hits counted in the current window, this one included. */
  count: number;
  /** True once the count is above the rule's limit. */
  limited: boolean;
  /** Time until the window ends (0 when no window is open). */
  retryAfterMs: number;
}

/**
 * Counters shared by every server process: kept in the database by default, in Redis when
 * REDIS_URL is set. Subjects (an e-mail, an IP) are hashed before they are stored.
 */
export interface RateLimiter {
  /** Counts one hit and answers the state after it. Atomic across processes. */
  hit(rule: RateLimitRule, subject: string): Promise<RateLimitState>;
  /**
   * Gives back one hit counted in the current window (never below 0): a reserved attempt that
   * turned out not to count, e.g. a login that succeeded.
   */
  release(rule: RateLimitRule, subject: string): Promise<void>;
  /** The state without counting. */
  peek(rule: RateLimitRule, subject: string): Promise<RateLimitState>;
  /** Forgets the subject's count (e.g. after a successful login). */
  reset(rule: RateLimitRule, subject: string): Promise<void>;
  close(): Promise<void>;
}

export function rateLimitKey(rule: RateLimitRule, subject: string): string {
  return `${rule.name}:${createHash("sha256").update(subject).digest("base64url").slice(0, 32)}`;
}

/** Counts a hit and throws 429 with Retry-After once the subject is over the limit. */
export async function consumeOrThrow(
  limiter: RateLimiter,
  rule: RateLimitRule,
  subject: string,
  message: string,
): Promise<RateLimitState> {
  const state = await limiter.hit(rule, subject);
  if (state.limited) throw new TooManyRequests(message, state.retryAfterMs / 1000);
  return state;
}

/**
 * Throws 429, without counting, if the subject has used up its limit (another hit would be over it).
 * Only for a quick refusal before costly work: it does not hold against parallel requests, so a
 * limit that guards a check (a password) must reserve the attempt with `consumeOrThrow` first.
 */
export async function refuseIfLimited(
  limiter: RateLimiter,
  rule: RateLimitRule,
  subject: string,
  message: string,
): Promise<void> {
  const state = await limiter.peek(rule, subject);
  if (state.count >= rule.limit) throw new TooManyRequests(message, state.retryAfterMs / 1000);
}

/**
 * Keeps the shop usable when the limiter's store fails (Redis down): the failure is logged and
 * the request is let through, because refusing every login would be the larger harm.
 */
export function failOpen(limiter: RateLimiter, log: Logger): RateLimiter {
  const open: RateLimitState = { count: 0, limited: false, retryAfterMs: 0 };
  const guard = async <T>(what: string, rule: RateLimitRule, run: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      log.error({ err: error, rule: rule.name }, `rate limiter ${what} failed; letting the request through`);
      return fallback;
    }
  };
  return {
    hit: (rule, subject) => guard("hit", rule, () => limiter.hit(rule, subject), open),
    release: (rule, subject) => guard("release", rule, () => limiter.release(rule, subject), undefined),
    peek: (rule, subject) => guard("peek", rule, () => limiter.peek(rule, subject), open),
    reset: (rule, subject) => guard("reset", rule, () => limiter.reset(rule, subject), undefined),
    close: () => limiter.close(),
  };
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopbackAddress(address: string): boolean {
  return address === "::1" || /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address);
}

/** The subject per-address rules get for a caller on this machine itself (see `clientAddressOf`). */
export const localCaller = "local";

/**
 * The address per-address rules count: Fastify's client address (taken from X-Forwarded-For
 * only when TRUST_PROXY trusts the proxy), or `localCaller` for a request that came straight
 * from this machine (a loopback socket and no X-Forwarded-For: health checks, scripts, tests).
 * A proxy always sends X-Forwarded-For, so its shoppers are counted, and a client cannot claim
 * to be local by writing a loopback address into that header.
 */
export function clientAddressOf(request: {
  ip: string;
  socket: { remoteAddress?: string | undefined };
  headers: Record<string, unknown>;
}): string {
  const direct = request.socket.remoteAddress ?? "";
  if (isLoopbackAddress(direct) && request.headers["x-forwarded-for"] === undefined) return localCaller;
  return request.ip;
}

/** Leaves per-address rules out for `localCaller`; per-account rules always count. */
export function spareLocalCallers(limiter: RateLimiter): RateLimiter {
  const open: RateLimitState = { count: 0, limited: false, retryAfterMs: 0 };
  const spared = (rule: RateLimitRule, subject: string) => rule.perClientAddress === true && subject === localCaller;
  return {
    hit: (rule, subject) => (spared(rule, subject) ? Promise.resolve(open) : limiter.hit(rule, subject)),
    release: (rule, subject) => (spared(rule, subject) ? Promise.resolve() : limiter.release(rule, subject)),
    peek: (rule, subject) => (spared(rule, subject) ? Promise.resolve(open) : limiter.peek(rule, subject)),
    reset: (rule, subject) => (spared(rule, subject) ? Promise.resolve() : limiter.reset(rule, subject)),
    close: () => limiter.close(),
  };
}
