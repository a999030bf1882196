import { createHash } from "node:crypto";
import { BlockList, isIPv4, isIPv6 } from "node:net";
import { TooManyRequests } from "../errors.js";
import type { Logger } from "../logger.js";

/** A fixed-window limit: at most `limit` hits per `windowMs` for one subject. */
export interface RateLimitRule {
  /** Short, stable name; part of the stored key (e.g. "login-account"). */
  name: string;
  limit: number;
  windowMs: number;
  /** The subject is the client's address (`clientAddressOf`): exempt callers are not counted. */
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

/** The subject per-address rules get for an exempt caller (see `clientAddressOf`): never counted. */
export const localCaller = "local";

/** Which direct callers per-address rules leave out (RATE_LIMIT_EXEMPT_ADDRESSES; none by default). */
export interface ExemptAddresses {
  has(address: string): boolean;
}

/** Addresses and CIDRs ("127.0.0.1,::1,10.0.0.0/8"); an IPv4-mapped IPv6 caller matches its IPv4 entry. */
export function exemptAddresses(entries: readonly string[]): ExemptAddresses {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const type = isIPv6(address) ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return {
    has(address) {
      const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
      if (isIPv4(plain)) return list.check(plain, "ipv4");
      return isIPv6(plain) && list.check(plain, "ipv6");
    },
  };
}

export const noExemptAddresses: ExemptAddresses = { has: () => false };

/**
 * What per-address budgets count for an address: IPv4 as it is (IPv4-mapped IPv6 too), IPv6 by
 * its /64, since one home or phone is usually given a whole /64 and can pick any address in it.
 */
export function addressGroup(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address.split("%")[0] ?? "")) return address;
  const hextets = expandIpv6(address.split("%")[0] ?? "");
  return hextets ? `${hextets.slice(0, 4).join(":")}::/64` : address;
}

/** The eight hextets of a valid IPv6 address, without leading zeros. */
function expandIpv6(text: string): string[] | undefined {
  let address = text.toLowerCase();
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number) as [number, number, number, number];
    address = `${address.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = address.split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - front.length - back.length).fill("0");
  const all = [...front, ...zeros, ...back];
  return all.length === 8 ? all.map((part) => Number.parseInt(part, 16).toString(16)) : undefined;
}

/** What `clientAddressOf` reads from a request; Fastify's request has all of it. */
export interface ClientRequest {
  ip: string;
  socket: { remoteAddress?: string | undefined };
  headers: Record<string, unknown>;
  server?: { rateLimitExempt?: ExemptAddresses };
}

/**
 * The subject per-address rules count: Fastify's client address (taken from X-Forwarded-For
 * only when TRUST_PROXY trusts the proxy), IPv6 grouped by its /64 (`addressGroup`), or
 * `localCaller` for a direct caller named in RATE_LIMIT_EXEMPT_ADDRESSES (tests, the bench).
 * No address is exempt by default: a proxy on this machine that sends no X-Forwarded-For must
 * not turn every limit off. A request carrying X-Forwarded-For is never exempt, so a client
 * cannot claim an exempt address by writing it into that header.
 */
export function clientAddressOf(request: ClientRequest, exempt?: ExemptAddresses): string {
  const direct = request.socket.remoteAddress ?? "";
  const exemptions = exempt ?? request.server?.rateLimitExempt ?? noExemptAddresses;
  if (request.headers["x-forwarded-for"] === undefined && exemptions.has(direct)) return localCaller;
  return addressGroup(request.ip);
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
