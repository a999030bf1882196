import { randomUUID } from "node:crypto";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { InvalidInput } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import type { OutboxRecord, OutboxRepo } from "./repo.js";

/** Runs one outbox row's effect. It must be idempotent: a row may run again after a crash. */
export type OutboxHandler = (payload: unknown, context: { attempt: number; kind: string }) => Promise<void>;

/** A side effect to deliver once the transaction that writes it commits. */
export interface OutboxMessage {
  kind: string;
  payload: unknown;
  /** Unique per effect, e.g. `order-confirmed-mail:{orderId}`: writing it again inserts nothing. */
  dedupeKey: string;
}

export interface OutboxSettings {
  /** Attempts before a row is FAILED for good (and logged). */
  maxAttempts: number;
  /** First retry delay; doubled per attempt up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * How long a claimed row belongs to its worker before another may take it over. A live worker
   * renews it every third of it while the handler runs, so it can be short: a worker that died
   * (SIGKILL, crash) gives its rows back within this time.
   */
  leaseMs: number;
  /** Rows claimed per round. */
  batch: number;
}

export const defaultOutboxSettings: OutboxSettings = {
  maxAttempts: 10,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  leaseMs: 5_000,
  batch: 20,
};

/** 1 s · 2^(attempt-1), at most `maxDelayMs`: 1 s, 2 s, 4 s ... 15 min. */
export function retryDelayMs(attempt: number, settings: Pick<OutboxSettings, "baseDelayMs" | "maxDelayMs">): number {
  return Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.max(0, attempt - 1));
}

/** A failure that trying again cannot fix (bad input, a provider that said "never"). */
function isPermanent(error: unknown): boolean {
  if (error instanceof InvalidInput) return true;
  return typeof error === "object" && error !== null && (error as { retryable?: unknown }).retryable === false;
}

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * The transactional outbox (decision 0005). A change that must cause a side effect (e-mail,
 * shipment, refund) writes an outbox row in its own transaction with `enqueue`; the worker of
 * every process delivers due rows: it claims a row with a conditional update (one worker wins),
 * runs the handler registered for its kind, marks it DONE, or schedules a retry with
 * exponential backoff and gives up (FAILED, logged) after `maxAttempts`.
 */
export class Outbox {
  private readonly handlers = new Map<string, OutboxHandler>();
  private readonly settings: OutboxSettings;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly repo: OutboxRepo,
    private readonly clock: Clock,
    private readonly log: Logger,
    settings: Partial<OutboxSettings> = {},
  ) {
    this.settings = { ...defaultOutboxSettings, ...settings };
  }

  register(kind: string, handler: OutboxHandler): void {
    if (this.handlers.has(kind)) throw new Error(`outbox handler for ${kind} registered twice`);
    this.handlers.set(kind, handler);
  }

  /** Writes the message inside the caller's transaction; answers false when its dedupe key was already written. */
  enqueue(trx: Db, message: OutboxMessage): Promise<boolean> {
    const now = this.clock.now().toISOString();
    return this.repo.insert(trx, {
      kind: message.kind,
      payload: JSON.stringify(message.payload ?? null),
      dedupeKey: message.dedupeKey,
      nextAttemptAt: now,
      now,
    });
  }

  /**
   * Delivers rows until none is due (at most `maxRounds` rounds), for tests and the worker's
   * tick. Safe beside other workers. Answers the number of rows this call ran.
   */
  async drain(maxRounds = 50): Promise<number> {
    let ran = 0;
    for (let round = 0; round < maxRounds; round += 1) {
      const due = await this.repo.findDue(this.clock.now().toISOString(), this.settings.batch);
      if (due.length === 0) break;
      let claimed = 0;
      for (const id of due) if (await this.runOne(id)) claimed += 1;
      ran += claimed;
      if (claimed === 0) break;
    }
    return ran;
  }

  /** Starts delivering every `intervalMs` (0: off). The timer never keeps Node alive. */
  start(intervalMs: number): void {
    if (intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => this.tick(), intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a round in progress, so the database closes after it. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /**
   * Runs one round now unless one is running (after a commit that enqueued something, so an
   * e-mail does not wait for the next interval). Only while the worker is started.
   */
  tick(): void {
    if (!this.timer) return;
    this.running ??= this.drain()
      .catch((error: unknown) => {
        this.log.error({ err: error }, "outbox round failed; retrying on the next tick");
        return 0;
      })
      .finally(() => {
        this.running = undefined;
      });
  }

  private async runOne(id: number): Promise<boolean> {
    const worker = randomUUID();
    const now = this.clock.now();
    const row = await this.repo.claim(
      id,
      worker,
      now.toISOString(),
      new Date(now.getTime() + this.settings.leaseMs).toISOString(),
    );
    if (!row) return false;
    const heartbeat = setInterval(() => {
      const until = new Date(this.clock.now().getTime() + this.settings.leaseMs).toISOString();
      this.repo.renew(row.id, worker, until).then(
        (held) => {
          if (!held) this.log.warn({ outboxId: row.id, kind: row.kind }, "outbox lease lost while running");
        },
        (error: unknown) => this.log.warn({ err: error, outboxId: row.id }, "outbox lease could not be renewed"),
      );
    }, this.settings.leaseMs / 3);
    heartbeat.unref();
    try {
      const handler = this.handlers.get(row.kind);
      if (!handler) throw new InvalidInput(`No outbox handler for ${row.kind}`);
      await handler(JSON.parse(row.payload), { attempt: row.attempts, kind: row.kind });
      await this.repo.complete(row.id, worker, this.clock.now().toISOString());
    } catch (error) {
      await this.recordFailure(row, worker, error);
    } finally {
      clearInterval(heartbeat);
    }
    return true;
  }

  private async recordFailure(row: OutboxRecord, worker: string, error: unknown): Promise<void> {
    const now = this.clock.now();
    const givesUp = isPermanent(error) || row.attempts >= this.settings.maxAttempts;
    const retryAt = givesUp ? null : new Date(now.getTime() + retryDelayMs(row.attempts, this.settings)).toISOString();
    await this.repo.fail(row.id, worker, describe(error), now.toISOString(), retryAt);
    const context = { outboxId: row.id, kind: row.kind, dedupeKey: row.dedupe_key, attempts: row.attempts };
    if (givesUp) this.log.error({ ...context, err: error }, "outbox row FAILED for good; needs a person");
    else this.log.warn({ ...context, retryAt, err: error }, "outbox row failed; will retry");
  }
}
