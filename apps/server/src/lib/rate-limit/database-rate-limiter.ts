import type { Db } from "../../db/connection.js";
import type { Clock } from "../clock.js";
import { type RateLimiter, type RateLimitRule, type RateLimitState, rateLimitKey } from "./rate-limiter.js";

/** Share of hits that also sweep expired counters, so the table stays small without a timer. */
const sweepProbability = 0.01;

/**
 * Fixed-window counters in the `rate_limits` table. One upsert counts a hit atomically on
 * both engines (INSERT ... ON CONFLICT DO UPDATE ... RETURNING), so every process that shares
 * the database shares the limit.
 */
export class DatabaseRateLimiter implements RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly random: () => number = Math.random,
  ) {}

  async hit(rule: RateLimitRule, subject: string): Promise<RateLimitState> {
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const endIso = new Date(now.getTime() + rule.windowMs).toISOString();
    const row = await this.db
      .insertInto("rate_limits")
      .values({ key: rateLimitKey(rule, subject), window_start: nowIso, expires_at: endIso, count: 1 })
      .onConflict((conflict) =>
        conflict.column("key").doUpdateSet((eb) => {
          // Every SET expression reads the row as it was before the update, on both engines.
          const windowOver = eb("rate_limits.expires_at", "<=", nowIso);
          return {
            count: eb
              .case()
              .when(windowOver)
              .then(eb.lit(1))
              .else(eb("rate_limits.count", "+", eb.lit(1)))
              .end(),
            window_start: eb.case().when(windowOver).then(nowIso).else(eb.ref("rate_limits.window_start")).end(),
            expires_at: eb.case().when(windowOver).then(endIso).else(eb.ref("rate_limits.expires_at")).end(),
          };
        }),
      )
      .returning(["count", "expires_at"])
      .executeTakeFirstOrThrow();
    if (this.random() < sweepProbability) await this.sweepExpired();
    return stateOf(Number(row.count), row.expires_at, rule, now);
  }

  async release(rule: RateLimitRule, subject: string): Promise<void> {
    await this.db
      .updateTable("rate_limits")
      .set((eb) => ({ count: eb("count", "-", eb.lit(1)) }))
      .where("key", "=", rateLimitKey(rule, subject))
      .where("count", ">", 0)
      .where("expires_at", ">", this.clock.now().toISOString())
      .execute();
  }

  async peek(rule: RateLimitRule, subject: string): Promise<RateLimitState> {
    const now = this.clock.now();
    const row = await this.db
      .selectFrom("rate_limits")
      .select(["count", "expires_at"])
      .where("key", "=", rateLimitKey(rule, subject))
      .where("expires_at", ">", now.toISOString())
      .executeTakeFirst();
    return row ? stateOf(Number(row.count), row.expires_at, rule, now) : { count: 0, limited: false, retryAfterMs: 0 };
  }

  async reset(rule: RateLimitRule, subject: string): Promise<void> {
    await this.db.deleteFrom("rate_limits").where("key", "=", rateLimitKey(rule, subject)).execute();
  }

  /** Deletes counters whose window is over. */
  async sweepExpired(): Promise<number> {
    const result = await this.db
      .deleteFrom("rate_limits")
      .where("expires_at", "<=", this.clock.now().toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async close(): Promise<void> {}
}

function stateOf(count: number, expiresAt: string, rule: RateLimitRule, now: Date): RateLimitState {
  return {
    count,
    limited: count > rule.limit,
    retryAfterMs: Math.max(0, Date.parse(expiresAt) - now.getTime()),
  };
}
