import { adminMessages as m } from "@vaki/contract/admin/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoggedIn, registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { addOk, orderOk } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";

describe(`the admin's views of orders, products and customers (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;
  let owner: StaffSession;
  let support: StaffSession;
  let catalogue: StaffSession;
  let customer: LoggedIn;
  const orders: { id: string; orderNumber: string; total: number }[] = [];
  const products: { id: number; slug: string; variantIds: number[] }[] = [];

  beforeAll(async () => {
    clock = new ManualClock(new Date());
    shop = await createTestShop({}, { clock });
    owner = await setUpOwner(shop.app, clock);
    support = await addStaff(shop.app, clock, "support");
    catalogue = await addStaff(shop.app, clock, "catalogue");
    const db = shop.database.db;
    products.push(
      await insertProduct(db, {
        name: "Aurora Tee",
        price: 79_900,
        variants: [{ size: "M", color: "Black", stock: 20 }],
      }),
      await insertProduct(db, {
        name: "Nebula Hoodie",
        price: 249_900,
        variants: [{ size: "L", color: "Grey", stock: 7 }],
      }),
      await insertProduct(db, { name: "Retired Cap", price: 49_900, active: false }),
    );
    customer = await registerAndLogin(shop.app, { name: "Meera Iyer" });
    // Three orders a minute apart (each new unpaid order replaces the one before: cancelled).
    for (const [index, quantity] of [1, 3, 2].entries()) {
      const product = products[index % 2] ?? products[0];
      if (!product) throw new Error("no product");
      await addOk(shop.app, customer, { productId: product.id, variantId: product.variantIds[0] ?? 0, quantity });
      const order = await orderOk(shop.app, customer);
      orders.push({ id: order.id, orderNumber: String(order.orderNumber), total: Number(order.total) });
      clock.advance(60_000);
    }
  });
  afterAll(async () => shop.close());

  const get = (who: StaffSession, url: string) => asStaff(shop.app, who, { method: "GET", url });

  it("lists orders newest first in keyset pages, with the customer's name and payment", async () => {
    const first = await get(support, "/api/admin/orders?limit=2");
    expect(first.statusCode).toBe(200);
    const page1 = first.json().data;
    expect(page1.items.map((o: { id: string }) => o.id)).toEqual([orders[2]?.id, orders[1]?.id]);
    expect(page1.items[0]).toMatchObject({
      orderNumber: orders[2]?.orderNumber,
      customerName: "Meera Iyer",
      total: orders[2]?.total,
      status: "CREATED",
      paymentMethod: null,
    });
    expect(page1.nextCursor).toEqual(expect.any(String));
    const second = (await get(support, `/api/admin/orders?limit=2&cursor=${page1.nextCursor}`)).json().data;
    expect(second.items.map((o: { id: string }) => o.id)).toEqual([orders[0]?.id]);
    expect(second.nextCursor).toBeNull();
  });

  it("sorts by total both ways, filters by status and finds an order by its number", async () => {
    const ascending = (await get(owner, "/api/admin/orders?sort=total&dir=asc")).json().data.items;
    const totals = ascending.map((o: { total: number }) => o.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const byTotalPaged = (await get(owner, "/api/admin/orders?sort=total&dir=desc&limit=1")).json().data;
    const next = (
      await get(owner, `/api/admin/orders?sort=total&dir=desc&limit=1&cursor=${byTotalPaged.nextCursor}`)
    ).json().data;
    expect(next.items[0].total).toBeLessThanOrEqual(byTotalPaged.items[0].total);
    expect(next.items[0].id).not.toBe(byTotalPaged.items[0].id);

    expect((await get(owner, "/api/admin/orders?status=DELIVERED")).json().data.items).toEqual([]);
    const found = (await get(owner, `/api/admin/orders?q=${orders[1]?.orderNumber}`)).json().data.items;
    expect(found.map((o: { id: string }) => o.id)).toEqual([orders[1]?.id]);
  });

  it("refuses a bad cursor, sort or limit with 400 field errors", async () => {
    const cursor = await get(owner, "/api/admin/orders?cursor=bm90LWEtY3Vyc29y");
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().fieldErrors.cursor).toEqual([m.cursorInvalid]);
    // A cursor of another sort is refused too.
    const byDate = (await get(owner, "/api/admin/orders?limit=1")).json().data.nextCursor;
    expect((await get(owner, `/api/admin/orders?sort=total&cursor=${byDate}`)).statusCode).toBe(400);
    expect((await get(owner, "/api/admin/orders?sort=colour")).statusCode).toBe(400);
    expect((await get(owner, "/api/admin/orders?limit=101")).statusCode).toBe(400);
    expect((await get(owner, "/api/admin/orders?status=LOST")).statusCode).toBe(400);
  });

  it("shows one order with lines, totals and a timeline; 404 for an unknown one", async () => {
    const order = orders[1];
    const response = await get(support, `/api/admin/orders/${order?.id}`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      id: order?.id,
      orderNumber: order?.orderNumber,
      customer: { id: customer.userId, name: "Meera Iyer" },
      totals: { total: order?.total },
      notes: [],
    });
    expect(data.lines.length).toBeGreaterThan(0);
    expect(data.lines[0]).toMatchObject({
      quantity: expect.any(Number),
      sku: expect.any(String),
      imageUrl: expect.any(String),
    });
    expect(data.timeline[0]).toMatchObject({ kind: "status", status: "CREATED" });

    const unknown = await get(support, "/api/admin/orders/00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(m.orderNotFound);
  });

  it("adds an audited note that shows in the order's notes and timeline", async () => {
    const order = orders[0];
    const add = (who: StaffSession, payload: Record<string, unknown>, id = order?.id) =>
      asStaff(shop.app, who, { method: "POST", url: `/api/admin/orders/${id}/notes`, payload });
    const added = await add(support, { text: "  Customer asked for gift wrap.  " });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({
      orderId: order?.id,
      text: "Customer asked for gift wrap.",
      author: { id: support.id, name: support.name },
    });

    expect((await add(support, { text: "   " })).json().fieldErrors.text).toEqual([m.noteRequired]);
    expect((await add(support, { text: "x".repeat(2001) })).json().fieldErrors.text).toEqual([m.noteTooLong]);
    expect((await add(support, { text: "Hi" }, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await add(catalogue, { text: "Hi" })).statusCode).toBe(403);

    const detail = (await get(owner, `/api/admin/orders/${order?.id}`)).json().data;
    expect(detail.notes.map((n: { text: string }) => n.text)).toEqual(["Customer asked for gift wrap."]);
    const audit = detail.timeline.filter((item: { kind: string }) => item.kind === "audit");
    expect(audit).toHaveLength(1);
    expect(audit[0].event).toMatchObject({
      action: "order.note_add",
      actor: { id: support.id },
      entityType: "order",
      entityId: order?.id,
      changes: { note: { before: null, after: "Customer asked for gift wrap." } },
    });
  });

  it("lists products (inactive too) by name, price or date, finds one by SKU, and shows its variants", async () => {
    const all = (await get(catalogue, "/api/admin/products?limit=100")).json().data;
    expect(all.items.map((p: { name: string }) => p.name)).toEqual(["Aurora Tee", "Nebula Hoodie", "Retired Cap"]);
    expect(all.items[0]).toMatchObject({
      status: "active",
      price: 79_900,
      stock: expect.any(Number),
      imageUrl: expect.any(String),
    });

    const archived = (await get(catalogue, "/api/admin/products?status=archived")).json().data.items;
    expect(archived.map((p: { name: string }) => p.name)).toEqual(["Retired Cap"]);
    const byPrice = (await get(catalogue, "/api/admin/products?sort=price&dir=desc&limit=2")).json().data;
    expect(byPrice.items.map((p: { price: number }) => p.price)).toEqual([249_900, 79_900]);
    const rest = (
      await get(catalogue, `/api/admin/products?sort=price&dir=desc&limit=2&cursor=${byPrice.nextCursor}`)
    ).json().data;
    expect(rest.items.map((p: { price: number }) => p.price)).toEqual([49_900]);

    const detail = (await get(catalogue, `/api/admin/products/${products[1]?.id}`)).json().data;
    const sku = detail.variants[0].sku as string;
    expect(detail).toMatchObject({ name: "Nebula Hoodie", timeline: [], categories: [] });
    expect(detail.variants[0]).toMatchObject({ size: "L", color: "Grey", active: true });
    const bySku = (await get(catalogue, `/api/admin/products?q=${encodeURIComponent(sku.toLowerCase())}`)).json().data;
    expect(bySku.items.map((p: { id: number }) => p.id)).toEqual([products[1]?.id]);

    expect((await get(catalogue, "/api/admin/products/999999")).statusCode).toBe(404);
    expect((await get(catalogue, "/api/admin/products/not-a-number")).statusCode).toBe(404);
    expect((await get(support, "/api/admin/products")).statusCode).toBe(403);
  });

  it("lists customers with their order counts and shows one with their orders", async () => {
    const list = (await get(support, `/api/admin/customers?q=${encodeURIComponent(customer.customer.email)}`)).json()
      .data;
    expect(list.items).toEqual([
      {
        id: customer.userId,
        name: "Meera Iyer",
        email: customer.customer.email,
        phone: expect.any(String),
        ordersCount: 3,
        createdAt: expect.any(String),
      },
    ]);
    const detail = (await get(support, `/api/admin/customers/${customer.userId}`)).json().data;
    expect(detail.orders.map((o: { id: string }) => o.id)).toEqual([orders[2]?.id, orders[1]?.id, orders[0]?.id]);
    expect((await get(support, "/api/admin/customers/no-such-customer")).statusCode).toBe(404);
    expect((await get(catalogue, "/api/admin/customers")).statusCode).toBe(403);
  });

  it("searches orders, products and customers, each section only when the role may read it", async () => {
    const all = (await get(owner, "/api/admin/search?q=meera")).json().data;
    expect(all.customers.map((c: { id: string }) => c.id)).toEqual([customer.userId]);
    // Orders are found by the customer's name too (issue 28's inbox search).
    expect(all.orders.map((o: { id: string }) => o.id).sort()).toEqual(orders.map((o) => o.id).sort());
    const byNumber = (await get(owner, `/api/admin/search?q=${orders[0]?.orderNumber}`)).json().data;
    expect(byNumber.orders.map((o: { id: string }) => o.id)).toEqual([orders[0]?.id]);
    expect(byNumber.orders[0]).toMatchObject({ name: "Meera Iyer", total: orders[0]?.total, awb: null });

    const aurora = (await get(owner, "/api/admin/search?q=aurora")).json().data;
    expect(aurora.products).toEqual([
      { id: products[0]?.id, name: "Aurora Tee", slug: products[0]?.slug, sku: null, imageUrl: expect.any(String) },
    ]);

    const forCatalogue = (await get(catalogue, "/api/admin/search?q=meera")).json().data;
    expect(forCatalogue).toEqual({ orders: [], products: [], customers: [] });
    const supportSees = (await get(support, "/api/admin/search?q=aurora")).json().data;
    expect(supportSees.products).toEqual([]);

    const blank = await get(owner, "/api/admin/search?q=%20");
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(m.searchRequired);
    // The searcher's own % matches only a %.
    expect((await get(owner, "/api/admin/search?q=%25")).json().data.customers).toEqual([]);
  });
});
