import type { BackInStockDemand } from "@vaki/contract/admin/back-in-stock";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";

describe(`the owner's back-in-stock demand (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;
  let owner: StaffSession;
  let catalogue: StaffSession;
  let support: StaffSession;
  const started = new Date("2026-03-02T09:00:00.000Z");
  const at = (minutes: number) => new Date(started.getTime() + minutes * 60_000).toISOString();
  let hoodie: { id: number; variantIds: number[] };
  let cap: { id: number; variantIds: number[] };

  const ask = async (variantId: number, email: string) => {
    const response = await shop.app.inject({
      method: "POST",
      url: "/api/back-in-stock",
      payload: { variantId, email },
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  const stockOf = (variantId: number, units: number) =>
    shop.database.db.updateTable("variants").set({ stock_quantity: units }).where("id", "=", variantId).execute();
  const demand = (who: StaffSession, query = "") =>
    asStaff(shop.app, who, { method: "GET", url: `/api/admin/back-in-stock${query}` });

  beforeAll(async () => {
    clock = new ManualClock(started);
    // The sweep runs for real (every 50 ms); the outbox is off: the e-mails themselves do not matter here.
    shop = await createTestShop(
      { BACK_IN_STOCK_SWEEP_MS: "50", OUTBOX_INTERVAL_MS: "0", HOLD_SWEEP_INTERVAL_MS: "0" },
      { clock },
    );
    owner = await setUpOwner(shop.app, clock);
    catalogue = await addStaff(shop.app, clock, "catalogue");
    support = await addStaff(shop.app, clock, "support");
    const db = shop.database.db;
    hoodie = await insertProduct(db, {
      name: "Orbit Hoodie",
      variants: [
        { size: "S", color: "Acid Lime", stock: 0 },
        { size: "M", color: "Acid Lime", stock: 0 },
        { size: "XL", color: "Acid Lime", stock: 0 },
      ],
    });
    cap = await insertProduct(db, { name: "Comet Cap", variants: [{ color: "Ink", stock: 0 }] });
    const [small, medium, extraLarge] = hoodie.variantIds as [number, number, number];
    const [capVariant] = cap.variantIds as [number];

    // Medium: two requests answered by the sweep after a restock; sold out again, one more waits.
    clock.set(new Date(at(0)));
    await ask(medium, "early.one@example.com");
    await ask(medium, "early.two@example.com");
    await stockOf(medium, 2);
    await vi.waitFor(
      async () => {
        const open = await db
          .selectFrom("back_in_stock_requests")
          .select("id")
          .where("variant_id", "=", medium)
          .where("notified_at", "is", null)
          .execute();
        expect(open).toHaveLength(0);
      },
      { timeout: 5_000 },
    );
    await stockOf(medium, 0);
    clock.set(new Date(at(5)));
    await ask(medium, "late@example.com");

    // Small: three waiting a minute apart, and one who stopped the alert.
    clock.set(new Date(at(10)));
    await ask(small, "asha@example.com");
    clock.set(new Date(at(11)));
    await ask(small, "stopped@example.com");
    clock.set(new Date(at(12)));
    await ask(small, "bela@example.com");
    clock.set(new Date(at(13)));
    await ask(small, "chitra@example.com");
    // Extra large: its only request was stopped, so it is no one's wait.
    await ask(extraLarge, "stopped@example.com");
    const { token } = await db
      .selectFrom("back_in_stock_requests")
      .select("token")
      .where("email", "=", "stopped@example.com")
      .where("variant_id", "=", small)
      .executeTakeFirstOrThrow();
    const stop = await shop.app.inject({ method: "POST", url: "/api/back-in-stock/unsubscribe", payload: { token } });
    expect(stop.statusCode).toBe(200);

    // The cap: two waiting.
    clock.set(new Date(at(20)));
    await ask(capVariant, "dev@example.com");
    clock.set(new Date(at(21)));
    await ask(capVariant, "esha@example.com");
  });
  afterAll(async () => shop.close());

  it("refuses anyone without products:read: 401 without a staff session, 403 to a role without it", async () => {
    const anonymous = await shop.app.inject({ method: "GET", url: "/api/admin/back-in-stock" });
    expect(anonymous.statusCode).toBe(401);
    const customer = await registerAndLogin(shop.app);
    const asCustomer = await shop.app.inject({
      method: "GET",
      url: "/api/admin/back-in-stock",
      headers: customer.headers,
    });
    expect(asCustomer.statusCode).toBe(401);
    const asSupport = await demand(support);
    expect(asSupport.statusCode).toBe(403);
    expect(asSupport.json()).toMatchObject({ success: false, error: "forbidden" });
    expect((await demand(catalogue)).statusCode).toBe(200);
  });

  it("lists each variant with waiting requests, most waiting first, notified and stopped ones not counted", async () => {
    const [small, medium] = hoodie.variantIds as [number, number];
    const [capVariant] = cap.variantIds as [number];
    const response = await demand(owner);
    expect(response.statusCode).toBe(200);
    const { items, nextCursor, totals } = response.json().data as {
      items: BackInStockDemand[];
      nextCursor: string | null;
      totals: { waiting: number; variants: number };
    };
    expect(items.map((item) => [item.variantId, item.waiting, item.notified])).toEqual([
      [small, 3, 0],
      [capVariant, 2, 0],
      [medium, 1, 2],
    ]);
    expect(items[0]).toEqual({
      variantId: small,
      productId: hoodie.id,
      productName: "Orbit Hoodie",
      productStatus: "active",
      color: "Acid Lime",
      size: "S",
      sku: expect.stringMatching(/^SKU-/),
      stock: 0,
      availability: "sold-out",
      waiting: 3,
      notified: 0,
      // The stopped request (minute 11) is neither counted nor dated; the notified ones are not dated either.
      oldestRequestAt: at(10),
      newestRequestAt: at(13),
    });
    expect(items[1]).toMatchObject({ productId: cap.id, productName: "Comet Cap", size: null, color: "Ink" });
    expect(items[2]).toMatchObject({ oldestRequestAt: at(5), newestRequestAt: at(5) });
    expect(nextCursor).toBeNull();
    expect(totals).toEqual({ waiting: 6, variants: 3 });
  });

  it("pages by keyset, and refuses a cursor it did not make", async () => {
    const first = (await demand(owner, "?limit=2")).json().data;
    expect(first.items.map((item: BackInStockDemand) => item.waiting)).toEqual([3, 2]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await demand(owner, `?limit=2&cursor=${first.nextCursor}`)).json().data;
    expect(second.items.map((item: BackInStockDemand) => item.variantId)).toEqual([hoodie.variantIds[1]]);
    expect(second.nextCursor).toBeNull();
    // Totals are over every page.
    expect(second.totals).toEqual({ waiting: 6, variants: 3 });

    expect((await demand(owner, "?cursor=bm90LWEta2V5")).statusCode).toBe(400);
    expect((await demand(owner, "?limit=0")).statusCode).toBe(400);
  });

  it("says when a variant's requests wait on a product that is not on sale, and breaks ties by variant", async () => {
    const db = shop.database.db;
    await db.updateTable("products").set({ status: "archived", is_active: 0 }).where("id", "=", cap.id).execute();
    // Restocked while archived: the sweep answers only what is on sale, so the two keep waiting.
    const [capVariant] = cap.variantIds as [number];
    await stockOf(capVariant, 4);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The medium size draws level with the cap.
    clock.set(new Date(at(30)));
    await ask(hoodie.variantIds[1] as number, "fourth@example.com");

    const { items } = (await demand(owner)).json().data as { items: BackInStockDemand[] };
    const [small, medium] = hoodie.variantIds as [number, number];
    // A tie goes to the lower variant id (the hoodie was added first), so pages stay stable.
    expect(medium).toBeLessThan(capVariant);
    expect(items.map((item) => [item.variantId, item.waiting])).toEqual([
      [small, 3],
      [medium, 2],
      [capVariant, 2],
    ]);
    expect(items.find((item) => item.variantId === capVariant)).toMatchObject({
      productStatus: "archived",
      stock: 4,
      availability: "not-on-sale",
    });
  });
});
