import { catalogueMessages } from "@vaki/contract/admin/catalogue";
import { productFormMessages, skuFor } from "@vaki/contract/admin/product-form";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { addOk, orderOk } from "../../../test/helpers/cart.js";
import { insertCategory } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";

const SIZES = ["XS", "S", "M", "L", "XL"];

describe(`new products and the variant grid (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;
  let catalogue: StaffSession;
  let accountant: StaffSession;

  beforeAll(async () => {
    clock = new ManualClock(new Date("2026-11-26T10:00:00.000Z"));
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
    await setUpOwner(shop.app, clock);
    catalogue = await addStaff(shop.app, clock, "catalogue");
    accountant = await addStaff(shop.app, clock, "accountant");
    for (const [name, hex] of [
      ["Grid Black", "#111111"],
      ["Grid Sand", "#D8C7A0"],
      ["Grid Red", "#aa0000"],
    ]) {
      const added = await asStaff(shop.app, catalogue, {
        method: "POST",
        url: "/api/admin/colours",
        payload: { name, hex },
      });
      expect(added.statusCode).toBe(200);
    }
  });
  afterAll(async () => shop.close());

  const as = (who: StaffSession, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
    asStaff(shop.app, who, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

  function grid(slug: string, colours: string[], stock = 4) {
    return colours.flatMap((colour) =>
      SIZES.map((size) => ({ colour, size, sku: skuFor(slug, colour, size), price: 99_900, stock, active: true })),
    );
  }

  const detail = async (id: number) => (await as(catalogue, "GET", `/api/admin/products/${id}`)).json().data;
  const variantsOf = (id: number) =>
    shop.database.db
      .selectFrom("variants")
      .select(["id", "sku", "color", "size", "price", "stock_quantity", "is_active"])
      .where("product_id", "=", id)
      .orderBy("id")
      .execute();

  it("creates a product with 2 colours × 5 sizes: 10 variants, their stock in the ledger, audited, in the shop", async () => {
    const categoryId = await insertCategory(shop.database.db, { name: "Grid Tees" });
    const created = await as(catalogue, "POST", "/api/admin/products", {
      name: "Grid Orbit Tee",
      descriptionHtml: "<h2>Soft</h2><p>Cotton <script>x()</script><b>tee</b></p>",
      status: "active",
      categoryIds: [categoryId],
      hsnCode: "6109",
      taxClass: "clothing",
      variants: grid("grid-orbit-tee", ["Grid Black", "grid sand"]),
    });
    expect(created.statusCode).toBe(200);
    const answer = created.json().data;
    expect(answer).toMatchObject({ slug: "grid-orbit-tee", variants: 10 });

    const variants = await variantsOf(answer.id);
    expect(variants).toHaveLength(10);
    // The colours table's spelling wins over the form's.
    expect(new Set(variants.map((v) => v.color))).toEqual(new Set(["Grid Black", "Grid Sand"]));
    expect(variants.every((v) => v.stock_quantity === 4)).toBe(true);
    const ledger = await shop.database.db
      .selectFrom("stock_ledger")
      .select(["reason", "change"])
      .where(
        "variant_id",
        "in",
        variants.map((v) => v.id),
      )
      .execute();
    expect(ledger).toHaveLength(10);
    expect(ledger.every((row) => row.reason === "received" && row.change === 4)).toBe(true);

    const product = await detail(answer.id);
    expect(product.descriptionHtml).not.toContain("script");
    expect(product.categories.map((c: { id: number }) => c.id)).toEqual([categoryId]);
    expect(product.price).toBe(99_900);
    expect(product.timeline.at(-1).event.action).toBe("product.create");

    const page = await shop.app.inject({ method: "GET", url: "/api/products/grid-orbit-tee" });
    expect(page.statusCode).toBe(200);
    const search = await shop.app.inject({ method: "GET", url: "/api/search?q=orbit" });
    expect(search.body).toContain("grid-orbit-tee");
    const list = await shop.app.inject({ method: "GET", url: "/api/products" });
    expect(list.body).toContain("grid-orbit-tee");
  });

  it("refuses a taken SKU or slug (409 naming it), an unknown colour (400) and the accountant (403)", async () => {
    const first = await as(catalogue, "POST", "/api/admin/products", {
      name: "Grid Clash",
      variants: grid("grid-clash", ["Grid Red"]),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.slug).toBe("grid-clash");

    const sku = skuFor("grid-clash", "Grid Red", "M");
    const clash = await as(catalogue, "POST", "/api/admin/products", {
      name: "Grid Clash Two",
      variants: [{ colour: "Grid Red", size: "M", sku, price: 100, stock: 0, active: true }],
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(catalogueMessages.skuTaken(sku));
    expect(
      await shop.database.db.selectFrom("products").select("id").where("name", "=", "Grid Clash Two").execute(),
    ).toEqual([]);

    const slug = await as(catalogue, "POST", "/api/admin/products", {
      name: "Anything",
      slug: "grid-clash",
      variants: [{ colour: "Grid Red", size: "M", sku: "NEW-1", price: 100, stock: 0, active: true }],
    });
    expect(slug.statusCode).toBe(409);
    expect(slug.json().message).toBe(productFormMessages.slugTaken("grid-clash"));

    const colour = await as(catalogue, "POST", "/api/admin/products", {
      name: "Grid Unknown",
      variants: [{ colour: "Plaid", size: "M", sku: "NEW-2", price: 100, stock: 0, active: true }],
    });
    expect(colour.statusCode).toBe(400);
    expect(colour.json().message).toBe(productFormMessages.colourUnknown("Plaid"));

    const forbidden = await as(accountant, "POST", "/api/admin/products", {
      name: "Grid Nope",
      variants: [{ colour: "Grid Red", size: "M", sku: "NEW-3", price: 100, stock: 0, active: true }],
    });
    expect(forbidden.statusCode).toBe(403);
    expect((await as(accountant, "POST", "/api/admin/colours", { name: "Nope", hex: "#000000" })).statusCode).toBe(403);

    const twice = await as(catalogue, "POST", "/api/admin/colours", { name: "grid black", hex: "#000000" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(productFormMessages.colourTaken("Grid Black"));
    const colours = (await as(catalogue, "GET", "/api/admin/colours")).json().data.colours;
    expect(colours).toContainEqual({ name: "Grid Sand", hex: "#d8c7a0" });
  });

  it("edits a product's categories, HSN code and tax class with the rest of the product (audited)", async () => {
    const hats = await insertCategory(shop.database.db, { name: "Grid Hats" });
    const orbit = await insertCategory(shop.database.db, { name: "Grid Orbit", character: true });
    const created = (
      await as(catalogue, "POST", "/api/admin/products", {
        name: "Grid Cap",
        variants: [{ colour: "Grid Red", size: "One size", sku: "GRID-CAP-1", price: 59_900, stock: 1, active: true }],
      })
    ).json().data;
    const product = await detail(created.id);
    expect(product).toMatchObject({ hsnCode: "6109", taxClass: "clothing", categories: [] });
    const payload = {
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
    const saved = await as(catalogue, "PUT", `/api/admin/products/${created.id}`, {
      ...payload,
      categoryIds: [hats, orbit],
      hsnCode: "6505",
      taxClass: "headwear",
    });
    expect(saved.statusCode).toBe(200);
    const after = await detail(created.id);
    expect(after).toMatchObject({ hsnCode: "6505", taxClass: "headwear" });
    expect(after.categories.map((c: { name: string }) => c.name)).toEqual(["Grid Hats", "Grid Orbit"]);
    expect(after.timeline.at(-1).event.changes).toMatchObject({
      categories: { before: [], after: ["Grid Hats", "Grid Orbit"] },
      hsnCode: { before: "6109", after: "6505" },
      taxClass: { before: "clothing", after: "headwear" },
    });

    // Left out, they stay; a bad HSN code is a 400.
    expect(
      (await as(catalogue, "PUT", `/api/admin/products/${created.id}`, { ...payload, version: after.version }))
        .statusCode,
    ).toBe(200);
    expect((await detail(created.id)).hsnCode).toBe("6505");
    const bad = await as(catalogue, "PUT", `/api/admin/products/${created.id}`, {
      ...payload,
      version: after.version + 1,
      hsnCode: "12",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(productFormMessages.hsnInvalid);
  });

  it("saves the grid: adds and updates cells, corrects stock, deletes a removed cell and archives one in an order", async () => {
    const created = (
      await as(catalogue, "POST", "/api/admin/products", {
        name: "Grid Saver",
        status: "active",
        variants: grid("grid-saver", ["Grid Black"], 5),
      })
    ).json().data;
    const before = await variantsOf(created.id);
    const ordered = before.find((v) => v.size === "XS")!;
    const plain = before.find((v) => v.size === "S")!;

    // A shopper orders XS, so it may only be archived.
    const shopper = await registerAndLogin(shop.app);
    const large = before.find((v) => v.size === "L")!;
    await addOk(shop.app, shopper, { productId: created.id, variantId: ordered.id, quantity: 1 });
    // L sells one unit after the grid was loaded: the grid's +2 from 5 keeps that sale.
    await addOk(shop.app, shopper, { productId: created.id, variantId: large.id, quantity: 1 });
    await orderOk(shop.app, shopper);

    const kept = before
      .filter((v) => v.id !== ordered.id && v.id !== plain.id)
      .map((v) => ({
        id: v.id,
        colour: v.color!,
        size: v.size!,
        sku: v.sku,
        price: v.size === "M" ? 129_900 : v.price,
        stock: v.size === "M" ? 9 : v.size === "L" ? 7 : v.stock_quantity,
        ...(v.size === "L" ? { stockBefore: 5 } : {}),
        active: true,
      }));
    const added = SIZES.map((size) => ({
      colour: "Grid Sand",
      size,
      sku: skuFor("grid-saver", "Grid Sand", size),
      price: 89_900,
      stock: 2,
      active: true,
    }));
    const saved = await as(catalogue, "PUT", `/api/admin/products/${created.id}/variants`, {
      version: created.version,
      variants: [...kept, ...added],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      version: created.version + 1,
      created: 5,
      updated: 2,
      deleted: 1,
      archived: [ordered.sku],
    });
    expect(saved.json().message).toBe(productFormMessages.variantsArchived([ordered.sku]));

    const after = await variantsOf(created.id);
    expect(after).toHaveLength(9);
    expect(after.find((v) => v.id === plain.id)).toBeUndefined();
    expect(after.find((v) => v.id === ordered.id)?.is_active).toBe(0);
    const m = after.find((v) => v.size === "M" && v.color === "Grid Black")!;
    expect(m).toMatchObject({ price: 129_900, stock_quantity: 9 });
    const correction = await shop.database.db
      .selectFrom("stock_ledger")
      .select(["reason", "change"])
      .where("variant_id", "=", m.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(correction).toEqual({ reason: "correction", change: 4 });
    expect(after.find((v) => v.id === large.id)?.stock_quantity).toBe(6);
    expect((await detail(created.id)).price).toBe(89_900);

    // The grid loaded before this save is stale now.
    const stale = await as(catalogue, "PUT", `/api/admin/products/${created.id}/variants`, {
      version: created.version,
      variants: [],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(catalogueMessages.staleVersion);

    // The archived variant keeps its SKU: a new cell may not take it.
    const fresh = await detail(created.id);
    const reuse = await as(catalogue, "PUT", `/api/admin/products/${created.id}/variants`, {
      version: fresh.version,
      variants: [{ colour: "Grid Red", size: "XS", sku: ordered.sku, price: 100, stock: 0, active: true }],
    });
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json().message).toBe(catalogueMessages.skuTaken(ordered.sku));

    expect(
      (
        await as(accountant, "PUT", `/api/admin/products/${created.id}/variants`, {
          version: fresh.version,
          variants: [],
        })
      ).statusCode,
    ).toBe(403);
  });
});
