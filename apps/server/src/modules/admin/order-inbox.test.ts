import { adminOrdersQuerySchema } from "@vaki/contract/admin/schemas";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { paymentForm, payOnPage, startCheckout } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";
import { OrderAdminReads } from "../orders/admin-reads.js";

describe(`the order inbox: tabs, counts, filters and search (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-20T10:00:00.000Z"));
  let owner: StaffSession;
  let support: StaffSession;
  const ids: Record<string, string> = {};

  const sessions: Record<string, Awaited<ReturnType<typeof registerAndLogin>>> = {};

  /** A paid (UPI) order of a new customer, a minute after the one before. */
  async function paidOrder(key: string, price: number, fullName: string) {
    const product = await insertProduct(shop.database.db, { name: `${key} tee`, price, variants: [{ stock: 5 }] });
    const session = await registerAndLogin(shop.app);
    sessions[key] = session;
    const started = await startCheckout(shop.app, { headers: session.headers }, [
      { productId: product.id, variantId: product.variantIds[0] ?? 0, quantity: 1 },
    ]);
    const paid = await payOnPage(
      shop.app,
      started.token,
      paymentForm({ method: "upi", "contact.email": session.customer.email, "shippingAddress.fullName": fullName }),
    );
    expect(paid.statusCode).toBeLessThan(400);
    ids[key] = started.orderId;
    clock.advance(60_000);
  }

  const set = (key: string, changes: Record<string, unknown>) =>
    shop.database.db
      .updateTable("orders")
      .set(changes)
      .where("id", "=", ids[key] ?? "")
      .execute();

  beforeAll(async () => {
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
    owner = await setUpOwner(shop.app, clock);
    support = await addStaff(shop.app, clock, "support");
    await paidOrder("pack", 100_000, "Kavya Menon");
    await paidOrder("ready", 200_000, "Arjun Das");
    await paidOrder("transit", 300_000, "Nisha Pillai");
    await paidOrder("failed", 400_000, "Rohan Gupta");
    await paidOrder("rto", 500_000, "Sara Khan");
    await paidOrder("cancelled", 600_000, "Ila Bose");
    await paidOrder("cod", 700_000, "Dev Rao");
    await set("ready", { packed_at: clock.now().toISOString() });
    await set("transit", { status: "SHIPPED", courier_status_code: 20, tracking_number: "SBX123TRANSIT" });
    await set("failed", { status: "SHIPPED", courier_status_code: 36 });
    await set("rto", { status: "SHIPPED", courier_status_code: 15 });
    await set("cancelled", { status: "CANCELLED" });
    await set("cod", { status: "CREATED", payment_status: "COD_PENDING", cod_state: "to_confirm" });
  });
  afterAll(async () => shop.close());

  const get = (who: StaffSession, url: string) => asStaff(shop.app, who, { method: "GET", url });
  const listIds = async (query: string) => {
    const response = await get(support, `/api/admin/orders?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.items.map((o: { id: string }) => o.id);
  };

  it("counts every tab in one answer, and each tab lists its orders", async () => {
    const response = await get(support, "/api/admin/orders/counts");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      cod_to_confirm: 1,
      to_pack: 1,
      ready_for_pickup: 1,
      in_transit: 1,
      delivery_failed: 1,
      returned_to_origin: 1,
      cancelled: 1,
      all: 7,
    });
    expect(await listIds("tab=to_pack")).toEqual([ids.pack]);
    expect(await listIds("tab=ready_for_pickup")).toEqual([ids.ready]);
    expect(await listIds("tab=in_transit")).toEqual([ids.transit]);
    expect(await listIds("tab=delivery_failed")).toEqual([ids.failed]);
    expect(await listIds("tab=returned_to_origin")).toEqual([ids.rto]);
    expect(await listIds("tab=cancelled")).toEqual([ids.cancelled]);
    expect(await listIds("tab=cod_to_confirm")).toEqual([ids.cod]);
    expect(await listIds("tab=all")).toHaveLength(7);
  });

  it("filters by payment method and status, date range and amount; counts follow the filters", async () => {
    expect(await listIds("paymentMethod=CASH_ON_DELIVERY")).toEqual([ids.cod]);
    expect(await listIds("paymentMethod=PREPAID")).toHaveLength(6);
    expect(await listIds("paymentStatus=COD_PENDING")).toEqual([ids.cod]);
    // Placed from the third order to the fifth (both inclusive).
    const all = (await get(support, "/api/admin/orders")).json().data.items as { id: string; createdAt: string }[];
    const placed = (key: string) => all.find((o) => o.id === ids[key])?.createdAt ?? "";
    const [from, to] = [placed("transit"), placed("rto")];
    expect(await listIds(`from=${from}&to=${to}&sort=createdAt&dir=asc`)).toEqual([ids.transit, ids.failed, ids.rto]);
    const day = from.slice(0, 10);
    expect(await listIds(`from=${day}&to=${day}`)).toHaveLength(7);
    expect(await listIds("to=2026-11-19")).toEqual([]);
    const totals = await get(support, "/api/admin/orders?minTotal=250000&maxTotal=450000");
    expect(totals.json().data.items.length).toBeGreaterThan(0);
    for (const item of totals.json().data.items) {
      expect(item.total).toBeGreaterThanOrEqual(250_000);
      expect(item.total).toBeLessThanOrEqual(450_000);
    }
    const counts = (await get(support, "/api/admin/orders/counts?paymentMethod=CASH_ON_DELIVERY")).json().data;
    expect(counts).toMatchObject({ cod_to_confirm: 1, to_pack: 0, all: 1 });
  });

  it("finds an order by the customer's name, AWB, e-mail or number, and pages a tab by keyset", async () => {
    expect(await listIds("q=nisha")).toEqual([ids.transit]);
    // Name-like text goes by the words of the delivery name and city: a prefix of each typed word,
    // in any order, case and accents aside; or the account's name containing it.
    expect(await listIds("q=nis")).toEqual([ids.transit]);
    expect(await listIds(`q=${encodeURIComponent("PILLAI  nisha")}`)).toEqual([ids.transit]);
    expect(await listIds(`q=${encodeURIComponent("Nísha")}`)).toEqual([ids.transit]);
    expect(await listIds(`q=${encodeURIComponent("ila khan")}`)).toEqual([]);
    expect(await listIds("q=noida")).toHaveLength(7);
    expect(await listIds(`q=${encodeURIComponent("riya sharma")}`)).toHaveLength(7);
    // A common name (over 1,000 words in its range) is found by walking the orders: same answers.
    const common = Array.from({ length: 1_001 }, (_, index) => ({
      word: `nisx${index}`,
      order_id: ids.transit ?? "",
      created_at: "",
    }));
    await shop.database.db.insertInto("order_name_words").values(common).execute();
    expect(await listIds("q=nis")).toEqual([ids.transit]);
    expect(await listIds(`q=${encodeURIComponent("nis pill")}`)).toEqual([ids.transit]);
    expect(await listIds(`q=${encodeURIComponent("nis bose")}`)).toEqual([]);
    await shop.database.db.deleteFrom("order_name_words").where("word", "like", "nisx%").execute();
    expect(await listIds("q=SBX123TRANSIT")).toEqual([ids.transit]);
    const page1 = (await get(owner, "/api/admin/orders?tab=all&limit=4")).json().data;
    expect(page1.items).toHaveLength(4);
    const page2 = (await get(owner, `/api/admin/orders?tab=all&limit=4&cursor=${page1.nextCursor}`)).json().data;
    expect(page2.items).toHaveLength(3);
    expect(page2.nextCursor).toBeNull();
    const seen = new Set([...page1.items, ...page2.items].map((o: { id: string }) => o.id));
    expect(seen.size).toBe(7);
    expect(page1.items[0]).toMatchObject({ refundedAmount: 0, packedAt: null });
  });

  /** Every page of a list, two orders a page, as the ids of each page. */
  const pages = async (reads: OrderAdminReads, raw: Record<string, string>) => {
    const seen: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await reads.list(
        adminOrdersQuerySchema.parse({ ...raw, limit: "2", ...(cursor ? { cursor } : {}) }),
      );
      seen.push(page.items.map((item) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return seen;
  };
  const nineNames = ["noida", "riya sharma", "kavya", "nis pill", "ila khan", "rohan gupta", "noida rohan", "n", "r s"];

  it("gives a common name the same pages whether it lists, walks its word or walks the orders", async () => {
    const listing = new OrderAdminReads(shop.database.db);
    // Every word counts as common here, so each search takes a walk.
    const walking = new OrderAdminReads(shop.database.db, 0);
    // A single stored word in the range is walked by time; a prefix of several words is not.
    expect((await listing.namePlan("noida", "createdAt"))?.kind).toBe("walk-word");
    expect((await listing.namePlan("noida", "total"))?.kind).toBe("list");
    expect((await listing.namePlan("n", "createdAt"))?.kind).toBe("list");
    expect((await walking.namePlan("n", "createdAt"))?.kind).toBe("walk-orders");
    expect((await walking.namePlan("n", "total"))?.kind).toBe("walk-orders");
    expect((await walking.namePlan("n", null))?.kind).toBe("list");
    expect(await walking.namePlan("VK-1", "createdAt")).toBeNull();
    for (const q of nineNames) {
      for (const extra of [
        {},
        { dir: "asc" },
        { tab: "in_transit" },
        { minTotal: "300000" },
        { sort: "total" },
      ] as Record<string, string>[]) {
        const expected = await pages(listing, { q, ...extra });
        expect(await pages(walking, { q, ...extra }), `${q} ${JSON.stringify(extra)}`).toEqual(expected);
      }
    }
    expect((await pages(walking, { q: "noida" })).flat()).toHaveLength(7);
    expect((await pages(walking, { q: "noida rohan" })).flat()).toEqual([ids.failed]);
  });

  it("gives the same pages from prepared statements' generic plans as from plans made per search", async () => {
    const planned = new OrderAdminReads(shop.database.db);
    const expected: string[][][] = [];
    for (const q of [undefined, ...nineNames]) {
      for (const dir of ["desc", "asc"]) expected.push(await pages(planned, { ...(q ? { q } : {}), dir }));
    }
    // PostgreSQL plans a prepared statement's first runs with their values; forced to its generic
    // plan from the start, every page must still be the same (SQLite prepares every statement).
    await shop.database.db.connection().execute(async (connection) => {
      const generic = new OrderAdminReads(connection);
      if (shop.database.dialect === "postgres") await sql`set plan_cache_mode = force_generic_plan`.execute(connection);
      try {
        const answered: string[][][] = [];
        for (const q of [undefined, ...nineNames]) {
          for (const dir of ["desc", "asc"]) answered.push(await pages(generic, { ...(q ? { q } : {}), dir }));
        }
        expect(answered).toEqual(expected);
      } finally {
        if (shop.database.dialect === "postgres") await sql`reset plan_cache_mode`.execute(connection);
      }
    });
  });

  it("finds orders by their account's name, and by its new name once the account is renamed", async () => {
    const session = sessions.cod;
    if (!session) throw new Error("the COD order's customer signs in");
    const rename = (name: string) =>
      shop.app.inject({
        method: "POST",
        url: "/api/user/profile/edit/name",
        headers: session.headers,
        payload: { name },
      });
    expect((await rename("Zubin Quasar")).statusCode).toBe(200);
    expect(await listIds("q=quasar")).toEqual([ids.cod]);
    expect(await listIds(`q=${encodeURIComponent("zub dev")}`)).toEqual([ids.cod]);
    expect((await rename("Tara Wadia")).statusCode).toBe(200);
    expect(await listIds("q=quasar")).toEqual([]);
    expect(await listIds("q=wadia")).toEqual([ids.cod]);
  });

  it("looks a whole order number, e-mail, phone or AWB up by index, whatever its case or spacing (decision 0022)", async () => {
    const orders = (await get(owner, "/api/admin/orders")).json().data.items as {
      id: string;
      orderNumber: string;
      email: string;
    }[];
    const failed = orders.find((o) => o.id === ids.failed);
    if (!failed) throw new Error("the failed order is not listed");
    await set("failed", { contact_phone: "+919876501234", contact_email: "Rohan.Gupta@Example.in" });
    await shop.database.db
      .insertInto("shipments")
      .values({
        order_id: ids.failed ?? "",
        provider: "sandbox",
        payment_method: "Prepaid",
        provider_order_id: null,
        shipment_id: null,
        awb: "7700112233",
        courier_id: null,
        courier_name: null,
        status_code: 36,
        pickup_requested_at: null,
        created_at: clock.now().toISOString(),
        updated_at: clock.now().toISOString(),
        cancelled_at: null,
      })
      .execute();
    expect(await listIds(`q=${failed.orderNumber.toLowerCase()}`)).toEqual([ids.failed]);
    expect(await listIds("q=rohan.gupta%40example.in")).toEqual([ids.failed]);
    for (const phone of ["9876501234", "%2B91 98765 01234", "919876501234"]) {
      expect(await listIds(`q=${phone}`)).toEqual([ids.failed]);
    }
    expect(await listIds("q=7700112233")).toEqual([ids.failed]);
    expect(await listIds("q=sbx123transit")).toEqual([ids.transit]);
    // Anything else still matches as a part of a field.
    expect(await listIds("q=6501234")).toEqual([ids.failed]);
    expect(await listIds("q=VK-")).toHaveLength(7);
    const counts = (await get(support, "/api/admin/orders/counts?q=9876501234")).json().data;
    expect(counts).toMatchObject({ delivery_failed: 1, all: 1 });
  });

  it("refuses an unknown tab, a bad date or a negative amount with 400", async () => {
    expect((await get(owner, "/api/admin/orders?tab=lost")).statusCode).toBe(400);
    expect((await get(owner, "/api/admin/orders?from=yesterday")).statusCode).toBe(400);
    expect((await get(owner, "/api/admin/orders/counts?minTotal=-5")).statusCode).toBe(400);
  });

  it("reuses counts for a moment, and forgets them at any change made through the owner's side", async () => {
    const reads = new OrderAdminReads(shop.database.db, undefined, 60_000);
    const first = await reads.counts({});
    await set("pack", { status: "CANCELLED" });
    try {
      // Within the reuse time the same filters answer the same counts; other filters count afresh.
      expect(await reads.counts({})).toEqual(first);
      expect((await reads.counts({ minTotal: 0 })).cancelled).toBe(first.cancelled + 1);
      reads.forgetCounts();
      expect(await reads.counts({})).toMatchObject({ cancelled: first.cancelled + 1, to_pack: first.to_pack - 1 });
    } finally {
      await set("pack", { status: "CONFIRMED" });
    }

    // The app's own inbox forgets them before answering any write under /api/admin, not a read.
    const inbox = (shop.app as unknown as { staffModule: { admin: { reads: { orders: OrderAdminReads } } } })
      .staffModule.admin.reads.orders;
    const forget = vi.spyOn(inbox, "forgetCounts");
    try {
      expect((await get(owner, "/api/admin/orders/counts")).statusCode).toBe(200);
      expect(forget).not.toHaveBeenCalled();
      const noted = await asStaff(shop.app, owner, {
        method: "POST",
        url: `/api/admin/orders/${ids.pack}/notes`,
        payload: { text: "Gift wrap, please." },
      });
      expect(noted.statusCode, noted.body).toBeLessThan(300);
      expect(forget).toHaveBeenCalledTimes(1);
    } finally {
      forget.mockRestore();
    }
  });
});
