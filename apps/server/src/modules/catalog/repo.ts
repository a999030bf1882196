import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import { replaceProductWords } from "./product-words.js";

export interface ProductRecord {
  id: number;
  name: string;
  slug: string;
  price: number;
  description_html: string;
  specifications: string;
  delivery_info_html: string;
  is_featured: number;
  is_active: number;
  popularity: number;
  created_at: string;
  updated_at: string;
}

export interface ImageRecord {
  id: number;
  product_id: number;
  url: string;
  alt: string;
  display_order: number;
  is_primary: number;
  color: string | null;
  /** An uploaded photo's original (0017): its content hash and size; null for the demo art. */
  photo_hash?: string | null;
  photo_width?: number | null;
  photo_height?: number | null;
}

export interface VariantRecord {
  id: number;
  product_id: number;
  sku: string;
  price: number;
  stock_quantity: number;
  size: string | null;
  color: string | null;
  theme: string | null;
  /** The colour's swatch (CSS hex) from the colours table, null for an unknown colour. */
  swatch: string | null;
}

export interface ProductCategoryRecord {
  product_id: number;
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  image_url: string | null;
  description: string | null;
  tagline: string | null;
  accent_color: string | null;
  is_character: number;
}

export interface CategoryRecord {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  description: string | null;
  tagline: string | null;
  accent_color: string | null;
  image_url: string | null;
  is_active: number;
  display_order: number;
  excluded_image_positions: string;
  is_character: number;
}

/** A product on sale with what its lists filter, count and sort by, as the repository reads it. */
export interface ListProductRow {
  id: number;
  price: number;
  created_at: string | Date;
  popularity: number;
}

/** One active variant of a product on sale: what its facets count. */
export interface ListVariantRow {
  product_id: number;
  size: string | null;
  color: string | null;
  in_stock: number | boolean;
  swatch: string | null;
}

export interface ListLinkRow {
  product_id: number;
  category_id: number;
}

/** The rows of some products, read together: a chunk of a build or the products a change named. */
export interface ListRows {
  products: ListProductRow[];
  variants: ListVariantRow[];
  links: ListLinkRow[];
}

/** Change rows kept behind the newest (decision 0024): more than any process reads before rebuilding everything. */
const keptCatalogueChanges = 5_000;

/** SQL of the catalogue: every read is a fixed number of statements, whatever the page size. */
export class CatalogRepo {
  constructor(private readonly db: Db) {}

  /**
   * What the list index keeps of the products of `ids` that are on sale: prices and dates, active
   * variants' sizes, colours (with swatches) and whether they have stock, and category links.
   */
  async findListRows(ids: readonly number[]): Promise<ListRows> {
    if (ids.length === 0) return { products: [], variants: [], links: [] };
    const products = await this.db
      .selectFrom("products")
      .select(["id", "price", "created_at", "popularity", "is_active"])
      .where("id", "in", [...ids])
      .execute();
    const variants = await this.db
      .selectFrom("variants as v")
      .leftJoin("colours as c", "c.name", "v.color")
      .select([
        "v.product_id",
        "v.size",
        "v.color",
        sql<number>`case when v.stock_quantity > 0 then 1 else 0 end`.as("in_stock"),
        "c.hex as swatch",
      ])
      .where("v.is_active", "=", 1)
      .where("v.product_id", "in", [...ids])
      .execute();
    const links = await this.db
      .selectFrom("category_products")
      .select(["product_id", "category_id"])
      .where("product_id", "in", [...ids])
      .execute();
    return {
      products: products.filter((row) => row.is_active === 1).map(({ is_active: _, ...row }) => row),
      variants,
      links,
    };
  }

  /** The ids of the newest `count` stock moves: what the list index sees as it is built. */
  async findLatestStockMoveIds(count: number): Promise<number[]> {
    const rows = await this.db.selectFrom("stock_ledger").select("id").orderBy("id", "desc").limit(count).execute();
    return rows.map((row) => row.id);
  }

  /** The newest stock move's id (0 when there is none). */
  async findNewestStockMoveId(): Promise<number> {
    const row = await this.db
      .selectFrom("stock_ledger")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /** Stock moves after `afterId` with their products, oldest first, at most `limit`. */
  async findStockMovesSince(afterId: number, limit: number): Promise<{ id: number; product_id: number }[]> {
    return this.db
      .selectFrom("stock_ledger as l")
      .innerJoin("variants as v", "v.id", "l.variant_id")
      .select(["l.id", "v.product_id"])
      .where("l.id", ">", afterId)
      .orderBy("l.id")
      .limit(limit)
      .execute();
  }

  async findProductByKey(key: number | string): Promise<ProductRecord | undefined> {
    return this.db
      .selectFrom("products as p")
      .selectAll("p")
      .where(typeof key === "number" ? "p.id" : "p.slug", "=", key)
      .where("p.is_active", "=", 1)
      .executeTakeFirst();
  }

  /** The visible product an old slug of it names (its slug changed since: the old link still finds it). */
  async findProductByOldSlug(slug: string): Promise<ProductRecord | undefined> {
    return this.db
      .selectFrom("product_slug_redirects as r")
      .innerJoin("products as p", "p.id", "r.product_id")
      .selectAll("p")
      .where("r.old_slug", "=", slug)
      .where("p.is_active", "=", 1)
      .executeTakeFirst();
  }

  /** A visible product's id and its active variants' stock (one row with null variant when it has none). */
  async findStock(
    key: number | string,
  ): Promise<{ product_id: number; variant_id: number | null; stock_quantity: number | null }[]> {
    return this.db
      .selectFrom("products as p")
      .leftJoin("variants as v", (join) => join.onRef("v.product_id", "=", "p.id").on("v.is_active", "=", 1))
      .select(["p.id as product_id", "v.id as variant_id", "v.stock_quantity"])
      .where(typeof key === "number" ? "p.id" : "p.slug", "=", key)
      .where("p.is_active", "=", 1)
      .orderBy("v.id")
      .execute();
  }

  async findProductsByIds(ids: number[]): Promise<ProductRecord[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom("products as p")
      .selectAll("p")
      .where("p.id", "in", ids)
      .where("p.is_active", "=", 1)
      .execute();
  }

  async findFeatured(limit: number): Promise<ProductRecord[]> {
    return this.db
      .selectFrom("products as p")
      .selectAll("p")
      .where("p.is_active", "=", 1)
      .where("p.is_featured", "=", 1)
      .orderBy("p.popularity", "desc")
      .orderBy("p.id", "asc")
      .limit(limit)
      .execute();
  }

  /**
   * The product itself (first) and up to `limit` others ranked by how many of its categories
   * they share, then featured, then best sellers: related products in one statement.
   */
  async findWithRelated(key: number | string, limit: number): Promise<(ProductRecord & { is_target: number })[]> {
    const target =
      typeof key === "number"
        ? sql<number>`${key}`
        : sql<number>`(select t.id from products t where t.slug = ${key} and t.is_active = 1)`;
    const shared = sql<number>`(select count(*) from category_products cp
      where cp.product_id = p.id
        and cp.category_id in (select own.category_id from category_products own where own.product_id = ${target}))`;
    const isTarget = sql<number>`case when p.id = ${target} then 1 else 0 end`;

    return this.db
      .selectFrom("products as p")
      .selectAll("p")
      .select(isTarget.as("is_target"))
      .where("p.is_active", "=", 1)
      .orderBy(isTarget, "desc")
      .orderBy(shared, "desc")
      .orderBy("p.is_featured", "desc")
      .orderBy("p.popularity", "desc")
      .orderBy("p.id", "asc")
      .limit(limit + 1)
      .execute();
  }

  async findImages(productIds: number[]): Promise<ImageRecord[]> {
    if (productIds.length === 0) return [];
    return this.db
      .selectFrom("product_images as pi")
      .leftJoin("media_originals as mo", "mo.id", "pi.original_id")
      .select(["pi.id", "pi.product_id", "pi.url", "pi.alt", "pi.display_order", "pi.is_primary", "pi.color"])
      .select(["mo.sha256 as photo_hash", "mo.width as photo_width", "mo.height as photo_height"])
      .where("pi.product_id", "in", productIds)
      .orderBy("pi.product_id")
      .orderBy("pi.display_order")
      .orderBy("pi.is_primary", "desc")
      .orderBy("pi.id")
      .execute();
  }

  async findVariants(productIds: number[]): Promise<VariantRecord[]> {
    if (productIds.length === 0) return [];
    return this.db
      .selectFrom("variants as v")
      .leftJoin("colours as c", "c.name", "v.color")
      .select(["v.id", "v.product_id", "v.sku", "v.price", "v.stock_quantity", "v.size", "v.color", "v.theme"])
      .select("c.hex as swatch")
      .where("v.product_id", "in", productIds)
      .where("v.is_active", "=", 1)
      .orderBy("v.product_id")
      .orderBy("v.id")
      .execute();
  }

  async findProductCategories(productIds: number[]): Promise<ProductCategoryRecord[]> {
    if (productIds.length === 0) return [];
    return (
      this.db
        .selectFrom("category_products as cp")
        .innerJoin("categories as c", "c.id", "cp.category_id")
        .select([
          "cp.product_id",
          "c.id",
          "c.name",
          "c.slug",
          "c.parent_id",
          "c.image_url",
          "c.description",
          "c.tagline",
          "c.accent_color",
          "c.is_character",
        ])
        .where("cp.product_id", "in", productIds)
        .where("c.is_active", "=", 1)
        // Deepest first: a character or subcategory says more about a product than "Clothing".
        .orderBy("cp.product_id")
        .orderBy(sql`case when c.parent_id is null then 1 else 0 end`)
        .orderBy("c.display_order")
        .orderBy("c.id")
        .execute()
    );
  }

  async findCategories(includeInactive: boolean): Promise<CategoryRecord[]> {
    let query = this.db
      .selectFrom("categories")
      .select([
        "id",
        "name",
        "slug",
        "parent_id",
        "description",
        "tagline",
        "accent_color",
        "image_url",
        "is_active",
        "display_order",
        "excluded_image_positions",
        "is_character",
      ])
      .orderBy("display_order")
      .orderBy("id");
    if (!includeInactive) query = query.where("is_active", "=", 1);
    return query.execute();
  }

  /** Every link of an active product to a category, best sellers first. */
  async findCategoryLinks(): Promise<{ category_id: number; product_id: number }[]> {
    return this.db
      .selectFrom("category_products as cp")
      .innerJoin("products as p", "p.id", "cp.product_id")
      .select(["cp.category_id", "cp.product_id"])
      .where("p.is_active", "=", 1)
      .orderBy("p.popularity", "desc")
      .orderBy("p.id", "asc")
      .execute();
  }

  /** Everything the search index reads, in three statements. */
  /**
   * Ids of every active product, oldest first: the order the search index has always taken them in
   * (SQLite read them along products_active_created_idx), which decides its ties.
   */
  async findActiveProductIds(): Promise<number[]> {
    const rows = await this.db
      .selectFrom("products")
      .select("id")
      .where("is_active", "=", 1)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * The search index's material for the products of `ids` (a chunk of a build, or the few products
   * a change named): those on sale, their active categories and their variants' colours and
   * characters. Looked up by key alone: with `is_active` in the statement SQLite walks its index
   * of every active product instead, for each chunk.
   */
  async findSearchDocuments(ids: readonly number[]): Promise<{
    products: Pick<ProductRecord, "id" | "name" | "description_html" | "popularity">[];
    categories: { product_id: number; name: string; parent_name: string | null }[];
    variants: { product_id: number; color: string | null; theme: string | null }[];
  }> {
    if (ids.length === 0) return { products: [], categories: [], variants: [] };
    const products = await this.db
      .selectFrom("products")
      .select(["id", "name", "description_html", "popularity", "is_active"])
      .where("id", "in", [...ids])
      .execute();
    // A product is also found by its category's parent: "vakiverse" finds every character's piece.
    const categories = await this.db
      .selectFrom("category_products as cp")
      .innerJoin("categories as c", "c.id", "cp.category_id")
      .leftJoin("categories as parent", "parent.id", "c.parent_id")
      .select(["cp.product_id", "c.name", "parent.name as parent_name"])
      .where("c.is_active", "=", 1)
      .where("cp.product_id", "in", [...ids])
      .execute();
    // A product's colours and characters in SKU order (the words' order in its document), each
    // pair once: its sizes would only repeat it (a 100,000-product build read four times the rows).
    const variants = await this.db
      .selectFrom("variants")
      .select(["product_id", "color", "theme", (eb) => eb.fn.min("sku").as("first_sku")])
      .where("is_active", "=", 1)
      .where("product_id", "in", [...ids])
      .groupBy(["product_id", "color", "theme"])
      .orderBy("product_id")
      .orderBy("first_sku")
      .execute();
    return {
      products: products.filter((product) => product.is_active === 1).map(({ is_active: _, ...product }) => product),
      categories,
      variants,
    };
  }

  /** Every active product's id and last change, for the sitemap (one statement). */
  async findSitemapProducts(): Promise<{ id: number; updated_at: string }[]> {
    return this.db
      .selectFrom("products")
      .select(["id", "updated_at"])
      .where("is_active", "=", 1)
      .orderBy("id")
      .execute();
  }

  async readCatalogueVersion(): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("shop_state")
      .select("value")
      .where("key", "=", "catalogue_version")
      .executeTakeFirst();
    return row?.value;
  }

  /**
   * A new catalogue version and what it changed, in one transaction: a row per product named, or
   * one row without a product for a change of everything. Rows far behind the newest are pruned
   * (a process that far behind rebuilds everything anyway). Answers the rows' ids.
   */
  async recordCatalogueChange(version: string, productIds: readonly number[] | null, now: string): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("shop_state")
        .values({ key: "catalogue_version", value: version })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: version }))
        .execute();
      const rows = (productIds ?? [null]).map((productId) => ({ version, product_id: productId, created_at: now }));
      const ids: number[] = [];
      for (let i = 0; i < rows.length; i += 500) {
        const inserted = await trx
          .insertInto("catalogue_changes")
          .values(rows.slice(i, i + 500))
          .returning("id")
          .execute();
        ids.push(...inserted.map((row) => row.id));
      }
      const newest = Math.max(...ids);
      await trx
        .deleteFrom("catalogue_changes")
        .where("id", "<=", newest - keptCatalogueChanges)
        .execute();
      return ids;
    });
  }

  /** The newest change row, if any. */
  async lastCatalogueChange(): Promise<{ id: number; version: string } | undefined> {
    return this.db
      .selectFrom("catalogue_changes")
      .select(["id", "version"])
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  /** Change rows after `afterId`, oldest first, at most `limit`. */
  async findCatalogueChanges(
    afterId: number,
    limit: number,
  ): Promise<{ id: number; version: string; product_id: number | null }[]> {
    return this.db
      .selectFrom("catalogue_changes")
      .select(["id", "version", "product_id"])
      .where("id", ">", afterId)
      .orderBy("id")
      .limit(limit)
      .execute();
  }

  async updateProduct(id: number, changes: Partial<Omit<ProductRecord, "id" | "created_at">>): Promise<boolean> {
    // A new name is new search words, written in the same transaction.
    return this.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable("products").set(changes).where("id", "=", id).executeTakeFirst();
      if (changes.name !== undefined) await replaceProductWords(trx, [id]);
      return Number(result.numUpdatedRows) > 0;
    });
  }

  async insertProduct(product: Omit<ProductRecord, "id">): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.insertInto("products").values(product).returning("id").executeTakeFirstOrThrow();
      await replaceProductWords(trx, [row.id]);
      return row.id;
    });
  }
}
