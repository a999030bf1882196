import { adminProductsQuerySchema } from "@vaki/contract/admin/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertCategory, insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock, systemClock } from "../../lib/clock.js";
import { CatalogAdminReads } from "../catalog/admin-reads.js";
import { productQueryWords, productSearchPlan, productWordsOf, replaceProductWords } from "../catalog/product-words.js";
import { CatalogRepo } from "../catalog/repo.js";
import { CatalogService } from "../catalog/service.js";

/**
 * The owner's product search by words (issue 27): every write of a name or SKU keeps
 * `product_search_words` current in its transaction, a product matches when it has a word
 * starting with each typed word, and both plans (listing a rare word's matches, walking the
 * list's order) give the same pages.
 */
describe(`the owner's product search by words (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;
  let catalogue: StaffSession;
  let tees: string;

  beforeAll(async () => {
    clock = new ManualClock(new Date("2026-11-27T10:00:00.000Z"));
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
    await setUpOwner(shop.app, clock);
    catalogue = await addStaff(shop.app, clock, "catalogue");
    for (const [name, hex] of [
      ["Black", "#000000"],
      ["White", "#ffffff"],
    ]) {
      await shop.database.db
        .insertInto("colours")
        .values({ name: name as string, hex: hex as string })
        .onConflict((oc) => oc.column("name").doNothing())
        .execute();
    }
    const categoryId = await insertCategory(shop.database.db, { name: "Word Tees" });
    tees = (
      await shop.database.db
        .selectFrom("categories")
        .select("slug")
        .where("id", "=", categoryId)
        .executeTakeFirstOrThrow()
    ).slug;
  });
  afterAll(async () => shop.close());

  const as = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
    asStaff(shop.app, catalogue, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  const wordsOf = async (productId: number) =>
    (
      await shop.database.db
        .selectFrom("product_search_words")
        .select("word")
        .where("product_id", "=", productId)
        .orderBy("word")
        .execute()
    ).map((row) => row.word);
  const found = async (q: string, query = "") => {
    const answer = await as("GET", `/api/admin/products?q=${encodeURIComponent(q)}${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().data.items as { name: string }[]).map((item) => item.name);
  };

  it("reads a name's words and a SKU's parts; typed text by its words", () => {
    expect(productWordsOf("Moon's Oversized T-Shirt", ["VK-TEE-G000042-BLK-M", "VK-TEE-G000042-BLK-L"])).toEqual([
      "moon",
      "s",
      "oversized",
      "t",
      "shirt",
      "vk",
      "tee",
      "g000042",
      "blk",
      "m",
      "l",
    ]);
    // Parts stop at 40 characters, as the inbox's words do.
    const long = `A${"b".repeat(60)}-XL`;
    expect(productWordsOf("Café", [long])).toEqual(["cafe", `a${"b".repeat(39)}`, "xl"]);
    expect(productQueryWords("  VK-TEE-g0000 club   Hoodie ")).toEqual(["vk", "tee", "g0000", "club", "hoodie"]);
    expect(productQueryWords("vk-tee- socks vol. 2")).toEqual(["vk", "tee", "socks", "vol", "2"]);
    expect(productQueryWords("a b c d e f g h")).toHaveLength(6);
    expect(productQueryWords("--- ...")).toEqual([]);
  });

  it("keeps the words current through create, rename, grid save, CSV import and delete", async () => {
    const created = await as("POST", "/api/admin/products", {
      name: "Quasar Field Tee",
      descriptionHtml: "<p>Cotton.</p>",
      status: "active",
      categoryIds: [],
      variants: ["S", "M"].map((size) => ({
        colour: "Black",
        size,
        sku: `QSR-BLK-${size}`,
        price: 99_900,
        stock: 2,
        active: true,
      })),
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const skus = ["qsr-blk-s", "qsr-blk-m"];
    expect(await wordsOf(id)).toEqual(expect.arrayContaining(["quasar", "field", "tee", "qsr", "blk", "s", "m"]));
    expect(await found("quasar fie")).toEqual(["Quasar Field Tee"]);

    // Rename through the edit form.
    const form = (await as("GET", `/api/admin/products/${id}`)).json().data;
    const renamed = await as("PUT", `/api/admin/products/${id}`, {
      version: form.version,
      name: "Pulsar Field Tee",
      descriptionHtml: form.descriptionHtml,
      status: form.status,
      featured: form.featured,
      lowStockThreshold: form.lowStockThreshold,
      variants: form.variants.map((v: { id: number; sku: string; price: number; active: boolean }) => ({
        id: v.id,
        sku: v.sku,
        price: v.price,
        active: v.active,
      })),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await wordsOf(id)).not.toContain("quasar");
    expect(await found("quasar")).toEqual([]);
    expect(await found("puls")).toEqual(["Pulsar Field Tee"]);

    // The grid: one SKU changes, the other variant goes (no order names it), a new one comes.
    const grid = (await as("GET", `/api/admin/products/${id}`)).json().data;
    const [small] = grid.variants as { id: number; sku: string; price: number }[];
    const saved = await as("PUT", `/api/admin/products/${id}/variants`, {
      version: grid.version,
      variants: [
        { id: small?.id, colour: "Black", size: "S", sku: "PLS-NEBULA-S", price: 99_900, stock: 2, active: true },
        { colour: "White", size: "L", sku: "PLS-COMET-L", price: 99_900, stock: 1, active: true },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const afterGrid = await wordsOf(id);
    expect(afterGrid).toEqual(expect.arrayContaining(["pls", "nebula", "comet", "l"]));
    // The old SKUs' own part is gone with them.
    expect(afterGrid).not.toContain("qsr");
    expect(await found("pls-neb")).toEqual(["Pulsar Field Tee"]);
    expect(await found(skus[1] as string)).toEqual([]);

    // CSV: a new product, and a new SKU on this one.
    const csv = [
      "sku,product_slug,product_name,status,categories,colour,size,price,stock",
      `WRD-ZENITH-S,zenith-cap,Zenith Cap,active,${tees},Black,S,499,3`,
      `PLS-AURORA-M,${grid.slug},Pulsar Field Tee,active,,White,M,999,1`,
    ].join("\n");
    const imported = await as("POST", "/api/admin/products/import", { csv, apply: true });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await found("zenith")).toEqual(["Zenith Cap"]);
    expect(await found("wrd-zen")).toEqual(["Zenith Cap"]);
    expect(await wordsOf(id)).toEqual(expect.arrayContaining(["aurora", "pls", "m"]));

    // A deleted product's words go with it (the key's cascade).
    const zenith = await shop.database.db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "zenith-cap")
      .executeTakeFirstOrThrow();
    await shop.database.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom("stock_ledger")
        .where("variant_id", "in", trx.selectFrom("variants").select("id").where("product_id", "=", zenith.id))
        .execute();
      await trx.deleteFrom("variants").where("product_id", "=", zenith.id).execute();
      await trx.deleteFrom("category_products").where("product_id", "=", zenith.id).execute();
      await trx.deleteFrom("products").where("id", "=", zenith.id).execute();
    });
    expect(await wordsOf(zenith.id)).toEqual([]);
    // The owner's list follows the catalogue's changes (no route deletes a product): announced as
    // another process would, and followed by the list's next read without waiting for the poll.
    await new CatalogService(new CatalogRepo(shop.database.db), systemClock).catalogueChanged([zenith.id]);
    expect(await found("zenith")).toEqual([]);
  });

  describe("searching", () => {
    const names = [
      "Midnight Club Hoodie",
      "Midnight Bloom Tee",
      "Club Moon Socks",
      "Half Moon Bloom Tee",
      "Terrace Club Tee",
      "Lunar Hoodie",
      "Moonlit Joggers",
      "Clubhouse Cap",
    ];
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      for (const [k, name] of names.entries()) {
        const product = await insertProduct(shop.database.db, {
          name,
          price: 50_000 + ((k * 37) % 5) * 10_000,
          // Ties of time and price: the id breaks them, as in the cursor.
          createdAt: `2026-01-0${(k % 3) + 1}T00:00:00.000Z`,
          variants: [{ size: "M" }, { size: "L" }],
        });
        ids[name] = product.id;
        await shop.database.db
          .updateTable("variants")
          .set({ sku: `SRCH-G${String(k).padStart(6, "0")}-BLK-M` })
          .where("product_id", "=", product.id)
          .where("size", "=", "M")
          .execute();
      }
      await replaceProductWords(shop.database.db, Object.values(ids));
    });

    it("matches the start of a name's words, every typed word, whole SKUs (all their parts) and SKU parts", async () => {
      expect(await found("midn")).toEqual(["Midnight Bloom Tee", "Midnight Club Hoodie"]);
      // A word's middle no longer matches ("idnight"), a word's start in any order does.
      expect(await found("idnight")).toEqual([]);
      expect(await found("club midnight")).toEqual(["Midnight Club Hoodie"]);
      expect(await found("moon", "&sort=createdAt&dir=desc")).toEqual(
        expect.arrayContaining(["Club Moon Socks", "Half Moon Bloom Tee", "Moonlit Joggers"]),
      );
      expect(await found("SRCH-G000003-BLK-M")).toEqual(["Half Moon Bloom Tee"]);
      expect(await found("srch-g000003")).toEqual(["Half Moon Bloom Tee"]);
      expect(await found("G000004")).toEqual(["Terrace Club Tee"]);
      expect(await found("g000004 lunar")).toEqual([]);
      expect(await found("club", "&status=archived")).toEqual([]);

      const quick = await as("GET", "/api/admin/search?q=g000005");
      expect(quick.statusCode, quick.body).toBe(200);
      expect(quick.json().data.products).toEqual([
        expect.objectContaining({ name: "Lunar Hoodie", sku: "SRCH-G000005-BLK-M" }),
      ]);
      const byName = (await as("GET", "/api/admin/search?q=lunar")).json().data.products;
      expect(byName).toEqual([expect.objectContaining({ name: "Lunar Hoodie", sku: null })]);
    });

    it("lists a rare word's matches or walks the list, with the same pages for every sort", async () => {
      const db = shop.database.db;
      const listing = new CatalogAdminReads(db);
      // Every word counts as common here, so each search walks the list's order.
      const walking = new CatalogAdminReads(db, undefined, { walkShare: 1_000_000_000 });
      expect((await productSearchPlan(db, "club", 1_000)).kind).toBe("list");
      expect((await productSearchPlan(db, "club", 0)).kind).toBe("walk");
      expect((await productSearchPlan(db, "club nothingmatches", 1_000)).kind).toBe("none");
      // Two words each commoner than the cap, with few products in common: those are listed.
      expect((await productSearchPlan(db, "club", 2)).kind).toBe("walk");
      expect(await productSearchPlan(db, "club moon", 2)).toMatchObject({
        kind: "list",
        ids: [ids["Club Moon Socks"]],
      });
      expect((await productSearchPlan(db, "m t", 2)).kind).toBe("walk");

      const pages = async (reads: CatalogAdminReads, raw: Record<string, string>) => {
        const seen: string[][] = [];
        let cursor: string | null = null;
        do {
          const query = adminProductsQuerySchema.parse({ ...raw, limit: "2", ...(cursor ? { cursor } : {}) });
          const page = await reads.list(query);
          seen.push(page.items.map((item) => item.name));
          cursor = page.nextCursor;
        } while (cursor && seen.length < 20);
        return seen;
      };
      for (const q of ["club", "moon", "m", "bloom t", "srch"]) {
        for (const sort of ["name", "createdAt", "price"]) {
          for (const dir of ["asc", "desc"]) {
            const raw = { q, sort, dir };
            const listed = await pages(listing, raw);
            expect(listed.flat().length, `${q} ${sort} ${dir}`).toBeGreaterThan(0);
            expect(await pages(walking, raw), `${q} ${sort} ${dir}`).toEqual(listed);
          }
        }
      }
      expect((await pages(walking, { q: "club", stock: "in", sort: "price" })).flat()).toEqual(
        (await pages(listing, { q: "club", stock: "in", sort: "price" })).flat(),
      );
    });
  });
});
