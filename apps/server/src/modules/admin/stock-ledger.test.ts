import { randomUUID } from "node:crypto";
import { catalogueMessages } from "@vaki/contract/admin/catalogue";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { stockOf } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import type { Db } from "../../db/connection.js";
import { ManualClock } from "../../lib/clock.js";
import { type CommerceModules, createCommerceModules } from "../commerce.js";

/** An order row with nothing else: the inventory service is driven directly. */
async function bareOrder(db: Db, now: string): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("orders")
    .values({
      id,
      order_number: `LEDGER-${id.slice(0, 8)}`,
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

/** Sum of a variant's ledger, and whether each row's stock_after follows from the rows before it. */
async function ledgerSum(db: Db, variantId: number): Promise<{ sum: number; runningOk: boolean; rows: number }> {
  const rows = await db
    .selectFrom("stock_ledger")
    .select(["change", "stock_after"])
    .where("variant_id", "=", variantId)
    .orderBy("id")
    .execute();
  let sum = 0;
  let runningOk = true;
  for (const row of rows) {
    sum += row.change;
    if (row.stock_after !== sum) runningOk = false;
  }
  return { sum, runningOk, rows: rows.length };
}

describe(`the stock ledger and stock adjustments (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;
  let commerce: CommerceModules;
  let owner: StaffSession;
  let catalogue: StaffSession;
  let accountant: StaffSession;

  beforeAll(async () => {
    clock = new ManualClock(new Date("2026-11-26T10:00:00.000Z"));
    shop = await createTestShop(
      { HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0", CATALOGUE_POLL_MS: "100" },
      { clock },
    );
    commerce = createCommerceModules({
      db: shop.database.db,
      dialect: shop.database.dialect,
      clock,
      config: shop.config,
    });
    owner = await setUpOwner(shop.app, clock);
    catalogue = await addStaff(shop.app, clock, "catalogue");
    accountant = await addStaff(shop.app, clock, "accountant");
  });
  afterAll(async () => shop.close());

  const adjust = (person: StaffSession, variantId: number | string, payload: Record<string, unknown>) =>
    asStaff(shop.app, person, { method: "POST", url: `/api/admin/variants/${variantId}/stock`, payload });

  it("adds up to every variant's stock after a mixed run of adjustments, holds, sales, releases and cancels", async () => {
    const db = shop.database.db;
    const tee = await insertProduct(db, {
      name: "Ledger Tee",
      variants: [
        { size: "S", stock: 6 },
        { size: "M", stock: 10 },
        { size: "L", stock: 3 },
      ],
    });
    const [s, m, l] = tee.variantIds as [number, number, number];
    const inventory = commerce.inventory;
    const line = (variantId: number, quantity: number) => ({ variantId, quantity, name: "Ledger Tee", size: null });
    const now = () => clock.now().toISOString();
    const later = () => new Date(clock.now().getTime() + 30 * 60_000);

    expect((await adjust(catalogue, m, { change: 5, reason: "received", note: "Friday's drop" })).statusCode).toBe(200);
    const first = await bareOrder(db, now());
    const second = await bareOrder(db, now());
    const third = await bareOrder(db, now());
    await db.transaction().execute((trx) => inventory.holdStock(trx, first, [line(s, 2), line(m, 3)], later()));
    await db.transaction().execute((trx) => inventory.holdStock(trx, second, [line(m, 4), line(l, 1)], later()));
    await db.transaction().execute((trx) => inventory.confirmSale(trx, first));
    expect((await adjust(catalogue, s, { change: -1, reason: "damaged", note: "" })).statusCode).toBe(200);
    // The second order's checkout is replaced by a third: its hold goes back, the new one is taken.
    await db
      .transaction()
      .execute((trx) => inventory.holdStock(trx, third, [line(m, 2), line(l, 2)], later(), { replacing: [second] }));
    await db.transaction().execute((trx) => inventory.releaseHold(trx, third));
    // Paid after its hold lapsed: the stock is taken again at the sale.
    await db.transaction().execute((trx) => inventory.confirmSale(trx, third, [line(m, 2), line(l, 2)]));
    // The first order is cancelled after payment: its stock comes back.
    await db.transaction().execute((trx) => inventory.returnStock(trx, first));
    expect((await adjust(owner, l, { change: 4, reason: "correction", note: "Counted the shelf" })).statusCode).toBe(
      200,
    );
    const fourth = await bareOrder(db, now());
    await db.transaction().execute((trx) => inventory.holdStock(trx, fourth, [line(l, 5)], later()));
    await db.transaction().execute((trx) => inventory.returnStock(trx, fourth));

    for (const variantId of [s, m, l]) {
      const stock = await stockOf(db, variantId);
      const ledger = await ledgerSum(db, variantId);
      expect(ledger.sum, `variant ${variantId}`).toBe(stock);
      expect(ledger.runningOk, `stock_after of variant ${variantId}`).toBe(true);
    }
    expect(await stockOf(db, s)).toBe(5);
    expect(await stockOf(db, m)).toBe(13);
    expect(await stockOf(db, l)).toBe(5);

    const ledger = await asStaff(shop.app, catalogue, { method: "GET", url: `/api/admin/variants/${m}/ledger` });
    expect(ledger.statusCode).toBe(200);
    const reasons = ledger.json().data.items.map((item: { reason: string }) => item.reason);
    expect(reasons).toEqual([
      "cancelled",
      "sale",
      "release",
      "hold",
      "release",
      "sale",
      "hold",
      "hold",
      "received",
      "opening",
    ]);
    expect(ledger.json().data.items[8]).toMatchObject({
      change: 5,
      stockAfter: 15,
      note: "Friday's drop",
      staff: { id: catalogue.id, name: catalogue.name },
    });
    expect(ledger.json().data.items[1]).toMatchObject({ orderNumber: expect.stringMatching(/^LEDGER-/), change: -2 });
    expect(ledger.json().data.items[0]).toMatchObject({ reason: "cancelled", change: 3, stockAfter: 13 });
  });

  it("refuses to take stock below zero with a clear 409, and writes nothing", async () => {
    const cap = await insertProduct(shop.database.db, { name: "Zero Cap", variants: [{ size: "One", stock: 2 }] });
    const variantId = cap.variantIds[0]!;
    const refused = await adjust(catalogue, variantId, { change: -3, reason: "damaged" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      catalogueMessages.belowZero(
        (
          await shop.database.db
            .selectFrom("variants")
            .select("sku")
            .where("id", "=", variantId)
            .executeTakeFirstOrThrow()
        ).sku,
        2,
      ),
    );
    expect(await stockOf(shop.database.db, variantId)).toBe(2);
    expect((await ledgerSum(shop.database.db, variantId)).rows).toBe(1);

    const taken = await adjust(catalogue, variantId, { change: -2, reason: "damaged", note: "Water damage" });
    expect(taken.json().data).toEqual({ variantId, before: 2, after: 0 });
  });

  it("records the adjustment in the audit log with reason, change and before/after", async () => {
    const bag = await insertProduct(shop.database.db, { name: "Audit Bag", variants: [{ size: "One", stock: 1 }] });
    const variantId = bag.variantIds[0]!;
    expect((await adjust(catalogue, variantId, { change: 7, reason: "returned", note: "RTO parcel" })).statusCode).toBe(
      200,
    );
    const audit = await asStaff(shop.app, owner, {
      method: "GET",
      url: `/api/admin/audit?entityType=product&entityId=${bag.id}`,
    });
    const event = audit.json().data.items[0];
    expect(event.action).toBe("product.stock_adjust");
    expect(event.actor.id).toBe(catalogue.id);
    expect(Object.values(event.changes)).toContainEqual({ before: 1, after: 8 });
    expect(event.changes.reason).toEqual({ before: null, after: "returned" });
    expect(event.changes.change).toEqual({ before: null, after: 7 });
  });

  it("refuses the accountant (403), a signed-out caller (401), bad input (400) and an unknown variant (404)", async () => {
    const sock = await insertProduct(shop.database.db, { name: "Guard Sock", variants: [{ size: "One", stock: 4 }] });
    const variantId = sock.variantIds[0]!;
    expect((await adjust(accountant, variantId, { change: 1, reason: "received" })).statusCode).toBe(403);
    expect(
      (await asStaff(shop.app, accountant, { method: "GET", url: `/api/admin/variants/${variantId}/ledger` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await shop.app.inject({ method: "POST", url: `/api/admin/variants/${variantId}/stock`, payload: {} }))
        .statusCode,
    ).toBe(401);
    const zero = await adjust(catalogue, variantId, { change: 0, reason: "received" });
    expect(zero.statusCode).toBe(400);
    expect(JSON.stringify(zero.json())).toContain(catalogueMessages.changeRequired);
    expect((await adjust(catalogue, variantId, { change: 2, reason: "sale" })).statusCode).toBe(400);
    expect((await adjust(catalogue, 999_999, { change: 2, reason: "received" })).statusCode).toBe(404);
    expect((await adjust(catalogue, "abc", { change: 2, reason: "received" })).statusCode).toBe(404);
    expect(await stockOf(shop.database.db, variantId)).toBe(4);
  });

  it("moves the storefront's in-stock filter within a poll of a hold and its release", async () => {
    const db = shop.database.db;
    const tee = await insertProduct(db, { name: "Last One Tee", variants: [{ size: "XXS", stock: 1 }] });
    let attempt = 0;
    // Each look is a list answer of its own (a cached answer keeps its short expiry through a sale).
    const inStockNames = async () => {
      attempt += 1;
      const response = await shop.app.inject({
        method: "GET",
        url: `/api/products?size=XXS&inStock=true&limit=${attempt + 10}`,
      });
      expect(response.statusCode).toBe(200);
      const data = response.json().data as { content: { name: string }[]; facets: { inStockCount: number } };
      return { names: data.content.map((product) => product.name), inStock: data.facets.inStockCount };
    };
    expect(await inStockNames()).toEqual({ names: ["Last One Tee"], inStock: 1 });
    // A shopper's hold moves stock without a catalogue change: the lists follow the ledger.
    const order = await bareOrder(db, clock.now().toISOString());
    const line = { variantId: tee.variantIds[0]!, quantity: 1, name: "Last One Tee", size: null };
    const later = new Date(clock.now().getTime() + 30 * 60_000);
    await db.transaction().execute((trx) => commerce.inventory.holdStock(trx, order, [line], later));
    const waiting = { timeout: 3_000, interval: 150 };
    await vi.waitFor(async () => expect(await inStockNames()).toEqual({ names: [], inStock: 0 }), waiting);
    await db.transaction().execute((trx) => commerce.inventory.releaseHold(trx, order));
    await vi.waitFor(
      async () => expect(await inStockNames()).toEqual({ names: ["Last One Tee"], inStock: 1 }),
      waiting,
    );
  });
});
