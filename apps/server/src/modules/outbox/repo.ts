import type { Selectable } from "kysely";
import type { Db } from "../../db/connection.js";
import type { OutboxTable } from "../../db/schema.js";

export type OutboxRecord = Selectable<OutboxTable>;

/** SQL of the outbox (decision 0005). Every state change is a conditional update. */
export class OutboxRepo {
  constructor(private readonly db: Db) {}

  /** Inserts a row inside the caller's transaction unless its dedupe key exists; answers whether it did. */
  async insert(
    trx: Db,
    row: { kind: string; payload: string; dedupeKey: string; nextAttemptAt: string; now: string },
  ): Promise<boolean> {
    const inserted = await trx
      .insertInto("outbox")
      .values({
        kind: row.kind,
        payload: row.payload,
        dedupe_key: row.dedupeKey,
        status: "PENDING",
        attempts: 0,
        next_attempt_at: row.nextAttemptAt,
        locked_until: null,
        locked_by: null,
        last_error: null,
        created_at: row.now,
        updated_at: row.now,
      })
      .onConflict((conflict) => conflict.column("dedupe_key").doNothing())
      .returning("id")
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** Ids of rows due now: pending and due, or running under a lease that has ended (a crashed worker). */
  async findDue(now: string, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom("outbox")
      .select("id")
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "=", "PENDING"), eb("next_attempt_at", "<=", now)]),
          eb.and([eb("status", "=", "RUNNING"), eb("locked_until", "<=", now)]),
        ]),
      )
      .orderBy("next_attempt_at")
      .orderBy("id")
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Takes a due row for one worker: the conditional update succeeds for exactly one of several
   * workers (processes) trying at once. Counts the attempt. Answers the row, or undefined when
   * another worker took it or it is no longer due.
   */
  claim(id: number, worker: string, now: string, lockedUntil: string): Promise<OutboxRecord | undefined> {
    return this.db
      .updateTable("outbox")
      .set((eb) => ({
        status: "RUNNING",
        locked_by: worker,
        locked_until: lockedUntil,
        attempts: eb("attempts", "+", 1),
        updated_at: now,
      }))
      .where("id", "=", id)
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "=", "PENDING"), eb("next_attempt_at", "<=", now)]),
          eb.and([eb("status", "=", "RUNNING"), eb("locked_until", "<=", now)]),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** Extends the lease of a row this worker still runs (its heartbeat); answers whether it still holds it. */
  async renew(id: number, worker: string, lockedUntil: string): Promise<boolean> {
    const row = await this.db
      .updateTable("outbox")
      .set({ locked_until: lockedUntil })
      .where("id", "=", id)
      .where("status", "=", "RUNNING")
      .where("locked_by", "=", worker)
      .returning("id")
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Marks a claimed row done, only if this worker still holds it. */
  async complete(id: number, worker: string, now: string): Promise<void> {
    await this.db
      .updateTable("outbox")
      .set({ status: "DONE", locked_by: null, locked_until: null, last_error: null, updated_at: now })
      .where("id", "=", id)
      .where("status", "=", "RUNNING")
      .where("locked_by", "=", worker)
      .execute();
  }

  /** After a failure: back to PENDING at `retryAt`, or FAILED for good when `retryAt` is null. */
  async fail(id: number, worker: string, error: string, now: string, retryAt: string | null): Promise<void> {
    await this.db
      .updateTable("outbox")
      .set({
        status: retryAt ? "PENDING" : "FAILED",
        next_attempt_at: retryAt ?? now,
        locked_by: null,
        locked_until: null,
        last_error: error.slice(0, 2000),
        updated_at: now,
      })
      .where("id", "=", id)
      .where("status", "=", "RUNNING")
      .where("locked_by", "=", worker)
      .execute();
  }

  find(dedupeKey: string): Promise<OutboxRecord | undefined> {
    return this.db.selectFrom("outbox").selectAll().where("dedupe_key", "=", dedupeKey).executeTakeFirst();
  }

  findByKind(kind: string): Promise<OutboxRecord[]> {
    return this.db.selectFrom("outbox").selectAll().where("kind", "=", kind).orderBy("id").execute();
  }
}
