import { catalogueMessages } from "@vaki/contract/admin/catalogue";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";

describe(`product editing on the owner's side (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;
  let owner: StaffSession;
  let catalogue: StaffSession;
  let accountant: StaffSession;

  beforeAll(async () => {
    clock = new ManualClock(new Date("2026-11-26T10:00:00.000Z"));
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
    owner = await setUpOwner(shop.app, clock);
    catalogue = await addStaff(shop.app, clock, "catalogue");
    accountant = await addStaff(shop.app, clock, "accountant");
  });
  afterAll(async () => shop.close());

  const detail = async (id: number) =>
    (await asStaff(shop.app, catalogue, { method: "GET", url: `/api/admin/products/${id}` })).json().data;

  async function formOf(id: number) {
    const product = await detail(id);
    return {
      version: product.version,
      name: product.name,
      descriptionHtml: product.descriptionHtml,
      status: product.status,
      featured: product.featured,
      lowStockThreshold: product.lowStockThreshold,
      variants: product.variants.map((v: { id: number; sku: string; price: number; active: boolean }) => ({
        id: v.id,
        sku: v.sku,
        price: v.price,
        active: v.active,
      })),
    };
  }

  const save = (person: StaffSession, id: number, payload: Record<string, unknown>) =>
    asStaff(shop.app, person, { method: "PUT", url: `/api/admin/products/${id}`, payload });

  it("saves name, sanitised description, threshold and a variant's price; the storefront shows it at once", async () => {
    const tee = await insertProduct(shop.database.db, { name: "Edit Tee", price: 99_900, variants: [{ size: "M" }] });
    const form = await formOf(tee.id);
    const saved = await save(catalogue, tee.id, {
      ...form,
      name: "Edit Tee Mk II",
      descriptionHtml: '<h2>Soft</h2><p onclick="x()">Cotton <script>alert(1)</script><b>tee</b></p>',
      lowStockThreshold: 3,
      variants: [{ ...form.variants[0], price: 124_950 }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.version).toBe(form.version + 1);

    const after = await detail(tee.id);
    expect(after.name).toBe("Edit Tee Mk II");
    expect(after.descriptionHtml).not.toContain("script");
    expect(after.descriptionHtml).not.toContain("onclick");
    expect(after.lowStockThreshold).toBe(3);
    expect(after.variants[0].price).toBe(124_950);
    expect(after.timeline.at(-1).event.action).toBe("product.update");

    const storefront = await shop.app.inject({ method: "GET", url: `/api/products/${tee.slug}` });
    expect(storefront.statusCode).toBe(200);
    expect(JSON.stringify(storefront.json().data)).toContain("124950");
  });

  it("refuses a stale version with a 409 that says to reload, and a SKU another product uses", async () => {
    const cap = await insertProduct(shop.database.db, { name: "Race Cap", variants: [{ size: "One" }] });
    const other = await insertProduct(shop.database.db, { name: "Other Cap", variants: [{ size: "One" }] });
    const form = await formOf(cap.id);
    expect((await save(owner, cap.id, { ...form, name: "First save" })).statusCode).toBe(200);
    const stale = await save(catalogue, cap.id, { ...form, name: "Second save" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(catalogueMessages.staleVersion);
    expect((await detail(cap.id)).name).toBe("First save");

    const fresh = await formOf(cap.id);
    const otherSku = (await formOf(other.id)).variants[0].sku;
    const taken = await save(catalogue, cap.id, { ...fresh, variants: [{ ...fresh.variants[0], sku: otherSku }] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(catalogueMessages.skuTaken(otherSku));
  });

  it("hides a drafted product from the storefront and lists it under its status and stock filters", async () => {
    const hoodie = await insertProduct(shop.database.db, {
      name: "Filter Hoodie",
      variants: [
        { size: "S", stock: 0 },
        { size: "M", stock: 2 },
      ],
    });
    const plenty = await insertProduct(shop.database.db, {
      name: "Filter Plenty",
      variants: [{ size: "M", stock: 50 }],
    });
    const form = await formOf(hoodie.id);
    expect((await save(catalogue, hoodie.id, { ...form, status: "draft" })).statusCode).toBe(200);
    expect((await shop.app.inject({ method: "GET", url: `/api/products/${hoodie.slug}` })).statusCode).toBe(404);

    const list = async (query: string) =>
      (await asStaff(shop.app, catalogue, { method: "GET", url: `/api/admin/products?q=Filter&${query}` }))
        .json()
        .data.items.map((item: { name: string }) => item.name);
    expect(await list("status=draft")).toEqual(["Filter Hoodie"]);
    expect(await list("stock=out")).toEqual(["Filter Hoodie"]);
    expect(await list("stock=low")).toEqual(["Filter Hoodie"]);
    expect(await list("stock=in")).toEqual(["Filter Plenty"]);
    const row = (
      await asStaff(shop.app, catalogue, { method: "GET", url: "/api/admin/products?q=Filter+Hoodie" })
    ).json().data.items[0];
    expect(row).toMatchObject({ status: "draft", lowVariants: 1, outVariants: 1, lowStockThreshold: 5 });

    const bulk = await asStaff(shop.app, catalogue, {
      method: "POST",
      url: "/api/admin/products/status",
      payload: { ids: [hoodie.id, plenty.id], status: "archived" },
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json()).toMatchObject({ data: { changed: 2 }, message: catalogueMessages.bulkDone(2, "archived") });
    expect(await list("status=archived")).toEqual(["Filter Hoodie", "Filter Plenty"]);
  });

  it("refuses the accountant (403) and bad input (400)", async () => {
    const sock = await insertProduct(shop.database.db, { name: "Guard Sock Two" });
    const form = await formOf(sock.id);
    expect((await save(accountant, sock.id, form)).statusCode).toBe(403);
    expect(
      (
        await asStaff(shop.app, accountant, {
          method: "POST",
          url: "/api/admin/products/status",
          payload: { ids: [sock.id], status: "archived" },
        })
      ).statusCode,
    ).toBe(403);
    expect((await save(catalogue, sock.id, { ...form, name: " " })).statusCode).toBe(400);
    expect(
      (await save(catalogue, sock.id, { ...form, variants: [{ ...form.variants[0], price: -1 }] })).statusCode,
    ).toBe(400);
    expect((await save(catalogue, 999_999, form)).statusCode).toBe(404);
  });
});
