import { type AdminProductsQuery, adminProductsQuerySchema } from "@vaki/contract/admin/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertProduct } from "../../../test/helpers/catalog.js";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../test/helpers/database.js";
import { systemClock } from "../../lib/clock.js";
import { CatalogAdminReads } from "../catalog/admin-reads.js";
import { productQueryWords, productSearchPlan, productWordsOf, replaceProductWords } from "../catalog/product-words.js";
import { CatalogRepo } from "../catalog/repo.js";
import { CatalogService } from "../catalog/service.js";

/**
 * The owner's product list, read from its index in memory (issue 27, decision 0028): a search's
 * few matches are sorted, or the sort's order is walked. Either way every page, through every
 * keyset cursor, under every filter and sort, must hold exactly the products the filters describe
 * in the order the sort describes; and the index must follow changes by product and stock moves.
 */
describe(`the owner's product list index (${testEngine})`, () => {
  let database: TestDatabase;
  const categories: Record<string, number> = {};
  type Fact = {
    id: number;
    status: string;
    stocks: { stock: number; active: boolean }[];
    threshold: number;
    categoryIds: number[];
    words: string[];
    name: string;
    price: number;
    createdAt: string;
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
      // Ties of price and time: the id breaks them, as in the cursor.
      const price = 50_000 + ((k * 37) % 6) * 10_000;
      const createdAt = `2026-0${(k % 4) + 1}-0${(k % 3) + 1}T00:00:00.000Z`;
      const product = await insertProduct(db, {
        name,
        price,
        createdAt,
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
      // The list's picture is the primary photo even when it is not the first.
      if (k % 6 === 2) {
        await db
          .updateTable("product_images")
          .set({ is_primary: 1 })
          .where("product_id", "=", product.id)
          .where("display_order", "=", 1)
          .execute();
        await db
          .updateTable("product_images")
          .set({ is_primary: 0 })
          .where("product_id", "=", product.id)
          .where("display_order", "=", 0)
          .execute();
      }
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
      facts.push({
        id: product.id,
        status,
        stocks,
        threshold,
        categoryIds,
        words: productWordsOf(name, skus),
        name,
        price,
        createdAt,
      });
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

  /** The products the filters describe, by the rules as written, in the order the sort describes. */
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
      .sort((a, b) => {
        const key = (fact: Fact) =>
          raw.sort === "price" ? fact.price : raw.sort === "createdAt" ? Date.parse(fact.createdAt) : fact.name;
        const [x, y] = [key(a), key(b)];
        const order = x < y ? -1 : x > y ? 1 : a.id - b.id;
        return raw.dir === "desc" ? -order : order;
      })
      .map((fact) => fact.id);
  };

  /** Every product's row in the list (from the index) is what its page reads from the tables. */
  const expectSummariesAsStored = async (reads: CatalogAdminReads) => {
    const listed = await reads.list(adminProductsQuerySchema.parse({ limit: "100" }));
    expect(listed.items.length).toBe(facts.length);
    for (const item of listed.items) {
      const stored = await reads.detail(item.id);
      const { id, name, slug, status, price, stock, lowVariants, outVariants, lowStockThreshold, imageUrl, createdAt } =
        stored ?? ({} as NonNullable<typeof stored>);
      expect(item).toEqual({
        id,
        name,
        slug,
        status,
        price,
        stock,
        lowVariants,
        outVariants,
        lowStockThreshold,
        imageUrl,
        createdAt,
      });
    }
  };

  it("pages exactly the filtered products in the sort's order, walking the order or placing the selected products", async () => {
    const db = database.db;
    // Every filtered list paged by its products' places, or by walking the sort's order; the first
    // reads a word with over 20 products beside rarer ones by checking their products alone, and
    // reads words three rows a statement.
    const placing = new CatalogAdminReads(db, undefined, { walkShare: 0, commonWordLoad: 20, wordReadChunk: 3 });
    const walking = new CatalogAdminReads(db, undefined, { walkShare: 1_000_000_000 });

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
            const listed = await pages(walking, raw);
            const ids = listed.flat().map((item) => (item as number[])[0] as number);
            expect(ids, label).toEqual(expected({ sort: "name", ...raw }));
            if (ids.length > 0) nonEmpty += 1;
            expect(await pages(placing, raw), label).toEqual(listed);
          }
          combination += 1;
        }
      }
    }
    // The filters above select something most of the time: the comparisons are not of empty lists.
    expect(nonEmpty).toBeGreaterThan(200);
    await expectSummariesAsStored(walking);
  }, 120_000);

  it("follows changes by product and stock moves, search words included", async () => {
    const db = database.db;
    const catalog = new CatalogService(new CatalogRepo(db), systemClock);
    const reads = new CatalogAdminReads(db, catalog);
    const ids = async (raw: Record<string, string>) =>
      (await reads.list(adminProductsQuerySchema.parse({ limit: "100", ...raw }))).items.map((item) => item.id);
    const hoodies = await ids({ q: "hoodie" });
    expect(hoodies).toEqual(expected({ sort: "name", q: "hoodie" }));
    const target = facts.find((fact) => fact.name.includes("Hoodie") && fact.status === "active");
    if (!target) throw new Error("no active hoodie");

    // Renamed: its words are written again, the kept matches of "hoodie" and "zephyr" follow.
    expect(await ids({ q: "zephyr" })).toEqual([]);
    await db.updateTable("products").set({ name: "Zephyr Jacket" }).where("id", "=", target.id).execute();
    await replaceProductWords(db, [target.id]);
    await catalog.catalogueChanged([target.id]);
    expect(await ids({ q: "hoodie" })).toEqual(hoodies.filter((id) => id !== target.id));
    expect(await ids({ q: "zephyr" })).toEqual([target.id]);
    expect((await ids({ sort: "name", dir: "desc" }))[0]).toBe(target.id);

    // Archived, and moved to Accessories.
    await db.updateTable("products").set({ status: "archived", is_active: 0 }).where("id", "=", target.id).execute();
    await db
      .insertInto("category_products")
      .values({ product_id: target.id, category_id: categories.caps as number })
      .execute();
    await catalog.catalogueChanged([target.id]);
    expect(await ids({ status: "archived" })).toContain(target.id);
    expect(await ids({ status: "active" })).not.toContain(target.id);
    expect(await ids({ category: String(categories.accessories) })).toContain(target.id);

    // A stock move by another path (a sale): the next read follows it without a catalogue change.
    const variants = await db.selectFrom("variants").select("id").where("product_id", "=", target.id).execute();
    await db.updateTable("variants").set({ stock_quantity: 0 }).where("product_id", "=", target.id).execute();
    const wasOut = (await ids({ stock: "in" })).includes(target.id);
    for (const variant of variants) {
      await db
        .insertInto("stock_ledger")
        .values({
          variant_id: variant.id,
          change: -1,
          stock_after: 0,
          reason: "sale",
          order_id: null,
          staff_user_id: null,
          note: null,
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    expect(wasOut).toBe(false);
    const out = await ids({ stock: "out" });
    expect(out).toContain(target.id);
    await expectSummariesAsStored(reads);
    expect(await ids({ stock: "in" })).not.toContain(target.id);
    expect(await ids({ stock: "low" })).not.toContain(target.id);

    // A change that names no product (categories, an import): built again from the tables.
    await db.deleteFrom("category_products").where("product_id", "=", target.id).execute();
    await catalog.catalogueChanged();
    expect(await ids({ category: String(categories.accessories) })).not.toContain(target.id);

    // A change another process made: followed at the next read, not a poll later.
    const elsewhere = new CatalogService(new CatalogRepo(db), systemClock);
    await db.updateTable("products").set({ price: 1 }).where("id", "=", target.id).execute();
    await elsewhere.catalogueChanged([target.id]);
    expect((await ids({ sort: "price" }))[0]).toBe(target.id);
  });

  it("plans the quick search by the matches counted", async () => {
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
  });
});
