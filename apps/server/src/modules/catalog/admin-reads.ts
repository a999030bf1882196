import type { AdminProductDetail, AdminProductSummary, AdminProductsQuery } from "@vaki/contract/admin/schemas";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import { decodeCursor, encodeCursor } from "../../lib/keyset.js";
import { prefixRange } from "../../lib/name-words.js";
import { type AdminListEntry, AdminListIndex, type AdminListRows, IdBits } from "./admin-list-index.js";
import { deliveryLinesOf } from "./delivery-lines.js";
import { parseSpecifications } from "./mappers.js";
import {
  denseMatchesDefault,
  matchedSku,
  matchesProductWords,
  productQueryWords,
  productSearchPlan,
} from "./product-words.js";
import type { CatalogueChange } from "./service.js";

/** Rows of a typed word's matches read per statement (the event loop is free between them): ~3 ms. */
const wordReadChunk = 2_000;
/** Typed words' counts kept per index at most (all are dropped past it). */
const wordCountsKept = 10_000;
/** A typed word read whole only alone or beside other common words past this many products. */
const commonWordLoadDefault = 5_000;
/** The quick search lists a word's matches up to this many, and walks its order past them. */
const commonWordMatchesDefault = 1_000;

export type ProductFilters = Pick<AdminProductsQuery, "q" | "status" | "stock" | "category" | "character">;

/** Products read per round while the list index is built (their rows die young). */
const indexBuildChunk = 5_000;

/**
 * Where the list index learns of changes (the catalogue service): products changed by the
 * catalogue's version and stock moves, from this process at once and from others by the poll or
 * the catch-up each read makes first.
 */
export interface CatalogueFeed {
  onCatalogueChange(listener: (change: CatalogueChange) => void): void;
  onStockMoved(listener: (productIds: ReadonlySet<number>) => void): void;
  /**
   * Follows the catalogue changes and stock moves committed since the last look, by any process
   * (a statement each when there are none).
   */
  catchUp(): Promise<void>;
}

export interface AdminReadsOptions {
  /**
   * A filter selecting at least one product in this many is paged by walking the sort's order,
   * a sparser one by its products' places (admin-list-index.ts; tests set both ways).
   */
  walkShare?: number;
  /** Rows of a typed word read per statement (see `loadWord`). */
  wordReadChunk?: number;
  /** A typed word with more products than this is not read whole beside rarer words (see `wordSets`). */
  commonWordLoad?: number;
  /** The quick search's plan (product-words.ts): past this many matches a word is walked, not listed. */
  commonWordMatches?: number;
  denseMatches?: number;
}

/** Products as the owner's side reads them, inactive ones included. Reads only. */
export class CatalogAdminReads {
  /** The list index (decision 0028): built at the first list, then changed by product. */
  private current: Promise<AdminListIndex> | undefined;
  /** Typed words being read whole, each for the index it is read for. */
  private readonly wordReads = new Map<string, { index: AdminListIndex; matches: Promise<IdBits> }>();

  constructor(
    private readonly db: Db,
    /** Without one (a test, the command line) every list reads its index afresh. */
    private readonly feed?: CatalogueFeed,
    private readonly options: AdminReadsOptions = {},
  ) {
    feed?.onCatalogueChange((change) => {
      if (change.kind === "all") this.current = undefined;
      else this.reload([...change.productIds]);
    });
    feed?.onStockMoved((productIds) => this.reload([...productIds]));
  }

  async list(query: AdminProductsQuery): Promise<{ items: AdminProductSummary[]; nextCursor: string | null }> {
    const after = query.cursor
      ? decodeCursor(query.cursor, [query.sort === "price" ? "number" : "string", "number"])
      : undefined;
    const index = await this.index();
    const filters = await this.filtersOf(index, query);
    if (!filters) return { items: [], nextCursor: null };
    const found = index.page(
      { ...filters, sort: query.sort, dir: query.dir, after: after && [after[0], Number(after[1])] },
      query.limit + 1,
    );
    const page = found.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(({ entry }) => summaryOf(entry)),
      nextCursor: found.length > query.limit && last ? encodeCursor([last.key, last.entry.id]) : null,
    };
  }

  /** The ids of every product the list's filters select (the CSV export's products). */
  async filteredIds(query: ProductFilters): Promise<number[]> {
    const index = await this.index();
    const filters = await this.filtersOf(index, query);
    return filters ? index.filteredIds(filters) : [];
  }

  /** The filters as the index reads them; null when the search can match nothing (no words typed). */
  private async filtersOf(index: AdminListIndex, query: ProductFilters) {
    const categoryFilters = [query.category, query.character].filter((id): id is number => id !== undefined);
    const base = { status: query.status, stock: query.stock, categoryFilters };
    if (!query.q) return base;
    const typed = productQueryWords(query.q);
    if (typed.length === 0) return null;
    return { ...base, words: await this.wordSets(index, typed) };
  }

  /**
   * Each typed word's products: those having a stored word that starts with it. A word's whole
   * set is one range of the words' key, kept by the index and moved with each change. A common
   * word (past `commonWordLoad` products: "vk" in every SKU, a size) is read whole only when
   * nothing rarer was typed with it; beside rarer words it is checked among their products alone
   * (one statement), so a typed SKU costs its rare part, not every product's "vk". How common a
   * word is, is counted once per index (capped; it only chooses the way, both are exact).
   */
  private async wordSets(index: AdminListIndex, typed: readonly string[]): Promise<IdBits[]> {
    const kept = typed.map((word) => index.wordMatches(word));
    const missing = typed.filter((_, k) => kept[k] === undefined);
    if (missing.length === 0) return kept as IdBits[];
    const cap = this.options.commonWordLoad ?? commonWordLoadDefault;
    const uncounted = missing.filter((word) => index.wordCounts.get(word) === undefined);
    if (uncounted.length > 0) {
      const counted = await this.wordCounts(uncounted, cap);
      if (index.wordCounts.size + counted.size > wordCountsKept) index.wordCounts.clear();
      for (const [word, n] of counted) index.wordCounts.set(word, n);
    }
    const common = missing.filter((word) => (index.wordCounts.get(word) ?? 0) > cap);
    const whole = [
      ...kept.filter((set): set is IdBits => set !== undefined),
      ...(await Promise.all(
        missing.filter((word) => !common.includes(word)).map((word) => this.loadWord(index, word)),
      )),
    ];
    if (common.length === 0) return whole;
    const among = whole.length > 0 ? IdBits.and(whole) : undefined;
    if (!among || among.count > cap) {
      return [...whole, ...(await Promise.all(common.map((word) => this.loadWord(index, word))))];
    }
    const candidates = [...among.ids()];
    const rows = candidates.length
      ? await this.db
          .selectFrom("product_search_words")
          .select(["product_id", "word"])
          .where("product_id", "in", candidates)
          .where((eb) =>
            eb.or(
              common.map((word) => {
                const { from, until } = prefixRange(word);
                return eb.and([eb("word", ">=", from), eb("word", "<", until)]);
              }),
            ),
          )
          .execute()
      : [];
    const partial = common.map(
      (word) => new IdBits(rows.filter((row) => row.word.startsWith(word)).map((row) => row.product_id)),
    );
    return [among, ...partial];
  }

  /** How many products have a stored word starting with each word, counted up to `cap + 1` (one statement). */
  private async wordCounts(words: readonly string[], cap: number): Promise<Map<string, number>> {
    const row: Record<string, unknown> = await this.db
      .selectNoFrom((eb) =>
        words.map((word, k) => {
          const { from, until } = prefixRange(word);
          return eb
            .selectFrom(
              eb
                .selectFrom("product_search_words")
                .select("product_id")
                .where("word", ">=", from)
                .where("word", "<", until)
                .limit(cap + 1)
                .as("capped"),
            )
            .select((inner) => inner.fn.countAll().as("n"))
            .as(`n${k}`);
        }),
      )
      .executeTakeFirstOrThrow();
    return new Map(words.map((word, k) => [word, Number(row[`n${k}`] ?? 0)]));
  }

  /**
   * A typed word's whole set: its range of the words' key, read 2,000 rows a statement with the
   * event loop free between them; one read per word at a time; kept unless a change came meanwhile.
   */
  private loadWord(index: AdminListIndex, typed: string): Promise<IdBits> {
    const reading = this.wordReads.get(typed);
    if (reading && reading.index === index) return reading.matches;
    const matches = (async () => {
      const generation = index.generation;
      const { from, until } = prefixRange(typed);
      const chunk = this.options.wordReadChunk ?? wordReadChunk;
      const set = new IdBits();
      // Keyset by (word, product_id) in two index ranges, as neither engine starts a range at a
      // row value: the rest of the last word's products, then the words after it.
      let after: { word: string; id: number } | undefined;
      for (;;) {
        const rows = after
          ? await this.db
              .selectFrom("product_search_words")
              .select(["word", "product_id"])
              .where("word", "=", after.word)
              .where("product_id", ">", after.id)
              .orderBy("product_id")
              .limit(chunk)
              .execute()
          : [];
        let ended = false;
        if (rows.length < chunk) {
          const later = await this.db
            .selectFrom("product_search_words")
            .select(["word", "product_id"])
            .where("word", after ? ">" : ">=", after ? after.word : from)
            .where("word", "<", until)
            .orderBy("word")
            .orderBy("product_id")
            .limit(chunk - rows.length)
            .execute();
          ended = later.length < chunk - rows.length;
          rows.push(...later);
        }
        for (const row of rows) set.set(row.product_id, true);
        const last = rows.at(-1);
        if (ended || !last) break;
        after = { word: last.word, id: last.product_id };
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (this.feed && index.generation === generation) index.keepWordMatches(typed, set);
      return set;
    })();
    this.wordReads.set(typed, { index, matches });
    const done = () => {
      if (this.wordReads.get(typed)?.matches === matches) this.wordReads.delete(typed);
    };
    matches.then(done, done);
    return matches;
  }

  /** The index, once the changes and stock moves committed up to now are followed. */
  private async index(): Promise<AdminListIndex> {
    if (!this.feed) return this.build();
    await this.feed.catchUp();
    if (!this.current) {
      const building = this.build();
      this.current = building;
      building.catch(() => {
        if (this.current === building) this.current = undefined;
      });
    }
    return this.current;
  }

  /** Every product, a chunk at a time (requests run in between). */
  private async build(): Promise<AdminListIndex> {
    const index = new AdminListIndex(this.options.walkShare);
    const categories = await this.db.selectFrom("categories").select(["id", "parent_id"]).execute();
    index.add({ products: [], stock: [], images: [], links: [], categories });
    let last = 0;
    for (;;) {
      const ids = (
        await this.db
          .selectFrom("products")
          .select("id")
          .where("id", ">", last)
          .orderBy("id")
          .limit(indexBuildChunk)
          .execute()
      ).map((row) => row.id);
      if (ids.length === 0) return index;
      index.add(await this.indexRows(ids));
      last = ids.at(-1) ?? last;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Lists wait for these products to be read again, so none answers from their old entries. */
  private reload(ids: readonly number[]): void {
    const current = this.current;
    if (!current || ids.length === 0) return;
    const updating = current.then(async (index) => {
      const rows = await this.indexRows(ids);
      const words = await this.db
        .selectFrom("product_search_words")
        .select(["product_id", "word"])
        .where("product_id", "in", [...ids])
        .execute();
      index.replace(ids, rows, words);
      return index;
    });
    this.current = updating;
    updating.catch(() => {
      if (this.current === updating) this.current = undefined;
    });
  }

  /** What the index holds of these products: four statements. */
  private async indexRows(ids: readonly number[]): Promise<AdminListRows> {
    const products = await this.db
      .selectFrom("products")
      .select(["id", "name", "slug", "status", "price", "created_at", "low_stock_threshold"])
      .where("id", "in", [...ids])
      .execute();
    // Units over every variant; out and low over the active ones, against the product's threshold.
    const stock = await this.db
      .selectFrom("variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select((eb) => [
        "v.product_id",
        eb.fn.sum<number | string>("v.stock_quantity").as("units"),
        sql<number>`sum(case when v.is_active = 1 and v.stock_quantity <= 0 then 1 else 0 end)`.as("out_variants"),
        sql<number>`sum(case when v.is_active = 1 and v.stock_quantity > 0 and v.stock_quantity <= p.low_stock_threshold then 1 else 0 end)`.as(
          "low_variants",
        ),
      ])
      .where("v.product_id", "in", [...ids])
      .groupBy("v.product_id")
      .execute();
    const images = await this.db
      .selectFrom("product_images")
      .select(["product_id", "url", "is_primary", "display_order", "id"])
      .where("product_id", "in", [...ids])
      .execute();
    const links = await this.db
      .selectFrom("category_products")
      .select(["product_id", "category_id"])
      .where("product_id", "in", [...ids])
      .execute();
    return { products, stock, images, links };
  }

  /**
   * Up to `limit` products, by name, having a word of the name or of a variant's SKU that starts
   * with each typed word; each with the SKU that matched, if one did.
   */
  async search(q: string, limit: number) {
    const plan = await productSearchPlan(
      this.db,
      q,
      this.options.commonWordMatches ?? commonWordMatchesDefault,
      this.options.denseMatches ?? denseMatchesDefault,
    );
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

/** An index entry as the list's answer carries it. */
function summaryOf(entry: AdminListEntry): AdminProductSummary {
  return {
    id: entry.id,
    name: entry.name,
    slug: entry.slug,
    status: entry.status,
    lowVariants: entry.lowVariants,
    outVariants: entry.outVariants,
    lowStockThreshold: entry.lowStockThreshold,
    price: entry.price,
    stock: entry.stock,
    imageUrl: entry.imageUrl,
    createdAt: entry.createdAt,
  };
}
