import type { ProductFilters, ProductSort } from "@vaki/contract/catalog";
import { type ExpressionBuilder, sql } from "kysely";
import type { Db } from "../../db/connection.js";
import type { Database } from "../../db/schema.js";

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
  story_description: string | null;
}

export interface ProductCategoryRecord {
  product_id: number;
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  image_url: string | null;
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
}

type ProductsScope = ExpressionBuilder<Database & { p: Database["products"] }, "p">;

const orderBy: Record<ProductSort, [string, "asc" | "desc"][]> = {
  newest: [
    ["p.created_at", "desc"],
    ["p.id", "desc"],
  ],
  price_asc: [
    ["p.price", "asc"],
    ["p.id", "asc"],
  ],
  price_desc: [
    ["p.price", "desc"],
    ["p.id", "desc"],
  ],
  popular: [
    ["p.popularity", "desc"],
    ["p.id", "desc"],
  ],
};

/** SQL of the catalogue: every read is a fixed number of statements, whatever the page size. */
export class CatalogRepo {
  constructor(private readonly db: Db) {}

  /**
   * One page of active products matching the filters, with the total count in the same
   * statement (a window count), so a list page costs one statement plus its batch loads.
   */
  async findProductPage(
    filters: ProductFilters,
    page: { offset: number; limit: number },
  ): Promise<{ rows: ProductRecord[]; total: number | undefined }> {
    let query = this.db
      .selectFrom("products as p")
      .selectAll("p")
      .select(sql<number>`count(*) over ()`.as("total_count"))
      .where("p.is_active", "=", 1);

    if (filters.categoryId !== undefined) {
      const root = filters.categoryId;
      query = query.where((eb) =>
        eb(
          "p.id",
          "in",
          eb
            .selectFrom("category_products as cp")
            .select("cp.product_id")
            .where("cp.category_id", "in", this.categoryAndDescendants(root)),
        ),
      );
    }
    if (filters.size || filters.color || filters.inStock) {
      query = query.where((eb) => eb.exists(this.matchingVariant(eb, filters)));
    }
    if (filters.minPrice !== undefined) query = query.where("p.price", ">=", filters.minPrice);
    if (filters.maxPrice !== undefined) query = query.where("p.price", "<=", filters.maxPrice);

    for (const [column, direction] of orderBy[filters.sort]) {
      query = query.orderBy(sql.ref(column), direction);
    }
    const rows = await query.limit(page.limit).offset(page.offset).execute();
    const first = rows[0];
    return { rows, total: first ? Number(first.total_count) : undefined };
  }

  /** Count for a page past the end (the window count has no row to ride on). */
  async countProducts(filters: ProductFilters): Promise<number> {
    const { total } = await this.findProductPage(filters, { offset: 0, limit: 1 });
    return total ?? 0;
  }

  private categoryAndDescendants(rootId: number) {
    return this.db
      .withRecursive("tree(id)", (db) =>
        db
          .selectFrom("categories")
          .select("id")
          .where("id", "=", rootId)
          .where("is_active", "=", 1)
          .unionAll(
            db
              .selectFrom("categories as c")
              .innerJoin("tree", "tree.id", "c.parent_id")
              .select("c.id")
              .where("c.is_active", "=", 1),
          ),
      )
      .selectFrom("tree")
      .select("tree.id");
  }

  private matchingVariant(eb: ProductsScope, filters: ProductFilters) {
    let variants = eb
      .selectFrom("variants as v")
      .select(sql.lit(1).as("one"))
      .whereRef("v.product_id", "=", "p.id")
      .where("v.is_active", "=", 1);
    if (filters.size) variants = variants.where(sql`lower(v.size)`, "=", filters.size.toLowerCase());
    if (filters.color) variants = variants.where(sql`lower(v.color)`, "=", filters.color.toLowerCase());
    if (filters.inStock) variants = variants.where("v.stock_quantity", ">", 0);
    return variants;
  }

  async findProductByKey(key: number | string): Promise<ProductRecord | undefined> {
    return this.db
      .selectFrom("products as p")
      .selectAll("p")
      .where(typeof key === "number" ? "p.id" : "p.slug", "=", key)
      .where("p.is_active", "=", 1)
      .executeTakeFirst();
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
      .selectFrom("product_images")
      .select(["id", "product_id", "url", "alt", "display_order", "is_primary"])
      .where("product_id", "in", productIds)
      .orderBy("product_id")
      .orderBy("display_order")
      .orderBy("is_primary", "desc")
      .orderBy("id")
      .execute();
  }

  async findVariants(productIds: number[]): Promise<VariantRecord[]> {
    if (productIds.length === 0) return [];
    return this.db
      .selectFrom("variants")
      .select(["id", "product_id", "sku", "price", "stock_quantity", "size", "color", "theme", "story_description"])
      .where("product_id", "in", productIds)
      .where("is_active", "=", 1)
      .orderBy("product_id")
      .orderBy("id")
      .execute();
  }

  async findProductCategories(productIds: number[]): Promise<ProductCategoryRecord[]> {
    if (productIds.length === 0) return [];
    return (
      this.db
        .selectFrom("category_products as cp")
        .innerJoin("categories as c", "c.id", "cp.category_id")
        .select(["cp.product_id", "c.id", "c.name", "c.slug", "c.parent_id", "c.image_url"])
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
  async findSearchDocuments(): Promise<{
    products: Pick<ProductRecord, "id" | "name" | "description_html" | "popularity">[];
    categories: { product_id: number; name: string; parent_name: string | null }[];
    variants: { product_id: number; color: string | null; theme: string | null; size: string | null }[];
  }> {
    const products = await this.db
      .selectFrom("products")
      .select(["id", "name", "description_html", "popularity"])
      .where("is_active", "=", 1)
      .execute();
    // A product is also found by its category's parent: "vakiverse" finds every character's piece.
    const categories = await this.db
      .selectFrom("category_products as cp")
      .innerJoin("categories as c", "c.id", "cp.category_id")
      .innerJoin("products as p", "p.id", "cp.product_id")
      .leftJoin("categories as parent", "parent.id", "c.parent_id")
      .select(["cp.product_id", "c.name", "parent.name as parent_name"])
      .where("c.is_active", "=", 1)
      .where("p.is_active", "=", 1)
      .execute();
    const variants = await this.db
      .selectFrom("variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select(["v.product_id", "v.color", "v.theme", "v.size"])
      .where("v.is_active", "=", 1)
      .where("p.is_active", "=", 1)
      .execute();
    return { products, categories, variants };
  }

  async categoryExists(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom("categories")
      .select("id")
      .where("id", "=", id)
      .where("is_active", "=", 1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async readCatalogueVersion(): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("shop_state")
      .select("value")
      .where("key", "=", "catalogue_version")
      .executeTakeFirst();
    return row?.value;
  }

  async writeCatalogueVersion(version: string): Promise<void> {
    await this.db
      .insertInto("shop_state")
      .values({ key: "catalogue_version", value: version })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: version }))
      .execute();
  }

  async updateProduct(id: number, changes: Partial<Omit<ProductRecord, "id" | "created_at">>): Promise<boolean> {
    const result = await this.db.updateTable("products").set(changes).where("id", "=", id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async insertProduct(product: Omit<ProductRecord, "id">): Promise<number> {
    const row = await this.db.insertInto("products").values(product).returning("id").executeTakeFirstOrThrow();
    return row.id;
  }
}
