import type { Redis } from "ioredis";
import { type RateLimiter, type RateLimitRule, type RateLimitState, rateLimitKey } from "./rate-limiter.js";

/** INCR and start the window's expiry on the first hit, in one atomic script; answers [count, ms left]. */
const hitScript = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** DECR only while the window's key exists and is above 0. */
const releaseScript = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then
  redis.call('DECR', KEYS[1])
end
return 0
`;

/**
 * Fixed-window counters in Redis (REDIS_URL), for several server processes. Windows run on
 * Redis's own clock, so a test's ManualClock does not move them.
 */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = "vaki:rate:",
    private readonly ownsConnection = true,
  ) {}

  async hit(rule: RateLimitRule, subject: string): Promise<RateLimitState> {
    const [count, ttl] = (await this.redis.eval(hitScript, 1, this.key(rule, subject), String(rule.windowMs))) as [
      number,
      number,
    ];
    return { count, limited: count > rule.limit, retryAfterMs: Math.max(0, ttl) };
  }

  async release(rule: RateLimitRule, subject: string): Promise<void> {
    await this.redis.eval(releaseScript, 1, this.key(rule, subject));
  }

  async peek(rule: RateLimitRule, subject: string): Promise<RateLimitState> {
    const key = this.key(rule, subject);
    const [[, value], [, ttl]] = (await this.redis.multi().get(key).pttl(key).exec()) as [
      [Error | null, string | null],
      [Error | null, number],
    ];
    const count = value === null ? 0 : Number(value);
    return { count, limited: count > rule.limit, retryAfterMs: count === 0 ? 0 : Math.max(0, ttl) };
  }

  async reset(rule: RateLimitRule, subject: string): Promise<void> {
    await this.redis.del(this.key(rule, subject));
  }

  async close(): Promise<void> {
    if (this.ownsConnection) await this.redis.quit();
  }

  private key(rule: RateLimitRule, subject: string): string {
    return `${this.prefix}${rateLimitKey(rule, subject)}`;
  }
}
