/**
 * Loads the demo catalogue (or a generated one of any size) into an empty database and writes
 * its artwork. Plain Kysely query builder only, so the same code runs on SQLite and PostgreSQL.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { type CompiledQuery, type Insertable, type Kysely, sql } from "kysely";
import { withSqliteWriteLock } from "../db/connection.js";
import type { CategoriesTable, Database } from "../db/schema.js";
import { productWordRows } from "../modules/catalog/product-words.js";
import { sanitizeProductHtml } from "../modules/catalog/sanitize.js";
import { type TaxClass, taxCodeOfCategory } from "../modules/tax/rate-table.js";
import { COLOURS } from "./catalogue-data.js";
import { type CataloguePlan, type PlannedCategory, type PlannedProduct, planCatalogueInChunks } from "./plan.js";

export interface SeedOptions {
  /** Folder served at /media/; artwork goes in products/, characters/ and categories/ below it. */
  mediaDir: string;
  /** Exact number of products to generate for load tests; omit for the hand-written catalogue. */
  scale?: number;
  /** Reference time for created_at dates (tests pin it). */
  now?: Date;
  /** Brand name drawn on the artwork and used in copy; defaults to VAKI. */
  shopName?: string;
}

export interface SeedResult {
  categories: number;
  products: number;
  variants: number;
  images: number;
}

/** SQLite allows 32,766 bound parameters per statement; stay well below on both engines. */
const MAX_PARAMETERS = 30_000;
const MAX_ROWS = 500;

function batches<T>(rows: readonly T[], columns: number): T[][] {
  const size = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / columns)));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Number of columns of the first row, for sizing batches. */
const columnsOf = (rows: readonly object[]) => (rows[0] ? Object.keys(rows[0]).length : 1);

type SeededTable = "products" | "variants" | "product_images" | "category_products" | "product_search_words";

/**
 * Inserts rows a batch at a time, the statement compiled once per batch size and reused with each
 * batch's values: Kysely parsing every row was a fifth of a 100,000-product seed (decision 0024).
 * The rows come from one mapper (same columns, same order); the first batch's parameters are
 * checked against Kysely's own, and any difference leaves every batch to Kysely.
 */
async function insertRows(
  trx: Kysely<Database>,
  table: SeededTable,
  rows: readonly Record<string, unknown>[],
  returning: readonly string[] = [],
): Promise<Record<string, unknown>[]> {
  const statementOf = (batch: readonly Record<string, unknown>[]) => {
    const insert = trx.insertInto(table).values(batch as never);
    return (returning.length > 0 ? insert.returning(returning as never) : insert).compile();
  };
  // Object.values keeps the columns' order for rows of one shape, and is far quicker than keyed reads.
  const valuesOf = (batch: readonly Record<string, unknown>[]) => {
    const values: unknown[] = [];
    for (const row of batch) for (const value of Object.values(row)) values.push(value);
    return values;
  };
  const compiled = new Map<number, CompiledQuery>();
  let reusable = true;
  const out: Record<string, unknown>[] = [];
  for (const batch of batches(rows, columnsOf(rows))) {
    let statement = compiled.get(batch.length);
    const values = valuesOf(batch);
    if (!statement || !reusable) {
      statement = statementOf(batch);
      compiled.set(batch.length, statement);
      reusable &&=
        statement.parameters.length === values.length && statement.parameters.every((v, i) => v === values[i]);
    } else {
      statement = { ...statement, parameters: values };
    }
    out.push(...(await trx.executeQuery<Record<string, unknown>>(statement)).rows);
  }
  return out;
}

async function writeArtwork(mediaDir: string, files: CataloguePlan["files"]): Promise<void> {
  const folders = new Set([...files.keys()].map((file) => path.dirname(path.join(mediaDir, file))));
  for (const folder of folders) await mkdir(folder, { recursive: true });
  const entries = [...files.entries()];
  // A few writes in flight at once is plenty faster than one by one and keeps file handles low.
  for (let i = 0; i < entries.length; i += 32) {
    await Promise.all(entries.slice(i, i + 32).map(([file, draw]) => writeFile(path.join(mediaDir, file), draw())));
  }
}

function categoryRow(category: PlannedCategory, parentId: number | null, stamp: string): Insertable<CategoriesTable> {
  return {
    name: category.name,
    slug: category.slug,
    parent_id: parentId,
    description: category.description,
    tagline: category.tagline,
    accent_color: category.accentColor,
    image_url: category.imageUrl,
    is_active: 1,
    display_order: category.displayOrder,
    excluded_image_positions: JSON.stringify(category.excludedImagePositions),
    is_character: category.isCharacter ? 1 : 0,
    created_at: stamp,
    updated_at: stamp,
  };
}

async function insertCategories(
  trx: Kysely<Database>,
  plan: Pick<CataloguePlan, "topCategories" | "childCategories">,
  stamp: string,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  // One statement per top category: their ids (1, 2, 3 on a fresh database) are part of the contract.
  for (const category of plan.topCategories) {
    const row = await trx
      .insertInto("categories")
      .values(categoryRow(category, null, stamp))
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.set(category.slug, row.id);
  }
  const rows = plan.childCategories.map((category) => {
    const parentId = category.parentSlug ? ids.get(category.parentSlug) : undefined;
    if (category.parentSlug && parentId === undefined)
      throw new Error(`Unknown parent category ${category.parentSlug}`);
    return categoryRow(category, parentId ?? null, stamp);
  });
  for (const batch of batches(rows, columnsOf(rows))) {
    // RETURNING order is not guaranteed, so ids are matched back by slug.
    const inserted = await trx.insertInto("categories").values(batch).returning(["id", "slug"]).execute();
    for (const row of inserted) ids.set(row.slug, row.id);
  }
  return ids;
}

/** HSN code and tax class from the first of the product's categories that has one (clothing otherwise). */
function taxCodeOf(categorySlugs: readonly string[]): { hsn_code: string; tax_class: TaxClass } {
  for (const slug of categorySlugs) {
    const code = taxCodeOfCategory[slug];
    if (code) return { hsn_code: code.hsnCode, tax_class: code.taxClass };
  }
  return { hsn_code: "6109", tax_class: "clothing" };
}

async function insertProducts(
  trx: Kysely<Database>,
  products: readonly PlannedProduct[],
  sanitised: Map<string, string>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  // Product HTML is sanitised on every write, the seed's too; generated copy repeats, so memoise.
  const clean = (html: string) => {
    let result = sanitised.get(html);
    if (result === undefined) {
      result = sanitizeProductHtml(html);
      sanitised.set(html, result);
    }
    return result;
  };
  const rows = products.map((product) => ({
    name: product.name,
    slug: product.slug,
    price: product.price,
    description_html: clean(product.descriptionHtml),
    specifications: product.specifications,
    delivery_info_html: clean(product.deliveryInfoHtml),
    is_featured: product.isFeatured ? 1 : 0,
    is_active: 1,
    popularity: product.popularity,
    ...taxCodeOf(product.categorySlugs),
    created_at: product.createdAt,
    updated_at: product.createdAt,
  }));
  for (const row of await insertRows(trx, "products", rows, ["id", "slug"])) ids.set(String(row.slug), Number(row.id));
  return ids;
}

/** Seeds an empty catalogue. Call `isCatalogueEmpty` (or `clearCatalogue`) first. */
export async function seedCatalogue(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  return db.transaction().execute((trx) => insertCatalogue(trx, options));
}

/** Products planned and inserted this many at a time (the plan of a large catalogue is never held whole). */
const PRODUCTS_PER_CHUNK = 2_000;

/** Arbitrary, fixed: the PostgreSQL advisory lock that seeding holds. */
const seedLockKey = 7_270_615_001;

/**
 * Seeds the catalogue on start when it is empty, holding a database-wide lock, so processes
 * started at the same moment on an empty database seed it once (the others wait, then find it
 * seeded) instead of dying on a duplicate slug: `pg_advisory_xact_lock` on PostgreSQL, SQLite's
 * write lock (`BEGIN IMMEDIATE`) on SQLite. Answers undefined when there was nothing to do.
 */
export async function seedIfEmpty(
  db: Kysely<Database>,
  dialect: "sqlite" | "postgres",
  options: SeedOptions,
): Promise<SeedResult | undefined> {
  if (!(await isCatalogueEmpty(db))) return undefined;
  if (dialect === "postgres") {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${seedLockKey})`.execute(trx);
      if (!(await isCatalogueEmpty(trx))) return undefined;
      return insertCatalogue(trx, options);
    });
  }
  // SQLite: the write lock, taken up front (BEGIN IMMEDIATE); another process waits for it.
  return withSqliteWriteLock(db, async (connection) =>
    (await isCatalogueEmpty(connection)) ? insertCatalogue(connection, options) : undefined,
  );
}

/** Why `npm run seed` will not replace a catalogue: orders (and their stock history) point at its variants. */
export class SeedRefused extends Error {}

/**
 * `npm run seed`: replaces the catalogue with a fresh one, in one transaction, or refuses with
 * a clear message (before touching anything) when the shop already has orders.
 */
export async function replaceCatalogue(
  db: Kysely<Database>,
  dialect: "sqlite" | "postgres",
  options: SeedOptions,
): Promise<SeedResult> {
  const orders = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .executeTakeFirstOrThrow();
  if (Number(orders.count) > 0) {
    throw new SeedRefused(
      `This shop has ${Number(orders.count)} order(s): their lines and stock history point at the current catalogue, so it cannot be replaced. Seed an empty database instead (a new DATA_DIR or DATABASE_URL); the server seeds one on its first start.`,
    );
  }
  return db.transaction().execute(async (trx) => {
    if (!(await isCatalogueEmpty(trx))) {
      await deleteCatalogueRows(trx);
      await restartIdSequences(trx, dialect);
    }
    return insertCatalogue(trx, options);
  });
}

/**
 * PostgreSQL sequences keep counting after a delete; restart them so Clothing, Accessories and
 * Vakiverse get ids 1, 2 and 3 again (SQLite reuses ids of an emptied table by itself).
 */
async function restartIdSequences(db: Kysely<Database>, dialect: "sqlite" | "postgres"): Promise<void> {
  if (dialect !== "postgres") return;
  for (const table of ["categories", "products", "product_images", "variants", "stock_ledger"]) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), 1, false)`.execute(db);
  }
}

/**
 * Plans and inserts the catalogue a chunk of products at a time, then writes its artwork
 * (deterministic: every process writes the same files).
 */
async function insertCatalogue(trx: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const stamp = (options.now ?? new Date()).toISOString();
  const plan = planCatalogueInChunks(
    {
      ...(options.scale !== undefined ? { scale: options.scale } : {}),
      now: options.now ?? new Date(),
      brand: options.shopName ?? "VAKI",
    },
    PRODUCTS_PER_CHUNK,
  );
  // Every colour's swatch (the migration knows the first palette; later colours arrive here).
  await trx
    .insertInto("colours")
    .values(Object.values(COLOURS).map((colour) => ({ name: colour.name, hex: colour.hex })))
    .onConflict((conflict) => conflict.column("name").doUpdateSet((eb) => ({ hex: eb.ref("excluded.hex") })))
    .execute();
  const categoryIds = await insertCategories(trx, plan, stamp);
  const sanitised = new Map<string, string>();
  const counts = { products: 0, variants: 0, images: 0 };
  for (const products of plan.productChunks) {
    const productIds = await insertProducts(trx, products, sanitised);
    const productId = (slug: string) => {
      const id = productIds.get(slug);
      if (id === undefined) throw new Error(`Product ${slug} was not inserted`);
      return id;
    };

    const variants = products.flatMap((product) =>
      product.variants.map((variant) => ({
        product_id: productId(product.slug),
        sku: variant.sku,
        price: variant.price,
        stock_quantity: variant.stock,
        size: variant.size,
        color: variant.color,
        theme: variant.theme,
        story_description: variant.story,
        is_active: 1,
        created_at: product.createdAt,
        updated_at: product.createdAt,
      })),
    );
    await insertRows(trx, "variants", variants);
    // The owner's search words of the chunk, from the plan (nothing to read back or replace).
    await insertRows(
      trx,
      "product_search_words",
      productWordRows(
        products.map((product) => ({
          id: productId(product.slug),
          name: product.name,
          skus: product.variants.map((variant) => variant.sku),
        })),
      ),
    );

    const images = products.flatMap((product) =>
      product.images.map((image, index) => ({
        product_id: productId(product.slug),
        url: image.url,
        alt: image.alt,
        display_order: index,
        is_primary: index === 0 ? 1 : 0,
        color: image.color,
      })),
    );
    await insertRows(trx, "product_images", images);

    const links = products.flatMap((product) =>
      product.categorySlugs.map((slug) => {
        const categoryId = categoryIds.get(slug);
        if (categoryId === undefined) throw new Error(`Product ${product.slug} names unknown category ${slug}`);
        return { category_id: categoryId, product_id: productId(product.slug) };
      }),
    );
    await insertRows(trx, "category_products", links);
    counts.products += products.length;
    counts.variants += variants.length;
    counts.images += images.length;
  }
  // The seed's stock is each variant's opening row of the stock ledger (one statement for all).
  await sql`insert into stock_ledger (variant_id, change, stock_after, reason, created_at)
    select id, stock_quantity, stock_quantity, 'opening', created_at from variants order by id`.execute(trx);

  // The search index and caches watch this value to know the catalogue changed.
  const version = String(Date.now());
  await trx
    .insertInto("shop_state")
    .values({ key: "catalogue_version", value: version })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: version }))
    .execute();

  await writeArtwork(options.mediaDir, plan.files);
  return { categories: plan.topCategories.length + plan.childCategories.length, ...counts };
}

export async function isCatalogueEmpty(db: Kysely<Database>): Promise<boolean> {
  const product = await db.selectFrom("products").select("id").limit(1).executeTakeFirst();
  if (product) return false;
  const category = await db.selectFrom("categories").select("id").limit(1).executeTakeFirst();
  return category === undefined;
}

/**
 * Deletes every catalogue row (children first, so foreign keys hold on both engines).
 * Orders or carts that reference variants would block this; the demo reseed assumes none.
 */
export async function clearCatalogue(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute((trx) => deleteCatalogueRows(trx));
}

async function deleteCatalogueRows(trx: Kysely<Database>): Promise<void> {
  await trx.deleteFrom("stock_ledger").execute();
  await trx.deleteFrom("variants").execute();
  await trx.deleteFrom("product_images").execute();
  await trx.deleteFrom("category_products").execute();
  await trx.deleteFrom("product_search_words").execute();
  await trx.deleteFrom("products").execute();
  // Children before parents keeps the self-reference happy without relying on ON DELETE SET NULL.
  await trx.deleteFrom("categories").where("parent_id", "is not", null).execute();
  await trx.deleteFrom("categories").execute();
}
