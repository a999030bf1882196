import type { AdminProductDetail, AdminProductSummary, AdminProductsQuery } from "@vaki/contract/admin/schemas";
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "../../db/connection.js";
import type { Database } from "../../db/schema.js";
import { afterKey, decodeCursor, encodeCursor } from "../../lib/keyset.js";
import { deliveryLinesOf } from "./delivery-lines.js";
import { parseSpecifications } from "./mappers.js";
import {
  denseMatchesDefault,
  matchedSku,
  matchesProductWords,
  type ProductSearchPlan,
  productSearchPlan,
} from "./product-words.js";

export type ProductFilters = Pick<AdminProductsQuery, "q" | "status" | "stock" | "category" | "character">;

const sortColumns = { name: "products.name", createdAt: "products.created_at", price: "products.price" } as const;

/** A search whose rarest word has more stored matches than this walks the list instead of listing them. */
const commonWordMatchesDefault = 1_000;
/**
 * A category filter whose scope links more products than this walks the sort's index and checks
 * each product; a smaller one lists its products and sorts them (a walk reads about
 * `limit ÷ share` products a page, a listing the whole scope: even near 1,600 at 100,000
 * products). Past `denseMatchesDefault` links (product-words.ts) each product is probed by key
 * instead of checked against the scope's links gathered once.
 */
const largeScopeLinksDefault = 2_000;

/** Products as the owner's side reads them, inactive ones included. Reads only. */
export class CatalogAdminReads {
  constructor(
    private readonly db: Db,
    private readonly commonWordMatches = commonWordMatchesDefault,
    private readonly largeScopeLinks = largeScopeLinksDefault,
    private readonly denseMatches = denseMatchesDefault,
  ) {}

  async list(query: AdminProductsQuery): Promise<{ items: AdminProductSummary[]; nextCursor: string | null }> {
    const sortColumn = sortColumns[query.sort];
    const cursor = query.cursor
      ? decodeCursor(query.cursor, [query.sort === "price" ? "number" : "string", "number"])
      : undefined;
    // The page's ids first, then the summaries of those alone: when a filter leads the plan (a
    // category's products), the sort then orders bare ids, not every match with its stock figures.
    let pageIds = this.filter(this.db.selectFrom("products").select("products.id"), await this.prepared(query));
    if (cursor) pageIds = pageIds.where((eb) => afterKey(eb, sortColumn, "products.id", cursor, query.dir));
    pageIds = pageIds
      .orderBy(sortColumn, query.dir)
      .orderBy("products.id", query.dir)
      .limit(query.limit + 1);
    const rows = await this.summaries()
      .where("products.id", "in", pageIds)
      .orderBy(sortColumn, query.dir)
      .orderBy("products.id", query.dir)
      .execute();
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const key = (row: (typeof rows)[number]) =>
      query.sort === "price" ? row.price : query.sort === "name" ? row.name : row.created_at;
    return {
      items: page.map(toSummary),
      nextCursor: rows.length > query.limit && last ? encodeCursor([key(last), last.id]) : null,
    };
  }

  /** The ids of every product the list's filters select (the CSV export's products). */
  async filteredIds(query: ProductFilters): Promise<number[]> {
    const rows = await this.filter(
      this.db.selectFrom("products").select("products.id"),
      await this.prepared(query),
    ).execute();
    return rows.map((row) => row.id);
  }

  /** The scoped filters with the search's plan (product-words.ts): its words listed or walked. */
  private async prepared(query: ProductFilters): Promise<ScopedFilters> {
    const scoped = await this.scoped(query);
    if (!query.q) return scoped;
    return { ...scoped, search: await productSearchPlan(this.db, query.q, this.commonWordMatches, this.denseMatches) };
  }

  /**
   * The filters with each category filter (category, character) read as its scope: the category
   * and its sub-categories (the tree has two levels), and its plan (`CategoryScope`) from its
   * links counted up to the caps, one index range each. Ids written into the statement let the
   * planner count a small category's products and start from them.
   */
  private async scoped(query: ProductFilters): Promise<ScopedFilters> {
    const wanted = [query.category, query.character].filter((id): id is number => id !== undefined);
    if (wanted.length === 0) return { ...query, scopes: [] };
    const rows = await this.db
      .selectFrom("categories")
      .select(["id", "parent_id"])
      .where((eb) => eb.or([eb("id", "in", wanted), eb("parent_id", "in", wanted)]))
      .execute();
    const scopes = wanted.map((id) => rows.filter((row) => row.id === id || row.parent_id === id).map((row) => row.id));
    const nonEmpty = scopes.filter((ids) => ids.length > 0);
    const counts: Record<string, unknown> = nonEmpty.length
      ? await this.db
          .selectNoFrom((eb) =>
            nonEmpty.map((ids, k) =>
              eb
                .selectFrom(
                  eb
                    .selectFrom("category_products")
                    .select("category_products.product_id")
                    .where("category_products.category_id", "in", ids)
                    .limit(Math.max(this.largeScopeLinks, this.denseMatches) + 1)
                    .as("capped"),
                )
                .select((inner) => inner.fn.countAll().as("n"))
                .as(`n${k}`),
            ),
          )
          .executeTakeFirstOrThrow()
      : {};
    return {
      ...query,
      scopes: scopes.map((ids) => {
        const k = nonEmpty.indexOf(ids);
        const links = k >= 0 ? Number(counts[`n${k}`] ?? 0) : 0;
        const plan = links > this.denseMatches ? "probe" : links > this.largeScopeLinks ? "check" : "list";
        return { ids, plan } as const;
      }),
    };
  }

  /** The list's filters: status, stock level against the product's threshold, name or SKU, category, character. */
  private filter<O>(
    select: SelectQueryBuilder<Database, "products", O>,
    query: ScopedFilters,
  ): SelectQueryBuilder<Database, "products", O> {
    if (query.status) select = select.where("products.status", "=", query.status);
    const search = query.search;
    if (search) select = select.where((eb) => matchesProductWords(eb, search));
    for (const scope of query.scopes) select = select.where((eb) => inCategories(eb, scope));
    // Last: SQLite checks the terms in order, and the stock test reads each product's variants.
    if (query.stock) {
      // Against the product's own threshold, over its active variants.
      const out = sql<boolean>`exists (select 1 from variants v where v.product_id = products.id and v.is_active = 1 and v.stock_quantity <= 0)`;
      const low = sql<boolean>`exists (select 1 from variants v where v.product_id = products.id and v.is_active = 1 and v.stock_quantity > 0 and v.stock_quantity <= products.low_stock_threshold)`;
      if (query.stock === "out") select = select.where(out);
      else if (query.stock === "low") select = select.where(low);
      else select = select.where((eb) => eb.and([eb.not(out), eb.not(low)]));
    }
    return select;
  }

  /**
   * Up to `limit` products, by name, having a word of the name or of a variant's SKU that starts
   * with each typed word; each with the SKU that matched, if one did.
   */
  async search(q: string, limit: number) {
    const plan = await productSearchPlan(this.db, q, this.commonWordMatches, this.denseMatches);
    if (plan.kind === "none") return [];
    const rows = await this.summaries()
      .where((eb) => matchesProductWords(eb, plan))
      .orderBy("products.name")
      .orderBy("products.id")
      .limit(limit)
      .execute();
    const variants = rows.length
      ? await this.db
          .selectFrom("variants")
          .select(["product_id", "sku"])
          .where(
            "product_id",
            "in",
            rows.map((row) => row.id),
          )
          .orderBy("id")
          .execute()
      : [];
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      sku: matchedSku(
        variants.filter((variant) => variant.product_id === row.id).map((variant) => variant.sku),
        q,
      ),
      imageUrl: row.image_url ?? null,
    }));
  }

  async detail(productId: number): Promise<Omit<AdminProductDetail, "timeline"> | null> {
    const product = await this.summaries()
      .select([
        "products.is_featured",
        "products.updated_at",
        "products.version",
        "products.description_html",
        "products.hsn_code",
        "products.tax_class",
        "products.specifications",
        "products.delivery_info_html",
      ])
      .where("products.id", "=", productId)
      .executeTakeFirst();
    if (!product) return null;
    const [images, categories, variants] = await Promise.all([
      this.db
        .selectFrom("product_images")
        .select(["url", "alt", "color"])
        .where("product_id", "=", productId)
        .orderBy("display_order")
        .orderBy("id")
        .execute(),
      this.db
        .selectFrom("category_products")
        .innerJoin("categories", "categories.id", "category_products.category_id")
        .select(["categories.id", "categories.name"])
        .where("category_products.product_id", "=", productId)
        .orderBy("categories.name")
        .execute(),
      this.db
        .selectFrom("variants")
        .select(["id", "sku", "color", "size", "price", "stock_quantity", "is_active"])
        .where("product_id", "=", productId)
        .orderBy("id")
        .execute(),
    ]);
    return {
      ...toSummary(product),
      featured: product.is_featured === 1,
      updatedAt: product.updated_at,
      version: product.version,
      descriptionHtml: product.description_html,
      hsnCode: product.hsn_code,
      taxClass: product.tax_class,
      specifications: parseSpecifications(product.specifications),
      deliveryLines: deliveryLinesOf(product.delivery_info_html),
      images,
      categories,
      variants: variants.map((variant) => ({
        id: variant.id,
        sku: variant.sku,
        color: variant.color,
        size: variant.size,
        price: variant.price,
        stock: variant.stock_quantity,
        active: variant.is_active === 1,
      })),
    };
  }

  private summaries() {
    return this.db.selectFrom("products").select((eb) => [
      "products.id",
      "products.name",
      "products.slug",
      "products.status",
      "products.low_stock_threshold",
      "products.price",
      "products.created_at",
      sql<number>`(select count(*) from variants v where v.product_id = products.id and v.is_active = 1 and v.stock_quantity > 0 and v.stock_quantity <= products.low_stock_threshold)`.as(
        "low_variants",
      ),
      sql<number>`(select count(*) from variants v where v.product_id = products.id and v.is_active = 1 and v.stock_quantity <= 0)`.as(
        "out_variants",
      ),
      eb
        .selectFrom("variants")
        .select((v) => v.fn.coalesce(v.fn.sum<number | string>("variants.stock_quantity"), sql.lit(0)).as("s"))
        .whereRef("variants.product_id", "=", "products.id")
        .as("stock"),
      eb
        .selectFrom("product_images")
        .select("product_images.url")
        .whereRef("product_images.product_id", "=", "products.id")
        .orderBy("product_images.is_primary", "desc")
        .orderBy("product_images.display_order")
        .orderBy("product_images.id")
        .limit(1)
        .as("image_url"),
    ]);
  }
}

/** The list's filters with the scope of each category filter given (see `scoped`). */
type ScopedFilters = ProductFilters & { scopes: CategoryScope[]; search?: ProductSearchPlan };
/**
 * A category filter's categories and how its products are found: listed (few), or the sort's index
 * walked and each product checked against the scope's links gathered once, or probed by key (many).
 */
type CategoryScope = { ids: number[]; plan: "list" | "check" | "probe" };

/**
 * The product is in one of the scope's categories (none: an unknown category, so no product), by
 * the links' primary key (category_id, product_id). A small scope's products are listed for the
 * planner to start from; a larger one is a check of each product along the sort's index (given
 * `in (select …)`, SQLite listed all 70,000 products of a top category and sorted them): against
 * the links gathered once (`is true` keeps either planner from starting at them: SQLite then keeps
 * them with a Bloom filter, PostgreSQL hashed), or, for a scope holding most products, a probe of
 * the key.
 */
function inCategories(eb: ExpressionBuilder<Database, "products">, scope: CategoryScope): Expression<SqlBool> {
  if (scope.ids.length === 0) return sql<SqlBool>`1 = 0`;
  const links = eb
    .selectFrom("category_products")
    .select("category_products.product_id")
    .where("category_products.category_id", "in", scope.ids);
  if (scope.plan === "list") return eb("products.id", "in", links);
  if (scope.plan === "check") return sql<SqlBool>`(${eb("products.id", "in", links)}) is true`;
  return eb.exists(links.whereRef("category_products.product_id", "=", "products.id"));
}

function toSummary(row: {
  id: number;
  name: string;
  slug: string;
  status: "draft" | "active" | "archived";
  low_stock_threshold: number;
  low_variants: number | string;
  out_variants: number | string;
  price: number;
  created_at: string;
  stock: number | string | null;
  image_url: string | null;
}): AdminProductSummary {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    status: row.status,
    lowVariants: Number(row.low_variants),
    outVariants: Number(row.out_variants),
    lowStockThreshold: row.low_stock_threshold,
    price: row.price,
    stock: Number(row.stock ?? 0),
    imageUrl: row.image_url,
    createdAt: row.created_at,
  };
}
