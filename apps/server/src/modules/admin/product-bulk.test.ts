import { catalogueMessages } from "@vaki/contract/admin/catalogue";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertCategory, insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";

describe(`the product list's category filters and bulk actions (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;
  let catalogue: StaffSession;
  let accountant: StaffSession;
  let clothing: number;
  let hoodies: number;
  let tees: number;
  let luna: number;
  let bolt: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    clock = new ManualClock(new Date("2026-11-26T10:00:00.000Z"));
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
    await setUpOwner(shop.app, clock);
    catalogue = await addStaff(shop.app, clock, "catalogue");
    accountant = await addStaff(shop.app, clock, "accountant");
    const db = shop.database.db;
    clothing = await insertCategory(db, { name: "Bulk Clothing" });
    hoodies = await insertCategory(db, { name: "Bulk Hoodies", parentId: clothing });
    tees = await insertCategory(db, { name: "Bulk Tees", parentId: clothing, active: false });
    luna = await insertCategory(db, { name: "Bulk Luna", character: true });
    bolt = await insertCategory(db, { name: "Bulk Bolt", character: true });
    const products: [string, number[], number, number][] = [
      // name, categories, stock of its one variant, price
      ["Bulk A Hoodie", [hoodies, luna], 50, 150_000],
      ["Bulk B Hoodie", [hoodies, bolt], 0, 120_000],
      ["Bulk C Tee", [tees, luna], 2, 80_000],
      ["Bulk D Jacket", [clothing], 40, 200_000],
      ["Bulk E Mug", [luna], 30, 40_000],
      ["Bulk F Cap", [], 30, 60_000],
    ];
    for (const [index, [name, categoryIds, stock, price]] of products.entries()) {
      const row = await insertProduct(db, {
        name,
        price,
        categoryIds,
        variants: [{ size: "M", stock, price }],
        createdAt: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
      });
      ids[name] = row.id;
    }
  });
  afterAll(async () => shop.close());

  const get = (url: string) => asStaff(shop.app, catalogue, { method: "GET", url });
  const names = async (query: string) => {
    const response = await get(`/api/admin/products?q=Bulk&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.items.map((item: { name: string }) => item.name) as string[];
  };
  const post = (person: StaffSession, url: string, payload: Record<string, unknown>) =>
    asStaff(shop.app, person, { method: "POST", url: `/api/admin/products/${url}`, payload });
  const auditOf = async (productId: number) =>
    (
      await shop.database.db
        .selectFrom("audit_events")
        .select(["action", "changes"])
        .where("entity_type", "=", "product")
        .where("entity_id", "=", String(productId))
        .orderBy("id")
        .execute()
    ).map((row) => ({ action: row.action, changes: JSON.parse(row.changes) }));
  const categoryIdsOf = async (productId: number) =>
    (
      await shop.database.db
        .selectFrom("category_products")
        .select("category_id")
        .where("product_id", "=", productId)
        .orderBy("category_id")
        .execute()
    ).map((row) => row.category_id);
  const featuredOf = async (productId: number) =>
    (
      await shop.database.db
        .selectFrom("products")
        .select("is_featured")
        .where("id", "=", productId)
        .executeTakeFirstOrThrow()
    ).is_featured;

  it("filters by category with its sub-categories (hidden ones too) and by character", async () => {
    expect(await names(`category=${clothing}`)).toEqual([
      "Bulk A Hoodie",
      "Bulk B Hoodie",
      "Bulk C Tee",
      "Bulk D Jacket",
    ]);
    expect(await names(`category=${hoodies}`)).toEqual(["Bulk A Hoodie", "Bulk B Hoodie"]);
    expect(await names(`character=${luna}`)).toEqual(["Bulk A Hoodie", "Bulk C Tee", "Bulk E Mug"]);
    expect(await names(`category=${clothing}&character=${luna}`)).toEqual(["Bulk A Hoodie", "Bulk C Tee"]);
    expect(await names("category=&character=")).toHaveLength(6);
    expect(await names("category=999999")).toEqual([]);
    expect((await get("/api/admin/products?category=hoodies")).statusCode).toBe(400);
  });

  it("combines them with the status and stock filters", async () => {
    expect(await names(`category=${clothing}&stock=out`)).toEqual(["Bulk B Hoodie"]);
    expect(await names(`category=${clothing}&stock=low`)).toEqual(["Bulk C Tee"]);
    expect(await names(`character=${luna}&stock=in`)).toEqual(["Bulk A Hoodie", "Bulk E Mug"]);
    // Through the owner's own action: the list index learns of it as the catalogue changes.
    const drafted = await asStaff(shop.app, catalogue, {
      method: "POST",
      url: "/api/admin/products/status",
      payload: { ids: [ids["Bulk D Jacket"]], status: "draft" },
    });
    expect(drafted.statusCode, drafted.body).toBe(200);
    expect(await names(`category=${clothing}&status=draft`)).toEqual(["Bulk D Jacket"]);
    expect(await names(`category=${clothing}&status=active`)).toEqual(["Bulk A Hoodie", "Bulk B Hoodie", "Bulk C Tee"]);
  });

  it("pages a filtered list by keyset with every sort and direction", async () => {
    const expected = {
      name: ["Bulk A Hoodie", "Bulk B Hoodie", "Bulk C Tee", "Bulk D Jacket"],
      createdAt: ["Bulk A Hoodie", "Bulk B Hoodie", "Bulk C Tee", "Bulk D Jacket"],
      price: ["Bulk C Tee", "Bulk B Hoodie", "Bulk A Hoodie", "Bulk D Jacket"],
    };
    for (const [sort, ascending] of Object.entries(expected)) {
      for (const dir of ["asc", "desc"] as const) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const after: string = cursor ? `&cursor=${cursor}` : "";
          const response = await get(
            `/api/admin/products?q=Bulk&category=${clothing}&sort=${sort}&dir=${dir}&limit=3${after}`,
          );
          expect(response.statusCode, response.body).toBe(200);
          const data = response.json().data;
          seen.push(...data.items.map((item: { name: string }) => item.name));
          cursor = data.nextCursor;
        } while (cursor);
        expect(seen, `${sort} ${dir}`).toEqual(dir === "asc" ? ascending : [...ascending].reverse());
      }
    }
  });

  it("exports only the filtered products as CSV", async () => {
    const response = await get(`/api/admin/products.csv?q=Bulk&category=${hoodies}&character=${bolt}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Bulk B Hoodie");
    expect(response.body).not.toContain("Bulk A Hoodie");
    expect(response.body).not.toContain("Bulk E Mug");
  });

  it("adds products to a category, counting those already in it as unchanged, with an audit event each", async () => {
    const chosen = [ids["Bulk A Hoodie"]!, ids["Bulk E Mug"]!, ids["Bulk F Cap"]!];
    const added = await post(catalogue, "categories", { ids: chosen, categoryId: hoodies, action: "add" });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      data: { changed: 2 },
      message: catalogueMessages.bulkCategoryDone(2, "Bulk Hoodies", "add"),
    });
    expect(added.json().message).toBe("Added 2 products to Bulk Hoodies.");
    expect(await categoryIdsOf(ids["Bulk F Cap"]!)).toEqual([hoodies]);
    expect(await categoryIdsOf(ids["Bulk E Mug"]!)).toEqual([hoodies, luna].sort((a, b) => a - b));
    expect(await names(`category=${hoodies}`)).toEqual(["Bulk A Hoodie", "Bulk B Hoodie", "Bulk E Mug", "Bulk F Cap"]);
    expect(await auditOf(ids["Bulk F Cap"]!)).toEqual([
      { action: "product.update", changes: { categories: { before: [], after: ["Bulk Hoodies"] } } },
    ]);
    expect(await auditOf(ids["Bulk E Mug"]!)).toEqual([
      {
        action: "product.update",
        changes: { categories: { before: ["Bulk Luna"], after: ["Bulk Hoodies", "Bulk Luna"] } },
      },
    ]);
    expect(await auditOf(ids["Bulk A Hoodie"]!)).toEqual([]);

    const again = await post(catalogue, "categories", { ids: chosen, categoryId: hoodies, action: "add" });
    expect(again.json()).toMatchObject({
      data: { changed: 0 },
      message: "The chosen products were already in Bulk Hoodies.",
    });
  });

  it("takes products out of a character, and the product's version moves so an open form goes stale", async () => {
    const mug = ids["Bulk E Mug"]!;
    const before = await asStaff(shop.app, catalogue, { method: "GET", url: `/api/admin/products/${mug}` });
    const removed = await post(catalogue, "categories", {
      ids: [mug, ids["Bulk F Cap"]!, mug],
      categoryId: luna,
      action: "remove",
    });
    expect(removed.json()).toMatchObject({ data: { changed: 1 }, message: "Removed 1 product from Bulk Luna." });
    expect(await categoryIdsOf(mug)).toEqual([hoodies]);
    expect((await auditOf(mug)).at(-1)).toEqual({
      action: "product.update",
      changes: { categories: { before: ["Bulk Hoodies", "Bulk Luna"], after: ["Bulk Hoodies"] } },
    });
    const after = await asStaff(shop.app, catalogue, { method: "GET", url: `/api/admin/products/${mug}` });
    expect(after.json().data.version).toBe(before.json().data.version + 1);
    expect(await names(`character=${luna}`)).toEqual(["Bulk A Hoodie", "Bulk C Tee"]);
  });

  it("marks and unmarks products featured, counting those already so as unchanged", async () => {
    const cap = ids["Bulk F Cap"]!;
    const jacket = ids["Bulk D Jacket"]!;
    const marked = await post(catalogue, "featured", { ids: [cap, jacket], featured: true });
    expect(marked.json()).toMatchObject({
      data: { changed: 2 },
      message: catalogueMessages.bulkFeaturedDone(2, true),
    });
    expect(await featuredOf(cap)).toBe(1);
    expect(await featuredOf(jacket)).toBe(1);
    expect((await auditOf(cap)).at(-1)).toEqual({
      action: "product.update",
      changes: { featured: { before: false, after: true } },
    });

    const unmarked = await post(catalogue, "featured", { ids: [cap, ids["Bulk A Hoodie"]!], featured: false });
    expect(unmarked.json()).toMatchObject({ data: { changed: 1 }, message: "1 product no longer featured." });
    expect(await featuredOf(cap)).toBe(0);
    expect(await featuredOf(jacket)).toBe(1);
    expect((await auditOf(cap)).at(-1)).toEqual({
      action: "product.update",
      changes: { featured: { before: true, after: false } },
    });
  });

  it("tells the storefront at once: the category's list and the featured products", async () => {
    const text = async (url: string) => JSON.stringify((await shop.app.inject({ method: "GET", url })).json());
    expect(await text(`/api/products/category/${bolt}`)).not.toContain("Bulk F Cap");
    expect(await text("/api/products/featured")).not.toContain("Bulk E Mug");
    await post(catalogue, "categories", { ids: [ids["Bulk F Cap"]!], categoryId: bolt, action: "add" });
    await post(catalogue, "featured", { ids: [ids["Bulk E Mug"]!], featured: true });
    expect(await text(`/api/products/category/${bolt}`)).toContain("Bulk F Cap");
    expect(await text("/api/products/featured")).toContain("Bulk E Mug");
  });

  it("answers 404 for an unknown category, 400 for bad input and 403 without products:write", async () => {
    const cap = ids["Bulk F Cap"]!;
    const unknown = await post(catalogue, "categories", { ids: [cap], categoryId: 999_999, action: "add" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(catalogueMessages.categoryNotFound);

    expect((await post(catalogue, "categories", { ids: [], categoryId: hoodies, action: "add" })).statusCode).toBe(400);
    expect((await post(catalogue, "categories", { ids: [cap], categoryId: hoodies, action: "move" })).statusCode).toBe(
      400,
    );
    expect((await post(catalogue, "categories", { ids: [cap], action: "add" })).json().message).toContain(
      catalogueMessages.categoryRequired,
    );
    const tooMany = Array.from({ length: 101 }, (_, index) => index + 1);
    expect((await post(catalogue, "featured", { ids: tooMany, featured: true })).statusCode).toBe(400);
    expect((await post(catalogue, "featured", { ids: [cap], featured: "yes" })).statusCode).toBe(400);

    const refused = await post(accountant, "categories", { ids: [cap], categoryId: hoodies, action: "remove" });
    expect(refused.statusCode).toBe(403);
    expect((await post(accountant, "featured", { ids: [cap], featured: true })).statusCode).toBe(403);
    expect(await categoryIdsOf(cap)).toEqual([hoodies, bolt].sort((a, b) => a - b));
    expect(await featuredOf(cap)).toBe(0);
  });
});
