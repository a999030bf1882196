import { type AdminProductsQuery, adminProductsQuerySchema } from "@vaki/contract/admin/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertProduct } from "../../../test/helpers/catalog.js";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../test/helpers/database.js";
import { CatalogAdminReads } from "../catalog/admin-reads.js";
import { productQueryWords, productSearchPlan, productWordsOf } from "../catalog/product-words.js";

/**
 * The owner's product list at 100,000 products (issue 27, decision 0024 "Afterwards, 3"): a
 * category filter or a common search word is listed, walked along the sort's index with each
 * product checked against the matches gathered once, or walked with a probe per product. Every
 * plan must give the same pages, through every keyset cursor, under every filter and sort, and
 * those pages must hold exactly the products the filters describe.
 */
describe(`the owner's product list plans (${testEngine})`, () => {
  let database: TestDatabase;
  const categories: Record<string, number> = {};
  type Fact = {
    id: number;
    status: string;
    stocks: { stock: number; active: boolean }[];
    threshold: number;
    categoryIds: number[];
    words: string[];
  };
  const facts: Fact[] = [];

  const themes = ["Lunar", "Terrace", "Half Moon", "Midnight", "Chai"];
  const garments = ["Tee", "Hoodie", "Cap"] as const;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    categories.clothing = await insertCategory(db, { name: "Clothing" });
    categories.tees = await insertCategory(db, { name: "Tees", parentId: categories.clothing });
    categories.hoodies = await insertCategory(db, { name: "Hoodies", parentId: categories.clothing });
    categories.accessories = await insertCategory(db, { name: "Accessories" });
    categories.caps = await insertCategory(db, { name: "Caps", parentId: categories.accessories });
    categories.vakiverse = await insertCategory(db, { name: "Vakiverse" });
    categories.luna = await insertCategory(db, { name: "Luna", parentId: categories.vakiverse, character: true });
    categories.orbit = await insertCategory(db, { name: "Orbit", parentId: categories.vakiverse, character: true });
    const subOf = { Tee: categories.tees, Hoodie: categories.hoodies, Cap: categories.caps };
    const topOf = { Tee: categories.clothing, Hoodie: categories.clothing, Cap: categories.accessories };
    for (let k = 0; k < 90; k++) {
      const garment = garments[k % 3] as (typeof garments)[number];
      const theme = themes[Math.floor(k / 3) % themes.length] as string;
      const name = `${theme} ${garment}${k % 4 === 0 ? "" : ` Vol. ${(k % 7) + 1}`}`;
      // Some products linked to their top category as well, some to a character: a product may
      // be in a scope twice over.
      const categoryIds = [subOf[garment] as number];
      if (k % 5 === 0) categoryIds.push(topOf[garment] as number);
      if (k % 4 === 1) categoryIds.push(categories.luna as number);
      if (k % 9 === 2) categoryIds.push(categories.orbit as number);
      const stocks = [(k * 7) % 11, (k * 3) % 4, k % 6 === 0 ? 0 : 9].map((stock) => ({ stock, active: true }));
      const product = await insertProduct(db, {
        name,
        // Ties of price and time: the id breaks them, as in the cursor.
        price: 50_000 + ((k * 37) % 6) * 10_000,
        createdAt: `2026-0${(k % 4) + 1}-0${(k % 3) + 1}T00:00:00.000Z`,
        categoryIds,
        variants: stocks.map((entry, v) => ({ size: ["S", "M", "L"][v], stock: entry.stock })),
      });
      const status = k % 10 === 3 ? "draft" : k % 13 === 5 ? "archived" : "active";
      const threshold = k % 3 === 0 ? 2 : 5;
      await db
        .updateTable("products")
        .set({ status, is_active: status === "active" ? 1 : 0, low_stock_threshold: threshold })
        .where("id", "=", product.id)
        .execute();
      // An inactive variant's stock counts for no stock filter.
      if (k % 8 === 4) {
        await db
          .updateTable("variants")
          .set({ is_active: 0 })
          .where("id", "=", product.variantIds[0] ?? 0)
          .execute();
        (stocks[0] as { active: boolean }).active = false;
      }
      const skus = (
        await db.selectFrom("variants").select("sku").where("product_id", "=", product.id).orderBy("id").execute()
      ).map((row) => row.sku);
      facts.push({ id: product.id, status, stocks, threshold, categoryIds, words: productWordsOf(name, skus) });
    }
  });
  afterAll(async () => database.destroy());

  /** Every page of the list through its cursors, each page's ids and stock figures. */
  const pages = async (reads: CatalogAdminReads, raw: Record<string, string>) => {
    const seen: unknown[][] = [];
    let cursor: string | null = null;
    do {
      const query: AdminProductsQuery = adminProductsQuerySchema.parse({
        ...raw,
        limit: "4",
        ...(cursor ? { cursor } : {}),
      });
      const page = await reads.list(query);
      seen.push(page.items.map((item) => [item.id, item.stock, item.lowVariants, item.outVariants, item.imageUrl]));
      cursor = page.nextCursor;
    } while (cursor && seen.length < 40);
    return seen;
  };

  /** The products the filters describe, by the rules as written (ids ascending). */
  const expected = (raw: Record<string, string>) => {
    const scope = (id: string | undefined) =>
      id === undefined
        ? undefined
        : Object.values(categories).filter(
            (candidate) =>
              candidate === Number(id) ||
              (candidate === categories.tees && Number(id) === categories.clothing) ||
              (candidate === categories.hoodies && Number(id) === categories.clothing) ||
              (candidate === categories.caps && Number(id) === categories.accessories) ||
              ((candidate === categories.luna || candidate === categories.orbit) &&
                Number(id) === categories.vakiverse),
          );
    const inScopes = [scope(raw.category), scope(raw.character)].filter((ids) => ids !== undefined);
    const typed = raw.q ? productQueryWords(raw.q) : [];
    return facts
      .filter((fact) => {
        if (raw.status && fact.status !== raw.status) return false;
        const active = fact.stocks.filter((entry) => entry.active);
        const out = active.some((entry) => entry.stock <= 0);
        const low = active.some((entry) => entry.stock > 0 && entry.stock <= fact.threshold);
        if (raw.stock === "out" && !out) return false;
        if (raw.stock === "low" && !low) return false;
        if (raw.stock === "in" && (out || low)) return false;
        if (!inScopes.every((ids) => fact.categoryIds.some((id) => ids.includes(id)))) return false;
        return typed.every((word) => fact.words.some((stored) => stored.startsWith(word)));
      })
      .map((fact) => fact.id)
      .sort((a, b) => a - b);
  };

  it("gives the same pages in every plan, holding exactly the filtered products", async () => {
    const db = database.db;
    // Every scope and word listed (as before: the matches written into the statement).
    const listing = new CatalogAdminReads(db, 1_000_000, 1_000_000, 1_000_000);
    // Every scope and common word walked, each product checked against the matches gathered once.
    const checking = new CatalogAdminReads(db, 0, 0, 1_000_000);
    // Every scope and common word walked with a probe per product.
    const probing = new CatalogAdminReads(db, 0, 0, 0);

    const scopes: Record<string, string>[] = [
      {},
      { category: String(categories.clothing) },
      { category: String(categories.tees) },
      { category: String(categories.accessories) },
      { character: String(categories.luna) },
      { category: String(categories.clothing), character: String(categories.luna) },
    ];
    const searches: Record<string, string>[] = [{}, { q: "hoodie" }, { q: "lunar" }, { q: "moon te" }, { q: "vol 3" }];
    const narrowing: Record<string, string>[] = [
      {},
      { status: "active", stock: "low" },
      { status: "draft" },
      { stock: "out" },
      { stock: "in" },
    ];
    const sorts: Record<string, string>[] = [
      { sort: "name" },
      { sort: "name", dir: "desc" },
      { sort: "createdAt", dir: "desc" },
      { sort: "createdAt" },
      { sort: "price" },
      { sort: "price", dir: "desc" },
    ];
    let combination = 0;
    let nonEmpty = 0;
    for (const scope of scopes) {
      for (const search of searches) {
        for (const narrow of narrowing) {
          // Two sorts per filter set, turn by turn, so every sort meets every kind of filter.
          for (const sort of [sorts[combination % 6], sorts[(combination + 3) % 6]]) {
            const raw: Record<string, string> = { ...scope, ...search, ...narrow, ...sort };
            const label = JSON.stringify(raw);
            const listed = await pages(listing, raw);
            const ids = listed.flat().map((item) => (item as number[])[0] as number);
            expect(
              [...ids].sort((a, b) => a - b),
              label,
            ).toEqual(expected(raw));
            if (ids.length > 0) nonEmpty += 1;
            expect(await pages(checking, raw), label).toEqual(listed);
            expect(await pages(probing, raw), label).toEqual(listed);
          }
          combination += 1;
        }
      }
    }
    // The filters above select something most of the time: the comparisons are not of empty lists.
    expect(nonEmpty).toBeGreaterThan(200);
  }, 120_000);

  it("chooses each plan by the matches counted", async () => {
    const db = database.db;
    // "hoodie": 30 products; "lunar": 18.
    expect((await productSearchPlan(db, "hoodie", 100)).kind).toBe("list");
    const checked = await productSearchPlan(db, "hoodie", 10, 100);
    expect(checked).toMatchObject({ kind: "walk", ranges: [{ dense: false }] });
    const probed = await productSearchPlan(db, "hoodie", 10, 20);
    expect(probed).toMatchObject({ kind: "walk", ranges: [{ dense: true }] });
    // The rarest word comes first: its count is exact up to the dense bound.
    const both = await productSearchPlan(db, "hoodie lunar", 3, 100);
    expect(both).toMatchObject({ kind: "walk", ranges: [{ from: "lunar" }, { from: "hoodie" }] });

    const statements = async (reads: CatalogAdminReads, raw: Record<string, string>) => {
      database.statements.length = 0;
      await reads.list(adminProductsQuerySchema.parse(raw));
      return database.statements.join("\n");
    };
    const clothing = { category: String(categories.clothing) };
    // Clothing's scope: 72 links (60 products, 12 of them linked to Clothing itself too).
    const listed = await statements(new CatalogAdminReads(db, 1_000, 100, 1_000), clothing);
    expect(listed).toMatch(/"products"\."id" in \(select "category_products"\."product_id"/);
    expect(listed).not.toMatch(/is true|exists/);
    expect(await statements(new CatalogAdminReads(db, 1_000, 10, 1_000), clothing)).toMatch(
      /\("products"\."id" in \(select "category_products"\."product_id"[^)]*\([^)]*\)\)\) is true/,
    );
    expect(await statements(new CatalogAdminReads(db, 1_000, 10, 20), clothing)).toMatch(
      /exists \(select "category_products"\."product_id" from "category_products" where "category_products"\."category_id" in \([^)]*\) and "category_products"\."product_id" = "products"\."id"\)/,
    );
    expect(await statements(new CatalogAdminReads(db, 10, 10, 100), { q: "hoodie" })).toMatch(
      /\(products\.id in \(select x\.product_id from product_search_words as x where [^)]*\)\) is true/,
    );
  });
});
