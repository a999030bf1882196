import { Redis } from "ioredis";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../clock.js";
import type { Logger } from "../logger.js";
import { DatabaseRateLimiter } from "./database-rate-limiter.js";
import { failOpen, type RateLimiter, spareLoopback } from "./rate-limiter.js";
import { RedisRateLimiter } from "./redis-rate-limiter.js";

/**
 * Redis when REDIS_URL is set, else the shop's database; either way shared by every process.
 * Per-address rules skip loopback callers (`spareLoopback`).
 */
export function createRateLimiter(options: {
  db: Db;
  clock: Clock;
  redisUrl: string | undefined;
  log: Logger;
}): RateLimiter {
  if (!options.redisUrl) return spareLoopback(new DatabaseRateLimiter(options.db, options.clock));
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
  redis.on("error", (error: unknown) => options.log.warn({ err: error }, "redis connection problem"));
  return spareLoopback(failOpen(new RedisRateLimiter(redis), options.log));
}
