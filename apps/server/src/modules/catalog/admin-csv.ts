import type { ProductCsvColumn } from "@vaki/contract/admin/product-csv";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import {
  type CatalogueState,
  type ExistingProduct,
  type ExistingVariant,
  type ProductCreate,
  type ProductUpdate,
  paiseToRupees,
  type VariantCreate,
  type VariantUpdate,
} from "./product-csv.js";

/** Keys per `in (…)` list: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += CHUNK) out.push(items.slice(index, index + CHUNK));
  return out;
}

/**
 * The SQL of products as CSV: the export's rows, the catalogue state an import is planned
 * against (read in the caller's transaction), and the import's writes other than stock (which
 * moves through the inventory service and its ledger).
 */
export class CatalogCsvStore {
  /** One row per variant of these products, by product name then SKU. */
  async exportRows(db: Db, productIds: readonly number[]): Promise<Record<ProductCsvColumn, string>[]> {
    const rows: Record<ProductCsvColumn, string>[] = [];
    for (const ids of chunks(productIds)) {
      const [variants, categories] = await Promise.all([
        db
          .selectFrom("variants")
          .innerJoin("products", "products.id", "variants.product_id")
          .select([
            "variants.sku",
            "variants.color",
            "variants.size",
            "variants.price",
            "variants.stock_quantity",
            "variants.is_active",
            "products.id as product_id",
            "products.slug",
            "products.name",
            "products.status",
            "products.is_featured",
            "products.low_stock_threshold",
            "products.hsn_code",
            "products.tax_class",
          ])
          .where("variants.product_id", "in", ids)
          .execute(),
        this.categorySlugsOf(db, ids),
      ]);
      for (const v of variants) {
        rows.push({
          sku: v.sku,
          product_slug: v.slug,
          product_name: v.name,
          status: v.status,
          featured: v.is_featured === 1 ? "yes" : "no",
          categories: (categories.get(v.product_id) ?? []).join("|"),
          colour: v.color ?? "",
          size: v.size ?? "",
          price: paiseToRupees(v.price),
          stock: String(v.stock_quantity),
          active: v.is_active === 1 ? "yes" : "no",
          low_stock_threshold: String(v.low_stock_threshold),
          hsn_code: v.hsn_code,
          tax_class: v.tax_class,
        });
      }
    }
    const byName = new Intl.Collator("en");
    return rows.sort((a, b) => byName.compare(a.product_name, b.product_name) || byName.compare(a.sku, b.sku));
  }

  /** The variants and products a file names, every category slug and every colour. */
  async state(db: Db, keys: { skus: readonly string[]; slugs: readonly string[] }): Promise<CatalogueState> {
    const variantsBySku = new Map<string, ExistingVariant>();
    for (const skus of chunks(keys.skus)) {
      const rows = await db
        .selectFrom("variants")
        .select(["id", "product_id", "sku", "color", "size", "price", "stock_quantity", "is_active"])
        .where("sku", "in", skus)
        .execute();
      for (const row of rows) {
        variantsBySku.set(row.sku, {
          id: row.id,
          productId: row.product_id,
          sku: row.sku,
          colour: row.color,
          size: row.size,
          price: row.price,
          stock: row.stock_quantity,
          active: row.is_active === 1,
        });
      }
    }
    const productIds = [...new Set([...variantsBySku.values()].map((variant) => variant.productId))];
    const productRows = [];
    const productSelect = () =>
      db
        .selectFrom("products")
        .select(["id", "slug", "name", "status", "is_featured", "low_stock_threshold", "hsn_code", "tax_class"]);
    for (const ids of chunks(productIds)) productRows.push(...(await productSelect().where("id", "in", ids).execute()));
    for (const slugs of chunks(keys.slugs))
      productRows.push(...(await productSelect().where("slug", "in", slugs).execute()));
    const categories = new Map<number, string[]>();
    const uniqueIds = [...new Set(productRows.map((row) => row.id))];
    for (const ids of chunks(uniqueIds)) {
      for (const [id, slugs] of await this.categorySlugsOf(db, ids)) categories.set(id, slugs);
    }
    const productsById = new Map<number, ExistingProduct>();
    const productsBySlug = new Map<string, ExistingProduct>();
    for (const row of productRows) {
      const product: ExistingProduct = {
        id: row.id,
        slug: row.slug,
        name: row.name,
        status: row.status,
        featured: row.is_featured === 1,
        categories: categories.get(row.id) ?? [],
        lowStockThreshold: row.low_stock_threshold,
        hsnCode: row.hsn_code,
        taxClass: row.tax_class,
      };
      productsById.set(product.id, product);
      productsBySlug.set(product.slug, product);
    }
    const [categoryRows, colourRows] = await Promise.all([
      db.selectFrom("categories").select("slug").execute(),
      db.selectFrom("colours").select("name").execute(),
    ]);
    return {
      variantsBySku,
      productsById,
      productsBySlug,
      categorySlugs: new Set(categoryRows.map((row) => row.slug)),
      colours: new Map(colourRows.map((row) => [row.name.toLowerCase(), row.name])),
    };
  }

  /** Inserts a new product (its price is set from its variants afterwards); answers its id. */
  async createProduct(trx: Db, product: ProductCreate, now: string): Promise<number> {
    const status = product.status ?? "draft";
    const row = await trx
      .insertInto("products")
      .values({
        name: product.name,
        slug: product.slug,
        price: 0,
        status,
        is_active: status === "active" ? 1 : 0,
        is_featured: product.featured ? 1 : 0,
        ...(product.lowStockThreshold !== undefined ? { low_stock_threshold: product.lowStockThreshold } : {}),
        ...(product.hsnCode !== undefined ? { hsn_code: product.hsnCode } : {}),
        ...(product.taxClass !== undefined ? { tax_class: product.taxClass } : {}),
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The slug may be an old one of another product: a live slug wins over its redirect.
    await trx.deleteFrom("product_slug_redirects").where("old_slug", "=", product.slug).execute();
    if (product.categories) await this.setCategories(trx, row.id, product.categories);
    return row.id;
  }

  async updateProduct(trx: Db, update: ProductUpdate, now: string): Promise<void> {
    const f = update.fields;
    await trx
      .updateTable("products")
      .set({
        ...(f.name !== undefined ? { name: f.name } : {}),
        ...(f.status !== undefined ? { status: f.status, is_active: f.status === "active" ? 1 : 0 } : {}),
        ...(f.featured !== undefined ? { is_featured: f.featured ? 1 : 0 } : {}),
        ...(f.lowStockThreshold !== undefined ? { low_stock_threshold: f.lowStockThreshold } : {}),
        ...(f.hsnCode !== undefined ? { hsn_code: f.hsnCode } : {}),
        ...(f.taxClass !== undefined ? { tax_class: f.taxClass } : {}),
        // A form open in the admin was loaded before this import: its save must be refused.
        version: sql<number>`version + 1`,
        updated_at: now,
      })
      .where("id", "=", update.productId)
      .execute();
    if (f.categories) await this.setCategories(trx, update.productId, f.categories);
  }

  /** Inserts a variant with no stock (the import then receives its units through the ledger). */
  async createVariant(trx: Db, productId: number, variant: VariantCreate, now: string): Promise<number> {
    const row = await trx
      .insertInto("variants")
      .values({
        product_id: productId,
        sku: variant.sku,
        price: variant.price,
        stock_quantity: 0,
        color: variant.colour,
        size: variant.size,
        is_active: variant.active ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateVariant(trx: Db, update: VariantUpdate, now: string): Promise<void> {
    if (update.price === undefined && update.active === undefined) return;
    await trx
      .updateTable("variants")
      .set({
        ...(update.price !== undefined ? { price: update.price } : {}),
        ...(update.active !== undefined ? { is_active: update.active ? 1 : 0 } : {}),
        updated_at: now,
      })
      .where("id", "=", update.variantId)
      .execute();
  }

  /** The lists show a product's lowest active price; the import's products get theirs again. */
  async refreshPrices(trx: Db, productIds: readonly number[]): Promise<void> {
    for (const ids of chunks([...new Set(productIds)])) {
      await trx
        .updateTable("products")
        .set({
          price: sql<number>`coalesce((select min(v.price) from variants v where v.product_id = products.id and v.is_active = 1), (select min(v.price) from variants v where v.product_id = products.id), price)`,
        })
        .where("id", "in", ids)
        .execute();
    }
  }

  private async setCategories(trx: Db, productId: number, slugs: readonly string[]): Promise<void> {
    await trx.deleteFrom("category_products").where("product_id", "=", productId).execute();
    if (slugs.length === 0) return;
    const ids = await trx
      .selectFrom("categories")
      .select("id")
      .where("slug", "in", [...slugs])
      .execute();
    await trx
      .insertInto("category_products")
      .values(ids.map((row) => ({ category_id: row.id, product_id: productId })))
      .execute();
  }

  private async categorySlugsOf(db: Db, productIds: readonly number[]): Promise<Map<number, string[]>> {
    const out = new Map<number, string[]>();
    if (productIds.length === 0) return out;
    const rows = await db
      .selectFrom("category_products")
      .innerJoin("categories", "categories.id", "category_products.category_id")
      .select(["category_products.product_id", "categories.slug"])
      .where("category_products.product_id", "in", [...productIds])
      .orderBy("categories.slug")
      .execute();
    for (const row of rows) out.set(row.product_id, [...(out.get(row.product_id) ?? []), row.slug]);
    return out;
  }
}
