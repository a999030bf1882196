import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../test/helpers/database.js";
import { createSharedTestDatabase, type SharedTestDatabase } from "../../../test/helpers/shared-database.js";
import { ManualClock, systemClock } from "../../lib/clock.js";
import { silentLogger } from "../../lib/logger.js";
import { ShippingProviderError } from "../../providers/shipping/shipping-provider.js";
import { OutboxRepo } from "./repo.js";
import { Outbox, retryDelayMs } from "./service.js";

describe(`the outbox (${testEngine})`, () => {
  let database: TestDatabase;
  const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));
  const rowOf = (dedupeKey: string) => new OutboxRepo(database.db).find(dedupeKey);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.destroy());

  it("backs off 1 s, 2 s, 4 s ... up to 15 minutes", () => {
    const settings = { baseDelayMs: 1_000, maxDelayMs: 15 * 60_000 };
    expect([1, 2, 3, 4, 10, 11, 30].map((attempt) => retryDelayMs(attempt, settings))).toEqual([
      1_000, 2_000, 4_000, 8_000, 512_000, 900_000, 900_000,
    ]);
  });

  it("writes a side effect once however often its cause is replayed, and only when the transaction commits", async () => {
    const outbox = new Outbox(new OutboxRepo(database.db), clock, silentLogger);
    const message = { kind: "test-once", payload: { n: 1 }, dedupeKey: "test-once:a" };
    expect(await database.db.transaction().execute((trx) => outbox.enqueue(trx, message))).toBe(true);
    expect(await database.db.transaction().execute((trx) => outbox.enqueue(trx, message))).toBe(false);

    await expect(
      database.db.transaction().execute(async (trx) => {
        await outbox.enqueue(trx, { ...message, dedupeKey: "test-once:rolled-back" });
        throw new Error("the order change failed");
      }),
    ).rejects.toThrow("the order change failed");
    expect(await rowOf("test-once:rolled-back")).toBeUndefined();

    const runs: unknown[] = [];
    outbox.register("test-once", async (payload) => {
      runs.push(payload);
    });
    expect(await outbox.drain()).toBe(1);
    expect(await outbox.drain()).toBe(0);
    expect(runs).toEqual([{ n: 1 }]);
    expect(await rowOf("test-once:a")).toMatchObject({ status: "DONE", attempts: 1, last_error: null });
  });

  it("retries a handler that fails twice with backoff, and runs its effect once", async () => {
    const outbox = new Outbox(new OutboxRepo(database.db), clock, silentLogger);
    let calls = 0;
    const effects: string[] = [];
    outbox.register("test-flaky", async () => {
      calls += 1;
      if (calls <= 2) throw new ShippingProviderError("courier is down", 503, true);
      effects.push("shipped");
    });
    await database.db
      .transaction()
      .execute((trx) => outbox.enqueue(trx, { kind: "test-flaky", payload: {}, dedupeKey: "test-flaky:1" }));

    expect(await outbox.drain()).toBe(1);
    expect(await rowOf("test-flaky:1")).toMatchObject({
      status: "PENDING",
      attempts: 1,
      next_attempt_at: "2026-11-22T10:00:01.000Z",
      last_error: "ShippingProviderError: courier is down",
    });
    // Not due before its time.
    clock.advance(999);
    expect(await outbox.drain()).toBe(0);
    clock.advance(1);
    expect(await outbox.drain()).toBe(1);
    expect(await rowOf("test-flaky:1")).toMatchObject({ status: "PENDING", attempts: 2 });
    clock.advance(1_999);
    expect(await outbox.drain()).toBe(0);
    clock.advance(1);
    expect(await outbox.drain()).toBe(1);
    expect(await rowOf("test-flaky:1")).toMatchObject({ status: "DONE", attempts: 3 });
    expect(effects).toEqual(["shipped"]);
    expect(calls).toBe(3);
  });

  it("gives up after the last attempt, or at once on a failure that cannot heal, and keeps the reason", async () => {
    const outbox = new Outbox(new OutboxRepo(database.db), clock, silentLogger, { maxAttempts: 3 });
    outbox.register("test-broken", async () => {
      throw new Error("always broken");
    });
    outbox.register("test-refused", async () => {
      throw new ShippingProviderError("pincode refused", 422, false);
    });
    await database.db.transaction().execute(async (trx) => {
      await outbox.enqueue(trx, { kind: "test-broken", payload: {}, dedupeKey: "test-broken:1" });
      await outbox.enqueue(trx, { kind: "test-refused", payload: {}, dedupeKey: "test-refused:1" });
      await outbox.enqueue(trx, { kind: "test-unknown", payload: {}, dedupeKey: "test-unknown:1" });
    });
    for (let round = 0; round < 5; round += 1) {
      await outbox.drain();
      clock.advance(60_000);
    }
    expect(await rowOf("test-broken:1")).toMatchObject({
      status: "FAILED",
      attempts: 3,
      last_error: "Error: always broken",
    });
    expect(await rowOf("test-refused:1")).toMatchObject({ status: "FAILED", attempts: 1 });
    expect(await rowOf("test-unknown:1")).toMatchObject({ status: "FAILED", attempts: 1 });
  });

  it("lets another worker take over a row whose worker died mid-run once its lease ends", async () => {
    const repo = new OutboxRepo(database.db);
    const outbox = new Outbox(repo, clock, silentLogger, { leaseMs: 60_000 });
    const runs: number[] = [];
    outbox.register("test-lease", async () => {
      runs.push(1);
    });
    await database.db
      .transaction()
      .execute((trx) => outbox.enqueue(trx, { kind: "test-lease", payload: {}, dedupeKey: "test-lease:1" }));
    const row = await rowOf("test-lease:1");
    const now = clock.now();
    // A worker claims it and crashes before finishing.
    await repo.claim(row!.id, "crashed-worker", now.toISOString(), new Date(now.getTime() + 60_000).toISOString());
    expect(await outbox.drain()).toBe(0);
    clock.advance(60_000);
    expect(await outbox.drain()).toBe(1);
    expect(runs).toEqual([1]);
    expect(await rowOf("test-lease:1")).toMatchObject({ status: "DONE", attempts: 2 });
  });
});

describe(`two outbox workers on one database (${testEngine})`, () => {
  let shared: SharedTestDatabase;
  const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));

  beforeAll(async () => {
    shared = await createSharedTestDatabase(2);
  });
  afterAll(async () => shared.destroy());

  it("deliver each row once when they drain at the same time", async () => {
    const delivered = new Map<number, number>();
    const workers = shared.handles.map((handle) => {
      const outbox = new Outbox(new OutboxRepo(handle.db), clock, silentLogger, { batch: 5 });
      outbox.register("test-race", async (payload) => {
        const { n } = payload as { n: number };
        await new Promise((resolve) => setTimeout(resolve, 1));
        delivered.set(n, (delivered.get(n) ?? 0) + 1);
      });
      return outbox;
    });
    const [first, second] = workers;
    await shared.handles[0]!.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 40; n += 1) {
        await first!.enqueue(trx, { kind: "test-race", payload: { n }, dedupeKey: `test-race:${n}` });
      }
    });

    const [ranByFirst, ranBySecond] = await Promise.all([first!.drain(), second!.drain()]);
    expect(ranByFirst + ranBySecond).toBe(40);
    expect(delivered.size).toBe(40);
    expect([...delivered.values()].every((count) => count === 1)).toBe(true);
    const states = await shared.handles[1]!.db.selectFrom("outbox").select(["status", "attempts"]).execute();
    expect(states.every((row) => row.status === "DONE" && row.attempts === 1)).toBe(true);
  });

  it("keep their hands off a row whose worker is still running it, however long it takes", async () => {
    const runs: string[] = [];
    const [slow, eager] = shared.handles.map((handle, index) => {
      const outbox = new Outbox(new OutboxRepo(handle.db), systemClock, silentLogger, { leaseMs: 150 });
      outbox.register("test-slow", async () => {
        runs.push(`worker ${index}`);
        await new Promise((resolve) => setTimeout(resolve, 700));
      });
      return outbox;
    });
    await shared.handles[0]!.db.transaction().execute((trx) =>
      slow!.enqueue(trx, { kind: "test-slow", payload: {}, dedupeKey: "test-slow:1" }),
    );
    const running = slow!.drain();
    // The lease is 150 ms; the slow worker renews it while the handler runs.
    for (let look = 0; look < 10; look += 1) {
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(await eager!.drain()).toBe(0);
    }
    expect(await running).toBe(1);
    expect(runs).toEqual(["worker 0"]);
  });
});
