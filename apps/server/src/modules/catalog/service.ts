import type {
  CategoryContext,
  CategoryNode,
  ProductDetail,
  ProductFacets,
  ProductFilters,
  ProductSort,
  ProductStock,
  ProductSummary,
  ProductsQuery,
} from "@vaki/contract/catalog";
import { catalogMessages, commonMessages } from "@vaki/contract/messages";
import { DEFAULT_PRODUCT_SORT } from "@vaki/contract/product-list";
import type { Clock } from "../../lib/clock.js";
import { NotFound } from "../../lib/errors.js";
import { CategoryIndex } from "./category-index.js";
import { buildCategoryTree } from "./category-tree.js";
import { ListIndex, type ListQuery } from "./list-index.js";
import { groupByProduct, type ProductParts, toProductDetail, toProductSummary } from "./mappers.js";
import type { CatalogRepo, CategoryRecord, ProductRecord } from "./repo.js";
import { type CachedAnswer, ResponseCache } from "./response-cache.js";
import { sanitizeProductHtml } from "./sanitize.js";

export interface ProductList {
  content: ProductSummary[];
  page: { number: number; size: number; totalElements: number; totalPages: number };
  hasNext: boolean;
}

/** A list page with its facets and, for a category, the category (one call per list page). */
export interface FacetedProductList extends ProductList {
  facets: ProductFacets;
  category: CategoryContext | null;
}

type Envelope<T> = { success: true; message: string; data: T };
const ok = <T>(data: T): Envelope<T> => ({ success: true, message: commonMessages.ok, data });

export function pageOf<T>(content: T[], page: number, limit: number, total: number) {
  const totalPages = Math.ceil(total / limit);
  return {
    content,
    page: { number: page - 1, size: limit, totalElements: total, totalPages },
    hasNext: page < totalPages,
  };
}

/** What a catalogue change touched: some products (by id), or anything at all. */
export type CatalogueChange = { kind: "products"; productIds: ReadonlySet<number> } | { kind: "all" };

/** More change rows than this since a process last looked: it drops everything rather than follow each. */
export const maxFollowedChanges = 500;

/** Products the list index reads per statement while it is built (their rows die young). */
const listBuildChunk = 5_000;
/**
 * Stock moves read again behind the newest seen: on PostgreSQL a move can commit after one with a
 * higher id, and it is still caught while fewer than this many moves came after it.
 */
const stockMoveLookback = 500;
/** Stock moves read per poll at most (a backlog is followed over the next polls). */
const stockMovesPerPoll = 5_000;

export interface ProductChanges {
  name?: string;
  price?: number;
  descriptionHtml?: string;
  deliveryInfoHtml?: string;
  featured?: boolean;
  active?: boolean;
}

/**
 * Rules of the catalogue: what a shopper may see (active products and categories only), how
 * lists are paged and filtered, and the cache of serialised answers that every read goes through.
 * Writes go through here too, so the cache and the search index learn of every change.
 */
export class CatalogService {
  private readonly cache = new ResponseCache();
  private readonly changeListeners: ((change: CatalogueChange) => void)[] = [];
  private knownVersion: string | undefined;
  /** The newest change row this process has followed, and its version (decision 0024). */
  private lastChange: { id: number; version: string } | undefined;
  /** Change rows this process wrote and already applied to itself: the poll skips them. */
  private readonly appliedHere = new Set<number>();
  /** The category index of the current catalogue version (one statement per version). */
  private categoryIndexLoad: Promise<CategoryIndex> | undefined;
  /** Every product on sale as lists read it, built once and then changed by product (decision 0025). */
  private lists: Promise<ListIndex> | undefined;
  /** The stock moves the list index has followed: the newest id, and those read in the lookback. */
  private stockMoves = { newest: 0, followed: new Set<number>() };
  private stockMovesStart: Promise<void> | undefined;
  private catchingUp: Promise<void> | undefined;
  private readonly stockListeners: ((productIds: ReadonlySet<number>) => void)[] = [];

  constructor(
    private readonly repo: CatalogRepo,
    private readonly clock: Clock,
  ) {}

  // ---- reads, each answered from the cache when warm -------------------------------------

  /** All products, or those of `categoryId` (an unknown one gives an empty list), with facets. */
  listProducts(query: ProductsQuery): Promise<CachedAnswer> {
    return this.cache.get(`products:${stableKey(query)}`, async () => {
      const category =
        query.categoryId === undefined ? undefined : ((await this.categoryIndex()).find(query.categoryId) ?? null);
      return ok(await this.facetedPage(query, query, category));
    });
  }

  /** A category's products (and its descendants'), by id or slug, with facets and the category; 404 if unknown. */
  async productsOfCategory(key: number | string, query: Omit<ProductsQuery, "categoryId">): Promise<CachedAnswer> {
    const category = (await this.categoryIndex()).find(key);
    if (!category) throw new NotFound(catalogMessages.categoryNotFound(key));
    return this.cache.get(`category-products:${category.id}:${stableKey(query)}`, async () =>
      ok(await this.facetedPage({ ...query, categoryId: category.id }, query, category)),
    );
  }

  /** The category of a key (id or slug), or undefined when there is no visible one. */
  async findCategory(key: number | string): Promise<CategoryContext | undefined> {
    const index = await this.categoryIndex();
    const category = index.find(key);
    return category ? index.contextOf(category) : undefined;
  }

  /**
   * One product by id or slug; an old slug of a product answers the product as it is now (with its
   * current slug: the storefront's page redirects to it, the browser's app just shows the product).
   */
  product(key: number | string): Promise<CachedAnswer> {
    // Kept through other products' changes when found by id or live slug; found by an old slug,
    // it goes with any change (another product may take that slug as its own).
    let keptFor: number | undefined;
    return this.cache.get(
      `product:${key}`,
      async () => {
        const live = await this.repo.findProductByKey(key);
        const product = live ?? (typeof key === "string" ? await this.repo.findProductByOldSlug(key) : undefined);
        if (!product) throw new NotFound(catalogMessages.productNotFound(key));
        keptFor = live ? product.id : undefined;
        const parts = await this.loadParts([product.id]);
        return ok(toProductDetail(product, partsOf(parts, product.id)));
      },
      () => keptFor,
    );
  }

  /** A product's stock now, read from the database on every call (stock moves without a catalogue version). */
  async stock(key: number | string): Promise<ProductStock> {
    const rows = await this.repo.findStock(key);
    const first = rows[0];
    if (!first) throw new NotFound(catalogMessages.productNotFound(key));
    const variants = rows.flatMap((row) =>
      row.variant_id === null
        ? []
        : [{ id: row.variant_id, inventoryQuantity: row.stock_quantity ?? 0, inStock: (row.stock_quantity ?? 0) > 0 }],
    );
    return { productId: first.product_id, variants };
  }

  featured(limit: number): Promise<CachedAnswer> {
    return this.cache.get(`featured:${limit}`, async () => {
      const content = await this.summaries(await this.repo.findFeatured(limit));
      return ok(pageOf(content, 1, limit, content.length));
    });
  }

  /** Same category first, never the product itself, topped up from featured products. */
  related(key: number | string, limit: number): Promise<CachedAnswer> {
    return this.cache.get(`related:${key}:${limit}`, async () => {
      const rows = await this.repo.findWithRelated(key, limit);
      if (rows[0]?.is_target !== 1) throw new NotFound(catalogMessages.productNotFound(key));
      const content = await this.summaries(rows.filter((row) => row.is_target !== 1).slice(0, limit));
      return ok(content);
    });
  }

  categories(query: { page: number; limit: number }): Promise<CachedAnswer> {
    return this.cache.get(`categories:${query.page}:${query.limit}`, async () => {
      const roots = await this.categoryTree();
      const start = (query.page - 1) * query.limit;
      return ok(pageOf(roots.slice(start, start + query.limit), query.page, query.limit, roots.length));
    });
  }

  /** One category by id or slug (the footer links by slug), with its children. */
  categoryWithChildren(key: number | string, includeChildren: boolean): Promise<CachedAnswer> {
    return this.cache.get(`category:${key}:${includeChildren}`, async () => {
      const node = findNode(await this.categoryTree(), key);
      if (!node) throw new NotFound(catalogMessages.categoryNotFound(key));
      return ok(includeChildren ? node : { ...node, children: [] });
    });
  }

  /** The product answer as data (the storefront's page head); undefined when there is none. */
  productDetail(key: number | string): Promise<ProductDetail | undefined> {
    return dataOf<ProductDetail>(() => this.product(key));
  }

  /**
   * A list page as data, exactly as the API answers it: all products (`categoryKey` null) or a
   * category's (the storefront writes a list's first page into its HTML); undefined when the
   * category does not exist.
   */
  listPage(categoryKey: number | string | null, query: Omit<ProductsQuery, "categoryId">) {
    return dataOf<FacetedProductList>(() =>
      categoryKey === null ? this.listProducts(query) : this.productsOfCategory(categoryKey, query),
    );
  }

  /** What the sitemap lists: every visible category and every product on sale. */
  async sitemapEntries(): Promise<{
    categories: { id: number }[];
    products: { id: number; updatedAt: string }[];
  }> {
    const index = await this.categoryIndex();
    const categories = index.categories.filter((category) => index.find(category.id)).map(({ id }) => ({ id }));
    const products = (await this.repo.findSitemapProducts()).map((row) => ({ id: row.id, updatedAt: row.updated_at }));
    return { categories, products };
  }

  /** Cards a browser remembers (wishlist, recently viewed), in its order, as an answer. */
  cards(ids: number[]): Promise<CachedAnswer> {
    return this.cache.get(`cards:${ids.join(",")}`, async () => ok(await this.summariesByIds(ids)));
  }

  /** Cards for the given products, in the order given (search results keep their rank). */
  async summariesByIds(ids: number[]): Promise<ProductSummary[]> {
    const rows = await this.repo.findProductsByIds(ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = ids.flatMap((id) => byId.get(id) ?? []);
    return this.summaries(ordered);
  }

  /**
   * A list page of the given products (a search's matches, best first) with the list's filters
   * and facets. Sort "relevance" keeps the given order: every filtered match is read, then paged
   * here (a search matches a few hundred products at most).
   */
  async pageAmong(
    ids: readonly number[],
    query: Omit<ProductFilters, "categoryId" | "sort"> & {
      sort: ProductSort | "relevance";
      page: number;
      limit: number;
    },
  ): Promise<FacetedProductList> {
    const { page, limit, sort, ...rest } = query;
    const lists = await this.listIndex();
    const list: ListQuery & { among: readonly number[] } = {
      filters: { ...rest, sort: sort === "relevance" ? DEFAULT_PRODUCT_SORT : sort },
      among: ids,
    };
    const facets = lists.facets(list);
    if (sort !== "relevance") {
      const { ids: pageIds, total } = lists.page(list, (page - 1) * limit, limit);
      return { ...pageOf(await this.summariesByIds(pageIds), page, limit, total), facets, category: null };
    }
    const ranked = lists.filterAmong(list);
    const content = await this.summariesByIds(ranked.slice((page - 1) * limit, page * limit));
    return { ...pageOf(content, page, limit, ranked.length), facets, category: null };
  }

  /** Cached answer for other catalogue readers (search) so they share invalidation. */
  cached(key: string, compute: () => Promise<unknown>): Promise<CachedAnswer> {
    return this.cache.get(key, compute);
  }

  /** Every product on sale, by id (the search index is built from them a chunk at a time). */
  async activeProductIds(): Promise<number[]> {
    return this.repo.findActiveProductIds();
  }

  /** The search index's material for the products of `ids` (those on sale). */
  searchDocuments(ids: readonly number[]) {
    return this.repo.findSearchDocuments(ids);
  }

  // ---- writes --------------------------------------------------------------------------

  async createProduct(input: {
    name: string;
    slug: string;
    price: number;
    descriptionHtml: string;
    deliveryInfoHtml?: string;
    featured?: boolean;
  }): Promise<number> {
    const now = this.clock.now().toISOString();
    const id = await this.repo.insertProduct({
      name: input.name,
      slug: input.slug,
      price: input.price,
      description_html: sanitizeProductHtml(input.descriptionHtml),
      specifications: "[]",
      delivery_info_html: sanitizeProductHtml(input.deliveryInfoHtml ?? ""),
      is_featured: input.featured ? 1 : 0,
      is_active: 1,
      popularity: 0,
      created_at: now,
      updated_at: now,
    });
    await this.catalogueChanged([id]);
    return id;
  }

  async updateProduct(id: number, changes: ProductChanges): Promise<void> {
    const updated = await this.repo.updateProduct(id, {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.price !== undefined ? { price: changes.price } : {}),
      ...(changes.descriptionHtml !== undefined
        ? { description_html: sanitizeProductHtml(changes.descriptionHtml) }
        : {}),
      ...(changes.deliveryInfoHtml !== undefined
        ? { delivery_info_html: sanitizeProductHtml(changes.deliveryInfoHtml) }
        : {}),
      ...(changes.featured !== undefined ? { is_featured: changes.featured ? 1 : 0 } : {}),
      // status is the owner's word; is_active mirrors it for the storefront's reads (decision 0015).
      ...(changes.active !== undefined
        ? { is_active: changes.active ? 1 : 0, status: changes.active ? ("active" as const) : ("archived" as const) }
        : {}),
      updated_at: this.clock.now().toISOString(),
    });
    if (!updated) throw new NotFound(catalogMessages.productNotFound(id));
    await this.catalogueChanged([id]);
  }

  // ---- change tracking -----------------------------------------------------------------

  /** Called for every change the search index and other caches must follow, with what it touched. */
  onCatalogueChange(listener: (change: CatalogueChange) => void): void {
    this.changeListeners.push(listener);
  }

  /**
   * Records a new catalogue version and what it changed (other processes follow it), and applies
   * it here at once. `productIds`: the products a change touched (their pages, cards and search
   * documents); omit it when the change may touch anything (categories, colours, a bulk import).
   */
  async catalogueChanged(productIds?: readonly number[]): Promise<void> {
    const ids = productIds && productIds.length > 0 ? [...new Set(productIds)] : null;
    const now = this.clock.now();
    const version = `${now.getTime()}-${Math.random().toString(36).slice(2, 10)}`;
    const rows = await this.repo.recordCatalogueChange(version, ids, now.toISOString());
    for (const row of rows) this.appliedHere.add(row);
    this.apply(ids ? { kind: "products", productIds: new Set(ids) } : { kind: "all" });
  }

  /**
   * Compares the stored catalogue version with the one this process knows; on a move, follows the
   * change rows written since the last one seen (decision 0024): only the products they name, or
   * everything when one names none, when there are too many, or when the version moved without a
   * row (the seed). Answers whether anything was dropped.
   */
  async checkForChanges(): Promise<boolean> {
    const version = await this.repo.readCatalogueVersion();
    if (version === this.knownVersion) return false;
    const first = this.knownVersion === undefined;
    this.knownVersion = version;
    if (first) {
      this.lastChange = await this.repo.lastCatalogueChange();
      this.appliedHere.clear();
      return false;
    }
    const change = await this.changesSinceLastSeen(version);
    if (change) this.apply(change);
    return change !== undefined;
  }

  private async changesSinceLastSeen(version: string | undefined): Promise<CatalogueChange | undefined> {
    const rows = await this.repo.findCatalogueChanges(this.lastChange?.id ?? 0, maxFollowedChanges + 1);
    const newest = rows.at(-1);
    if (rows.length > maxFollowedChanges) {
      this.lastChange = await this.repo.lastCatalogueChange();
      this.appliedHere.clear();
      return { kind: "all" };
    }
    if (newest) this.lastChange = { id: newest.id, version: newest.version };
    const unseen = rows.filter((row) => !this.appliedHere.delete(row.id));
    for (const id of this.appliedHere) if (id <= (this.lastChange?.id ?? 0)) this.appliedHere.delete(id);
    // The version moved past every row: written without one (the seed, an older process).
    if (version !== this.lastChange?.version) return { kind: "all" };
    if (unseen.length === 0) return undefined;
    if (unseen.some((row) => row.product_id === null)) return { kind: "all" };
    return { kind: "products", productIds: new Set(unseen.map((row) => row.product_id as number)) };
  }

  /**
   * Follows the stock moves written since the last look (by any process): the list index and the
   * stock listeners (the owner's list) read those products again, so stock filters and counts
   * catch up within a poll. List answers already cached keep their short expiry (a sale does not
   * drop them).
   */
  async followStockMoves(): Promise<void> {
    if (!this.lists && this.stockListeners.length === 0) return;
    await this.startFollowingStockMoves();
    const { newest, followed } = this.stockMoves;
    const rows = await this.repo.findStockMovesSince(Math.max(0, newest - stockMoveLookback), stockMovesPerPoll);
    const unseen = rows.filter((row) => !followed.has(row.id));
    if (unseen.length === 0) return;
    let latest = newest;
    for (const row of unseen) {
      followed.add(row.id);
      latest = Math.max(latest, row.id);
    }
    for (const id of followed) if (id <= latest - stockMoveLookback) followed.delete(id);
    this.stockMoves = { newest: latest, followed };
    const productIds = new Set(unseen.map((row) => row.product_id));
    this.reloadLists(productIds);
    for (const listener of this.stockListeners) listener(productIds);
  }

  /**
   * Follows stock moves now when one was written after the newest followed (one index probe):
   * a read that must not lag a sale (the owner's list) calls it first. A move committed late
   * under a lower id is left to the poll's look-back.
   */
  async catchUpStockMoves(): Promise<void> {
    await this.startFollowingStockMoves();
    const newest = await this.repo.findNewestStockMoveId();
    if (newest > this.stockMoves.newest) await this.followStockMoves();
  }

  /**
   * Follows, before answering, what the poll would follow next: a catalogue change made by another
   * process (one statement when there is none) and stock moves. Reads that must show the owner's
   * own change at once, whichever process took it (the owner's product list), call it first;
   * requests arriving together share one look.
   */
  catchUp(): Promise<void> {
    if (!this.catchingUp) {
      const look = (async () => {
        await this.checkForChanges();
        await this.catchUpStockMoves();
      })();
      this.catchingUp = look;
      const done = () => {
        if (this.catchingUp === look) this.catchingUp = undefined;
      };
      look.then(done, done);
    }
    return this.catchingUp;
  }

  /** Stock listeners learn of the products whose stock moved (by any process). */
  onStockMoved(listener: (productIds: ReadonlySet<number>) => void): void {
    this.stockListeners.push(listener);
  }

  /**
   * Moves already committed are in what the indexes read when built; later ones (and late
   * commits among the newest ids) are followed from here, once.
   */
  private async startFollowingStockMoves(): Promise<void> {
    if (!this.stockMovesStart) {
      const start = this.repo.findLatestStockMoveIds(stockMoveLookback).then((seen) => {
        this.stockMoves = { newest: seen[0] ?? 0, followed: new Set(seen) };
      });
      this.stockMovesStart = start;
      start.catch(() => {
        if (this.stockMovesStart === start) this.stockMovesStart = undefined;
      });
    }
    await this.stockMovesStart;
  }

  private apply(change: CatalogueChange): void {
    if (change.kind === "all") {
      this.cache.clear();
      this.categoryIndexLoad = undefined;
      this.lists = undefined;
    } else {
      // Categories are not a product's: the category index stays.
      this.cache.evictProducts(change.productIds);
      this.reloadLists(change.productIds);
    }
    for (const listener of this.changeListeners) listener(change);
  }

  // ---- helpers -------------------------------------------------------------------------

  /**
   * A list page: its products' ids, total and facets from the list index, then those products'
   * rows and parts (four statements). `category` null: a category that does not exist (an empty list).
   */
  private async facetedPage(
    filters: ProductFilters,
    paging: { page: number; limit: number },
    category: CategoryRecord | null | undefined,
  ): Promise<FacetedProductList> {
    const index = category ? await this.categoryIndex() : undefined;
    const scope = category === undefined ? undefined : new Set(category === null ? [] : index!.scopeOf(category));
    const lists = await this.listIndex();
    const list: ListQuery = { filters, scope };
    const { ids, total } = lists.page(list, (paging.page - 1) * paging.limit, paging.limit);
    const page = pageOf(await this.summariesByIds(ids), paging.page, paging.limit, total);
    return { ...page, facets: lists.facets(list), category: category && index ? index.contextOf(category) : null };
  }

  /** Builds the list index ahead of the first list (start-up), so no shopper waits for it. */
  warmUp(): Promise<void> {
    return this.listIndex().then(() => undefined);
  }

  private listIndex(): Promise<ListIndex> {
    if (!this.lists) {
      const building = this.buildLists();
      this.lists = building;
      building.catch(() => {
        if (this.lists === building) this.lists = undefined;
      });
    }
    return this.lists;
  }

  /** Every product on sale, a chunk at a time (requests run in between), moves followed from now on. */
  private async buildLists(): Promise<ListIndex> {
    await this.startFollowingStockMoves();
    const index = new ListIndex();
    const ids = await this.repo.findActiveProductIds();
    for (let start = 0; start < ids.length; start += listBuildChunk) {
      index.add(await this.repo.findListRows(ids.slice(start, start + listBuildChunk)));
      await new Promise((resolve) => setImmediate(resolve));
    }
    return index;
  }

  /** Lists wait for these products to be read again, so none answers from their old entries. */
  private reloadLists(productIds: ReadonlySet<number>): void {
    const current = this.lists;
    if (!current) return;
    const ids = [...productIds];
    const updating = current.then(async (index) => {
      index.replace(ids, await this.repo.findListRows(ids));
      return index;
    });
    this.lists = updating;
    updating.catch(() => {
      if (this.lists === updating) this.lists = undefined;
    });
  }

  /** The category index of this catalogue version, loaded once (dropped with the caches). */
  private categoryIndex(): Promise<CategoryIndex> {
    if (!this.categoryIndexLoad) {
      const load = this.repo.findCategories(true).then((rows) => new CategoryIndex(rows));
      this.categoryIndexLoad = load;
      load.catch(() => {
        if (this.categoryIndexLoad === load) this.categoryIndexLoad = undefined;
      });
    }
    return this.categoryIndexLoad;
  }

  private async summaries(rows: ProductRecord[]): Promise<ProductSummary[]> {
    const parts = await this.loadParts(rows.map((row) => row.id));
    return rows.map((row) => toProductSummary(row, partsOf(parts, row.id)));
  }

  /** Images, variants and categories of many products: three statements, whatever their number. */
  private async loadParts(ids: number[]) {
    const [images, variants, categories] = [
      await this.repo.findImages(ids),
      await this.repo.findVariants(ids),
      await this.repo.findProductCategories(ids),
    ];
    return {
      images: groupByProduct(images),
      variants: groupByProduct(variants),
      categories: groupByProduct(categories),
    };
  }

  private async categoryTree(): Promise<CategoryNode[]> {
    const categories = (await this.categoryIndex()).categories.filter((category) => category.is_active === 1);
    const links = await this.repo.findCategoryLinks();
    return buildCategoryTree(categories, links, (ids) => this.repo.findImages(ids));
  }
}

function partsOf(
  parts: {
    images: Map<number, ProductParts["images"]>;
    variants: Map<number, ProductParts["variants"]>;
    categories: Map<number, ProductParts["categories"]>;
  },
  id: number,
): ProductParts {
  return {
    images: parts.images.get(id) ?? [],
    variants: parts.variants.get(id) ?? [],
    categories: parts.categories.get(id) ?? [],
  };
}

function findNode(nodes: CategoryNode[], key: number | string): CategoryNode | undefined {
  for (const node of nodes) {
    if (typeof key === "number" ? node.id === key : node.slug === key) return node;
    const inChildren = findNode(node.children, key);
    if (inChildren) return inChildren;
  }
  return undefined;
}

/** A cache key that doesn't depend on the order the query parameters came in. */
/** The data of a cached answer; undefined when it is not found. */
async function dataOf<T>(answer: () => Promise<CachedAnswer>): Promise<T | undefined> {
  try {
    return (JSON.parse((await answer()).body) as Envelope<T>).data;
  } catch (error) {
    if (error instanceof NotFound) return undefined;
    throw error;
  }
}

function stableKey(query: object): string {
  return Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${String(value)}`)
    .join("&");
}
