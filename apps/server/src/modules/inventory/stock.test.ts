import { randomUUID } from "node:crypto";
import { cartMessages } from "@vaki/contract/messages";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { addOk, createOrder, holdsOf, ledgerOf, newGuest, orderOk, stockOf } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import type { Db } from "../../db/connection.js";
import { ManualClock } from "../../lib/clock.js";
import { Conflict } from "../../lib/errors.js";
import { type CommerceModules, createCommerceModules } from "../commerce.js";
import { InventoryRepo } from "./repo.js";

const minutes = (n: number) => n * 60_000;

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** An order row with nothing else, for stock-level tests that drive the inventory service directly. */
async function insertBareOrder(db: Db, now: string): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("orders")
    .values({
      id,
      order_number: `TEST-${id.slice(0, 8)}`,
      user_id: null,
      guest_session_id: randomUUID(),
      cart_id: null,
      order_secret_hash: null,
      status: "CREATED",
      payment_status: "CREATED",
      currency: "INR",
      subtotal: 0,
      discount_amount: 0,
      tax_amount: 0,
      shipping_amount: 0,
      total: 0,
      promo_code: null,
      contact_email: null,
      contact_phone: null,
      shipping_method: null,
      shipping_address: null,
      billing_address: null,
      tracking_number: null,
      shiprocket_order_id: null,
      hold_expires_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

describe(`stock holds (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;
  let commerce: CommerceModules;

  beforeAll(async () => {
    clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0" }, { clock });
    commerce = createCommerceModules({
      db: shop.database.db,
      dialect: shop.database.dialect,
      clock,
      config: shop.config,
    });
  });
  afterAll(async () => shop.close());

  it("refuses to oversell the last units under 100 concurrent checkouts: 10 holds, 90 clear 409s", async () => {
    const hoodie = await insertProduct(shop.database.db, {
      name: "Last Drop Hoodie",
      variants: [{ size: "M", color: "Black", stock: 10 }],
    });
    const variantId = hoodie.variantIds[0]!;
    const guests = Array.from({ length: 100 }, () => newGuest());
    await Promise.all(guests.map((guest) => addOk(shop.app, guest, { productId: hoodie.id, variantId })));

    const answers = await Promise.all(guests.map((guest) => createOrder(shop.app, guest)));

    const created = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(90);
    for (const answer of refused) expect(answer.json().message).toBe(cartMessages.soldOut("Last Drop Hoodie", "M"));
    expect(await stockOf(shop.database.db, variantId)).toBe(0);
    expect(await holdsOf(shop.database.db, variantId)).toEqual({ HELD: 10, SOLD: 0, RELEASED: 0, RETURNED: 0 });
    expect(await ledgerOf(shop.database.db, variantId)).toBe(10);
    const orders = await shop.database.db.selectFrom("orders").select("id").where("cart_id", "is not", null).execute();
    const holds = await shop.database.db
      .selectFrom("stock_holds")
      .select("order_id")
      .where("variant_id", "=", variantId)
      .execute();
    expect(new Set(holds.map((hold) => hold.order_id))).toEqual(
      new Set(created.map((answer) => answer.json().data.id)),
    );
    expect(orders.length).toBeGreaterThanOrEqual(10);
  });

  it("never deadlocks when many multi-line checkouts, re-checkouts and a sweep touch the same variants", async () => {
    const products = await Promise.all(
      ["North", "East", "South", "West"].map((name) =>
        insertProduct(shop.database.db, { name: `${name} Tee`, variants: [{ size: "M", stock: 200 }] }),
      ),
    );
    const guests = Array.from({ length: 24 }, () => newGuest());
    for (const [n, guest] of guests.entries()) {
      // Each cart lists the same variants in a different order.
      const rotated = [...products.slice(n % 4), ...products.slice(0, n % 4)].slice(0, 3);
      for (const product of n % 2 === 0 ? rotated : rotated.reverse()) {
        await addOk(shop.app, guest, { productId: product.id, variantId: product.variantIds[0]!, quantity: 1 });
      }
    }
    await Promise.all(guests.slice(0, 12).map((guest) => orderOk(shop.app, guest)));
    const answers = await Promise.all([
      ...guests.map((guest) => createOrder(shop.app, guest)),
      commerce.orders.releaseExpiredHolds().then(() => ({ statusCode: 201 })),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    for (const product of products) {
      const variantId = product.variantIds[0]!;
      expect(await ledgerOf(shop.database.db, variantId)).toBe(200);
      expect((await holdsOf(shop.database.db, variantId)).HELD).toBe(18);
    }
  });

  it("releases expired holds exactly once even with two sweepers running at once", async () => {
    // A shop of its own: the holds of the other tests must not expire into this count.
    const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));
    const shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0" }, { clock });
    onTestFinished(() => shop.close());
    const sweeper = () =>
      createCommerceModules({ db: shop.database.db, dialect: shop.database.dialect, clock, config: shop.config });
    const commerce = sweeper();
    const tee = await insertProduct(shop.database.db, {
      name: "Sweep Tee",
      variants: [
        { size: "S", stock: 12 },
        { size: "M", stock: 12 },
      ],
    });
    const orderIds: string[] = [];
    for (let n = 0; n < 5; n += 1) {
      const guest = newGuest();
      await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 2 });
      await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[1]!, quantity: 1 });
      orderIds.push((await orderOk(shop.app, guest)).id);
    }
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(2);
    expect(await stockOf(shop.database.db, tee.variantIds[1]!)).toBe(7);

    clock.advance(minutes(29));
    expect(await commerce.orders.releaseExpiredHolds()).toBe(0);
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(2);

    clock.advance(minutes(2));
    const otherProcess = sweeper();
    const [first, second] = await Promise.all([
      commerce.orders.releaseExpiredHolds(),
      otherProcess.orders.releaseExpiredHolds(),
    ]);
    expect(first + second).toBe(5);
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(12);
    expect(await stockOf(shop.database.db, tee.variantIds[1]!)).toBe(12);
    expect(await holdsOf(shop.database.db, tee.variantIds[0]!)).toEqual({
      HELD: 0,
      SOLD: 0,
      RELEASED: 10,
      RETURNED: 0,
    });
    const statuses = await shop.database.db
      .selectFrom("orders")
      .select(["status", "payment_status"])
      .where("id", "in", orderIds)
      .execute();
    expect(statuses).toEqual(orderIds.map(() => ({ status: "CANCELLED", payment_status: "CANCELLED" })));

    expect(await commerce.orders.releaseExpiredHolds()).toBe(0);
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(12);
  });

  it("keeps available + held + sold equal to the starting stock through sale, return and release", async () => {
    const cap = await insertProduct(shop.database.db, { name: "Ledger Cap", variants: [{ size: "Free", stock: 6 }] });
    const variantId = cap.variantIds[0]!;
    const line = { variantId, quantity: 2, name: "Ledger Cap", size: "Free" };
    const db = shop.database.db;

    const sold = await insertBareOrder(db, clock.now().toISOString());
    const expiresAt = new Date(clock.now().getTime() + minutes(30));
    await db.transaction().execute((trx) => commerce.inventory.holdStock(trx, sold, [line], expiresAt));
    expect(await commerce.inventory.stockLevels([variantId])).toEqual([
      { id: variantId, available: 4, held: 2, sold: 0, returned: 0 },
    ]);

    await db.transaction().execute((trx) => commerce.inventory.confirmSale(trx, sold, [line]));
    await db.transaction().execute((trx) => commerce.inventory.confirmSale(trx, sold, [line]));
    expect(await holdsOf(db, variantId)).toMatchObject({ HELD: 0, SOLD: 2 });
    expect(await ledgerOf(db, variantId)).toBe(6);

    const released = await insertBareOrder(db, clock.now().toISOString());
    await db.transaction().execute((trx) => commerce.inventory.holdStock(trx, released, [line], expiresAt));
    expect(await db.transaction().execute((trx) => commerce.inventory.releaseHold(trx, released))).toBe(2);
    expect(await db.transaction().execute((trx) => commerce.inventory.releaseHold(trx, released))).toBe(0);
    expect(await ledgerOf(db, variantId)).toBe(6);
    expect(await stockOf(db, variantId)).toBe(4);

    expect(await db.transaction().execute((trx) => commerce.inventory.returnStock(trx, sold))).toBe(2);
    expect(await db.transaction().execute((trx) => commerce.inventory.returnStock(trx, sold))).toBe(0);
    expect(await holdsOf(db, variantId)).toEqual({ HELD: 0, SOLD: 0, RELEASED: 2, RETURNED: 2 });
    expect(await stockOf(db, variantId)).toBe(6);
    expect(await ledgerOf(db, variantId)).toBe(6);
  });

  it("sells a hold that expired during payment if the stock is still there, and refuses if it is gone", async () => {
    const db = shop.database.db;
    const expiresAt = new Date(clock.now().getTime() + minutes(30));
    const hold = (orderId: string, line: { variantId: number; quantity: number; name: string; size: string }) =>
      db.transaction().execute((trx) => commerce.inventory.holdStock(trx, orderId, [line], expiresAt));
    const release = (orderId: string) =>
      db.transaction().execute((trx) => commerce.inventory.releaseHold(trx, orderId));

    const sock = await insertProduct(db, { name: "Late Sock", variants: [{ size: "M", stock: 1 }] });
    const sockLine = { variantId: sock.variantIds[0]!, quantity: 1, name: "Late Sock", size: "M" };
    const late = await insertBareOrder(db, clock.now().toISOString());
    await hold(late, sockLine);
    await release(late);
    await db.transaction().execute((trx) => commerce.inventory.confirmSale(trx, late, [sockLine]));
    expect(await holdsOf(db, sockLine.variantId)).toMatchObject({ SOLD: 1, RELEASED: 0 });
    expect(await stockOf(db, sockLine.variantId)).toBe(0);
    expect(await ledgerOf(db, sockLine.variantId)).toBe(1);

    const pin = await insertProduct(db, { name: "Moon Pin", variants: [{ size: "Free", stock: 1 }] });
    const pinLine = { variantId: pin.variantIds[0]!, quantity: 1, name: "Moon Pin", size: "Free" };
    const unlucky = await insertBareOrder(db, clock.now().toISOString());
    await hold(unlucky, pinLine);
    await release(unlucky);
    await hold(await insertBareOrder(db, clock.now().toISOString()), pinLine);
    await expect(
      db.transaction().execute((trx) => commerce.inventory.confirmSale(trx, unlucky, [pinLine])),
    ).rejects.toThrow(cartMessages.soldOut("Moon Pin", "Free"));
    expect(await stockOf(db, pinLine.variantId)).toBe(0);
    expect(await holdsOf(db, pinLine.variantId)).toMatchObject({ HELD: 1, SOLD: 0, RELEASED: 1 });
    expect(await ledgerOf(db, pinLine.variantId)).toBe(1);
  });

  it("starts the expiry sweep when the app is ready and stops it on close", async () => {
    const sweepClock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));
    const swept = await createTestShop(
      { HOLD_SWEEP_INTERVAL_MS: "50", STOCK_HOLD_MINUTES: "5" },
      { clock: sweepClock },
    );
    try {
      const tee = await insertProduct(swept.database.db, { name: "Timer Tee", variants: [{ size: "M", stock: 3 }] });
      const guest = newGuest();
      await addOk(swept.app, guest, { productId: tee.id, variantId: tee.variantIds[0]! });
      const order = await orderOk(swept.app, guest);
      expect(order.holdExpiresAt).toBe("2026-11-22T10:05:00.000Z");
      sweepClock.advance(minutes(5));
      const deadline = Date.now() + 5_000;
      while ((await stockOf(swept.database.db, tee.variantIds[0]!)) !== 3 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(await stockOf(swept.database.db, tee.variantIds[0]!)).toBe(3);
    } finally {
      await swept.close();
    }
  });

  // SQLite has one writer at a time (Kysely runs every transaction on its single connection, one
  // after the other), so two transactions cannot interleave there; the 100-checkout test above
  // covers SQLite. These force the bad interleaving on PostgreSQL, where they can.
  describe.skipIf(testEngine === "sqlite")("the last unit, two transactions on separate connections", () => {
    /** Waits until the backend `pid` is blocked by another transaction's lock. */
    async function untilBlocked(pid: number): Promise<void> {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const { rows } = await sql<{
          blocked: number;
        }>`select cardinality(pg_blocking_pids(${pid}::int)) as blocked`.execute(shop.database.db);
        if (Number(rows[0]?.blocked) > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`backend ${pid} never blocked`);
    }

    const readStock = async (trx: Db, variantId: number) =>
      (await trx.selectFrom("variants").select("stock_quantity").where("id", "=", variantId).executeTakeFirstOrThrow())
        .stock_quantity;
    const backendPid = async (trx: Db) =>
      Number((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid);

    it("lets only one of two checkouts that both saw the last unit hold it: the other gets 409, stock ends at 0", async () => {
      const tee = await insertProduct(shop.database.db, { name: "Race Tee", variants: [{ size: "M", stock: 1 }] });
      const variantId = tee.variantIds[0]!;
      const line = { variantId, quantity: 1, name: "Race Tee", size: "M" };
      const now = clock.now().toISOString();
      const [orderA, orderB] = [
        await insertBareOrder(shop.database.db, now),
        await insertBareOrder(shop.database.db, now),
      ];
      const expiresAt = new Date(clock.now().getTime() + minutes(30));
      const aRead = deferred<number>();
      const bRead = deferred<number>();
      const aHeld = deferred();
      const bPid = deferred<number>();
      const aMayCommit = deferred();

      const first = shop.database.db.transaction().execute(async (trx) => {
        aRead.resolve(await readStock(trx, variantId));
        await bRead.promise;
        await commerce.inventory.holdStock(trx, orderA, [line], expiresAt);
        aHeld.resolve();
        await aMayCommit.promise;
      });
      const second = shop.database.db.transaction().execute(async (trx) => {
        const pid = await backendPid(trx);
        bRead.resolve(await readStock(trx, variantId));
        await aHeld.promise;
        bPid.resolve(pid);
        await commerce.inventory.holdStock(trx, orderB, [line], expiresAt);
      });
      // Settle `second` into a value now: it may be refused before `first` has finished
      // committing, and a rejection nobody is listening to yet fails the whole run.
      const secondOutcome = second.then(
        () => null,
        (error: unknown) => error,
      );

      expect([await aRead.promise, await bRead.promise]).toEqual([1, 1]);
      await untilBlocked(await bPid.promise);
      aMayCommit.resolve();
      await first;
      const refused = await secondOutcome;
      expect(refused).toBeInstanceOf(Conflict);
      expect((refused as Conflict).message).toBe(cartMessages.soldOut("Race Tee", "M"));
      expect(await stockOf(shop.database.db, variantId)).toBe(0);
      expect(await holdsOf(shop.database.db, variantId)).toMatchObject({ HELD: 1 });
      const holders = await shop.database.db
        .selectFrom("stock_holds")
        .select("order_id")
        .where("variant_id", "=", variantId)
        .execute();
      expect(holders).toEqual([{ order_id: orderA }]);
    });

    it("keeps the conditional decrement as the last guard: after the first commits, the second changes 0 rows", async () => {
      const tee = await insertProduct(shop.database.db, { name: "Guard Tee", variants: [{ size: "S", stock: 1 }] });
      const variantId = tee.variantIds[0]!;
      const bothRead = [deferred<number>(), deferred<number>()] as const;
      const aTook = deferred<number[]>();
      const bPid = deferred<number>();
      const aMayCommit = deferred();

      const first = shop.database.db.transaction().execute(async (trx) => {
        bothRead[0].resolve(await readStock(trx, variantId));
        await bothRead[1].promise;
        aTook.resolve(await new InventoryRepo(trx, "postgres").takeStock([{ variantId, quantity: 1 }]));
        await aMayCommit.promise;
      });
      const second = shop.database.db.transaction().execute(async (trx) => {
        const pid = await backendPid(trx);
        bothRead[1].resolve(await readStock(trx, variantId));
        await aTook.promise;
        bPid.resolve(pid);
        return new InventoryRepo(trx, "postgres").takeStock([{ variantId, quantity: 1 }]);
      });

      expect([await bothRead[0].promise, await bothRead[1].promise]).toEqual([1, 1]);
      expect(await aTook.promise).toEqual([variantId]);
      await untilBlocked(await bPid.promise);
      aMayCommit.resolve();
      await first;
      expect(await second).toEqual([]);
      expect(await stockOf(shop.database.db, variantId)).toBe(0);
    });
  });
});
