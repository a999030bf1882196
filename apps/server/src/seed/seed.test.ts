import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../db/connection.js";
import { migrateToLatest } from "../db/migrate.js";
import { clearCatalogue, isCatalogueEmpty, type SeedResult, seedCatalogue } from "./seed.js";

/** A migrated, empty database on one engine, and how to throw it away. */
interface Fresh {
  db: Db;
  dispose(): Promise<void>;
}

interface Backend {
  name: string;
  open(): Promise<Fresh>;
}

const postgresUrl = process.env.TEST_DATABASE_URL;

async function runOnPostgres(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const backends: Backend[] = [
  {
    name: "SQLite",
    async open() {
      const handle = openDatabase({ kind: "sqlite", file: ":memory:" });
      await migrateToLatest(handle.db, handle.dialect);
      return { db: handle.db, dispose: () => handle.close() };
    },
  },
];

if (postgresUrl) {
  backends.push({
    name: "PostgreSQL",
    async open() {
      // A throwaway schema per run keeps parallel test runs and real data apart.
      const schema = `seed_test_${randomBytes(6).toString("hex")}`;
      await runOnPostgres(postgresUrl, `create schema ${schema}`);
      const handle = openDatabase({ kind: "postgres", url: postgresUrl, schema });
      try {
        await migrateToLatest(handle.db, handle.dialect, schema);
      } catch (error) {
        await handle.close();
        await runOnPostgres(postgresUrl, `drop schema ${schema} cascade`);
        throw error;
      }
      return {
        db: handle.db,
        async dispose() {
          await handle.close();
          await runOnPostgres(postgresUrl, `drop schema ${schema} cascade`);
        },
      };
    },
  });
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const mediaFile = (mediaDir: string, url: string) => {
  expect(url.startsWith("/media/")).toBe(true);
  return path.join(mediaDir, url.slice("/media/".length));
};

describe.each(backends)("demo catalogue on $name", (backend) => {
  let fresh: Fresh;
  let db: Db;
  let mediaDir: string;
  let result: SeedResult;

  beforeAll(async () => {
    fresh = await backend.open();
    db = fresh.db;
    mediaDir = mkdtempSync(path.join(os.tmpdir(), "vaki-seed-"));
    expect(await isCatalogueEmpty(db)).toBe(true);
    result = await seedCatalogue(db, { mediaDir, now: new Date("2025-06-01T10:00:00Z") });
  });

  afterAll(async () => {
    await fresh?.dispose();
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  });

  it("reports what it inserted", async () => {
    const products = await db.selectFrom("products").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const variants = await db.selectFrom("variants").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(products.n)).toBe(result.products);
    expect(Number(variants.n)).toBe(result.variants);
    expect(await isCatalogueEmpty(db)).toBe(false);
  });

  it("puts Clothing, Accessories and Vakiverse at ids 1, 2 and 3", async () => {
    const top = await db
      .selectFrom("categories")
      .select(["id", "name", "slug", "parent_id", "excluded_image_positions"])
      .where("id", "in", [1, 2, 3])
      .orderBy("id")
      .execute();
    expect(top.map((c) => [c.id, c.name, c.parent_id])).toEqual([
      [1, "Clothing", null],
      [2, "Accessories", null],
      [3, "Vakiverse", null],
    ]);
    expect(top[2]?.slug).toBe("vakiverse");
    expect(JSON.parse(top[0]?.excluded_image_positions ?? "null")).toEqual([6, 11, 12]);
  });

  it("files the garment subcategories under Clothing and Accessories", async () => {
    const children = await db
      .selectFrom("categories")
      .select(["name", "parent_id"])
      .where("parent_id", "in", [1, 2])
      .execute();
    const names = (parent: number) => children.filter((c) => c.parent_id === parent).map((c) => c.name);
    expect(names(1)).toEqual(
      expect.arrayContaining(["Tees", "Oversized Tees", "Hoodies", "Sweatshirts", "Joggers", "Shorts"]),
    );
    expect(names(2)).toEqual(expect.arrayContaining(["Caps", "Tote Bags", "Socks"]));
  });

  it("gives the Vakiverse at least 14 complete characters, each with a product", async () => {
    const characters = await db.selectFrom("categories").selectAll().where("parent_id", "=", 3).execute();
    expect(characters.length).toBeGreaterThanOrEqual(14);
    for (const character of characters) {
      expect(character.is_active).toBe(1);
      expect(character.description?.length ?? 0).toBeGreaterThan(40);
      expect(character.tagline?.length ?? 0).toBeGreaterThan(5);
      expect(character.accent_color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(character.image_url).toBe(`/media/characters/${character.slug}.svg`);
      const products = await db
        .selectFrom("category_products")
        .innerJoin("products", "products.id", "category_products.product_id")
        .select(["products.id"])
        .where("category_products.category_id", "=", character.id)
        .execute();
      expect(products.length, character.name).toBeGreaterThanOrEqual(1);
      // The signature piece is also filed under a Clothing or Accessories subcategory.
      for (const product of products) {
        const filed = await db
          .selectFrom("category_products")
          .innerJoin("categories", "categories.id", "category_products.category_id")
          .select("categories.parent_id")
          .where("category_products.product_id", "=", product.id)
          .execute();
        expect(filed.some((row) => row.parent_id === 1 || row.parent_id === 2)).toBe(true);
      }
      expect(character.is_character).toBe(1);
      // The story lives once, on the character, not on every variant.
      const themed = await db
        .selectFrom("variants")
        .select(["theme", "story_description"])
        .where(
          "product_id",
          "in",
          products.map((p) => p.id),
        )
        .execute();
      expect(themed.every((v) => v.theme === character.name && v.story_description === null)).toBe(true);
    }
  });

  it("seeds at least 60 products with sane prices, copy and a few featured", async () => {
    const products = await db.selectFrom("products").selectAll().execute();
    expect(products.length).toBeGreaterThanOrEqual(60);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    for (const product of products) {
      expect(Number.isInteger(product.price) && product.price > 0).toBe(true);
      expect(product.description_html).toContain("<ul>");
      expect(product.description_html).not.toMatch(/<script/i);
      const specs = JSON.parse(product.specifications) as Array<{ name: string; value: string }>;
      expect(specs).toContainEqual({ name: "Origin", value: "Made in India" });
      expect(product.delivery_info_html).toContain("Delhi-NCR");
    }
    const featured = products.filter((p) => p.is_featured === 1).length;
    expect(featured).toBeGreaterThanOrEqual(10);
    expect(featured).toBeLessThanOrEqual(12);
    expect(new Set(products.map((p) => p.created_at.slice(0, 10))).size).toBeGreaterThan(30);
  });

  it("gives every product at least two images with exactly one primary", async () => {
    const images = await db
      .selectFrom("product_images")
      .selectAll()
      .orderBy("product_id")
      .orderBy("display_order")
      .execute();
    const byProduct = groupBy(images, (image) => image.product_id);
    expect(byProduct.size).toBe(result.products);
    for (const list of byProduct.values()) {
      expect(list.length).toBeGreaterThanOrEqual(2);
      expect(list.filter((image) => image.is_primary === 1)).toHaveLength(1);
      expect(list[0]?.is_primary).toBe(1);
      expect(list.map((image) => image.display_order)).toEqual(list.map((_, i) => i));
    }
  });

  it("tags every image with a colour its product comes in, and shows every colour at least once", async () => {
    const images = await db.selectFrom("product_images").select(["product_id", "color"]).execute();
    const variants = await db.selectFrom("variants").select(["product_id", "color"]).execute();
    const coloursOf = groupBy(variants, (variant) => variant.product_id);
    const pictured = groupBy(images, (image) => image.product_id);
    for (const [productId, list] of coloursOf) {
      const offered = new Set(list.map((variant) => variant.color));
      const shown = new Set((pictured.get(productId) ?? []).map((image) => image.color));
      expect(
        [...shown].every((colour) => offered.has(colour)),
        `product ${productId}`,
      ).toBe(true);
      expect(
        [...offered].every((colour) => shown.has(colour)),
        `product ${productId}`,
      ).toBe(true);
    }
    const swatches = await db.selectFrom("colours").select(["name", "hex"]).execute();
    const named = new Set(swatches.map((swatch) => swatch.name));
    expect(variants.every((variant) => variant.color !== null && named.has(variant.color))).toBe(true);
    expect(swatches.every((swatch) => /^#[0-9a-f]{6}$/i.test(swatch.hex))).toBe(true);
  });

  it("sizes garments S to XXL and accessories Free Size, with some sold out", async () => {
    const rows = await db
      .selectFrom("variants")
      .innerJoin("category_products", "category_products.product_id", "variants.product_id")
      .innerJoin("categories", "categories.id", "category_products.category_id")
      .select([
        "variants.product_id",
        "variants.sku",
        "variants.size",
        "variants.color",
        "variants.price",
        "variants.stock_quantity",
        "categories.parent_id",
      ])
      .where("categories.parent_id", "in", [1, 2])
      .execute();
    const byProduct = groupBy(rows, (row) => row.product_id);
    for (const variants of byProduct.values()) {
      const sizes = new Set(variants.map((v) => v.size));
      if (variants[0]?.parent_id === 1) expect([...sizes].sort()).toEqual(["L", "M", "S", "XL", "XXL"]);
      else expect([...sizes]).toEqual(["Free Size"]);
      for (const variant of variants) {
        expect(variant.color).toBeTruthy();
        expect(Number.isInteger(variant.price) && variant.price > 0).toBe(true);
        expect(variant.stock_quantity).toBeGreaterThanOrEqual(0);
        expect(variant.stock_quantity).toBeLessThanOrEqual(40);
      }
    }
    const all = await db.selectFrom("variants").select(["sku", "stock_quantity"]).execute();
    expect(new Set(all.map((v) => v.sku)).size).toBe(all.length);
    const soldOut = all.filter((v) => v.stock_quantity === 0).length;
    expect(soldOut).toBeGreaterThan(0);
    expect(soldOut).toBeLessThan(all.length / 5);
  });

  it("writes an SVG file for every image it refers to", async () => {
    const images = await db.selectFrom("product_images").select("url").execute();
    const categories = await db.selectFrom("categories").select("image_url").execute();
    const urls = new Set([...images.map((i) => i.url), ...categories.map((c) => c.image_url ?? "")]);
    for (const url of urls) {
      const file = mediaFile(mediaDir, url);
      expect(existsSync(file), url).toBe(true);
    }
    const sample = readFileSync(mediaFile(mediaDir, "/media/characters/luna.svg"), "utf8");
    expect(sample.startsWith("<svg")).toBe(true);
    expect(sample).not.toMatch(/<script|href="http/i);
  });

  it("records a catalogue version for caches to watch", async () => {
    const state = await db
      .selectFrom("shop_state")
      .select("value")
      .where("key", "=", "catalogue_version")
      .executeTakeFirst();
    expect(state?.value).toMatch(/^\d+$/);
  });
});

// Separate from the describe above so only one PostgreSQL test schema exists at a time: kysely's
// migrator looks for its bookkeeping tables in every schema, not just the one on the search_path.
describe.each(backends)("generated catalogue on $name", (backend) => {
  let scaled: Fresh;
  let scaledMedia: string;

  beforeAll(async () => {
    scaled = await backend.open();
    scaledMedia = mkdtempSync(path.join(os.tmpdir(), "vaki-seed-scale-"));
  });

  afterAll(async () => {
    await scaled?.dispose();
    if (scaledMedia) rmSync(scaledMedia, { recursive: true, force: true });
  });

  it("generates exactly that many products, still with characters", async () => {
    const seeded = await seedCatalogue(scaled.db, { mediaDir: scaledMedia, scale: 500 });
    expect(seeded.products).toBe(500);
    const count = await scaled.db
      .selectFrom("products")
      .select(scaled.db.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(500);
    const vakiverse = await scaled.db
      .selectFrom("categories")
      .select("name")
      .where("id", "=", 3)
      .executeTakeFirstOrThrow();
    expect(vakiverse.name).toBe("Vakiverse");
    const images = await scaled.db.selectFrom("product_images").select("url").distinct().execute();
    for (const image of images) expect(existsSync(mediaFile(scaledMedia, image.url)), image.url).toBe(true);
  });

  it("can be cleared and seeded again", async () => {
    await clearCatalogue(scaled.db);
    expect(await isCatalogueEmpty(scaled.db)).toBe(true);
    const again = await seedCatalogue(scaled.db, { mediaDir: scaledMedia, scale: 80 });
    expect(again.products).toBe(80);
  });
});
