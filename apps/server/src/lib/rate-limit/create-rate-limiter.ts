import { Redis } from "ioredis";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../clock.js";
import type { Logger } from "../logger.js";
import { DatabaseRateLimiter } from "./database-rate-limiter.js";
import { failOpen, type RateLimiter, spareLocalCallers } from "./rate-limiter.js";
import { RedisRateLimiter } from "./redis-rate-limiter.js";

/**
 * Redis when REDIS_URL is set, else the shop's database; either way shared by every process.
 * Per-address rules skip exempt callers (`spareLocalCallers`, RATE_LIMIT_EXEMPT_ADDRESSES).
 */
export function createRateLimiter(options: {
  db: Db;
  clock: Clock;
  redisUrl: string | undefined;
  /** Start of every Redis key (REDIS_PREFIX); counters live under `<prefix>rate:`. */
  redisPrefix?: string;
  log: Logger;
}): RateLimiter {
  if (!options.redisUrl) return spareLocalCallers(new DatabaseRateLimiter(options.db, options.clock));
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
  redis.on("error", (error: unknown) => options.log.warn({ err: error }, "redis connection problem"));
  return spareLocalCallers(
    failOpen(new RedisRateLimiter(redis, `${options.redisPrefix ?? "vaki:"}rate:`), options.log),
  );
}
