import type { ProductFacets, ProductFilters, ProductSort } from "@vaki/contract/catalog";
import { compareSizes } from "./mappers.js";
import type { ListRows } from "./repo.js";
import { moveInOrder } from "./sorted-order.js";

/** What a list asks of the index: its filters, its scope of categories, and the products it is among. */
export interface ListQuery {
  filters: Omit<ProductFilters, "categoryId">;
  /** The category and its descendants (undefined: every product; empty: none). */
  scope?: ReadonlySet<number> | undefined;
  /** A search's matches (undefined: every product). */
  among?: readonly number[] | undefined;
}

interface Entry {
  id: number;
  price: number;
  created: number;
  popularity: number;
  categories: readonly number[];
  /** Active variants, packed: size id × 2^16 + colour id × 2 + in stock (ids are 1-based, 0 = none). */
  variants: readonly number[];
}

const sizeOf = (variant: number) => variant >>> 16;
const colorOf = (variant: number) => (variant >>> 1) & 0x7fff;
const inStockOf = (variant: number) => (variant & 1) === 1;

type Comparator = (a: Entry, b: Entry) => number;

/** The storefront's list orders, each total (the id breaks ties) as the SQL it replaces was. */
const comparators: Record<ProductSort, Comparator> = {
  newest: (a, b) => b.created - a.created || b.id - a.id,
  price_asc: (a, b) => a.price - b.price || a.id - b.id,
  price_desc: (a, b) => b.price - a.price || b.id - a.id,
  popular: (a, b) => b.popularity - a.popularity || b.id - a.id,
};

/** Interned values (sizes or colours) with 1-based ids; 0 stands for none. */
class Values {
  readonly names: string[] = [""];
  private readonly ids = new Map<string, number>();

  idOf(value: string | null): number {
    if (value === null) return 0;
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.names.length;
      if (id > 0x7fff) throw new Error("too many distinct sizes or colours for the list index");
      this.names.push(value);
      this.ids.set(value, id);
    }
    return id;
  }

  /** The ids a filter value selects: every value equal to it but for case (undefined: no filter). */
  matching(filter: string | undefined): Uint8Array | undefined {
    if (!filter) return undefined;
    const wanted = filter.toLowerCase();
    const selected = new Uint8Array(this.names.length);
    for (let id = 1; id < this.names.length; id++) if (this.names[id]!.toLowerCase() === wanted) selected[id] = 1;
    return selected;
  }
}

/**
 * Every product on sale with its price, dates, categories and variants' sizes, colours and stock,
 * in memory (decision 0024): a list page, its total and its facets are one pass over the list's
 * products here, instead of statements over every variant of the catalogue. A change of some
 * products replaces their entries alone; each sort order is kept sorted by moving those entries.
 */
export class ListIndex {
  private readonly entries = new Map<number, Entry>();
  private readonly orders = new Map<ProductSort, Entry[]>();
  private readonly sizes = new Values();
  private readonly colors = new Values();
  private readonly swatches: (string | null)[] = [null];

  get size(): number {
    return this.entries.size;
  }

  /**
   * Puts the given products as `rows` has them: those of `ids` missing from the rows (no longer on
   * sale, or gone) leave the index.
   */
  replace(ids: Iterable<number>, rows: ListRows): void {
    const fresh = this.entriesOf(rows);
    for (const id of ids) {
      const old = this.entries.get(id);
      const now = fresh.get(id);
      if (old) this.entries.delete(id);
      if (now) this.entries.set(id, now);
      for (const [sort, order] of this.orders) {
        const compare = comparators[sort];
        moveInOrder(order, old, now, compare);
      }
    }
  }

  /** Adds products not yet in the index (a build's chunk). */
  add(rows: ListRows): void {
    for (const [id, entry] of this.entriesOf(rows)) this.entries.set(id, entry);
    this.orders.clear();
  }

  /** One page of the list in its order, and how many products the whole list has. */
  page(query: ListQuery, offset: number, limit: number): { ids: number[]; total: number } {
    const { filters } = query;
    const unfiltered =
      query.scope === undefined &&
      query.among === undefined &&
      !filters.size &&
      !filters.color &&
      !filters.inStock &&
      filters.minPrice === undefined &&
      filters.maxPrice === undefined;
    if (unfiltered) {
      // Every product on sale: the order itself (the shop's first list page, its most asked).
      const order = this.order(filters.sort);
      return { ids: order.slice(offset, offset + limit).map((entry) => entry.id), total: order.length };
    }
    const test = this.productTest(query);
    const ids: number[] = [];
    let total = 0;
    for (const entry of this.candidates(query)) {
      if (!test(entry)) continue;
      if (total >= offset && ids.length < limit) ids.push(entry.id);
      total += 1;
    }
    return { ids, total };
  }

  /**
   * The ids of `among` that pass the list's filters, in the order given (a search's relevance).
   */
  filterAmong(query: ListQuery & { among: readonly number[] }): number[] {
    const test = this.productTest(query);
    return query.among.filter((id) => {
      const entry = this.entries.get(id);
      return entry !== undefined && test(entry);
    });
  }

  /**
   * The list's facets: per size and per colour, how many of the list's products have a variant of
   * it; the price range; how many have stock. Each facet applies every filter but its own, the
   * variant filters to one variant, as the list does.
   */
  facets(query: ListQuery): ProductFacets {
    const { filters } = query;
    const sizeSet = this.sizes.matching(filters.size);
    const colorSet = this.colors.matching(filters.color);
    const stockOnly = filters.inStock === true;
    const sizeCounts = new Uint32Array(this.sizes.names.length);
    const colorCounts = new Uint32Array(this.colors.names.length);
    // The entry that last counted a size or colour: a product counts once per value.
    const sizeSeen = new Int32Array(this.sizes.names.length).fill(-1);
    const colorSeen = new Int32Array(this.colors.names.length).fill(-1);
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    let inStockCount = 0;
    let n = -1;
    for (const entry of this.scoped(query)) {
      n += 1;
      const priceOk = withinPrice(entry.price, filters);
      let priced = entry.variants.length === 0 && !sizeSet && !colorSet && !stockOnly;
      let stocked = false;
      for (const variant of entry.variants) {
        const size = sizeOf(variant);
        const color = colorOf(variant);
        const stock = inStockOf(variant);
        const sizeOk = !sizeSet || sizeSet[size] === 1;
        const colorOk = !colorSet || colorSet[color] === 1;
        const stockOk = !stockOnly || stock;
        if (priceOk && size !== 0 && colorOk && stockOk && sizeSeen[size] !== n) {
          sizeSeen[size] = n;
          sizeCounts[size]! += 1;
        }
        if (priceOk && color !== 0 && sizeOk && stockOk && colorSeen[color] !== n) {
          colorSeen[color] = n;
          colorCounts[color]! += 1;
        }
        if (sizeOk && colorOk && stockOk) priced = true;
        if (priceOk && stock && sizeOk && colorOk) stocked = true;
      }
      if (priced) {
        low = Math.min(low, entry.price);
        high = Math.max(high, entry.price);
      }
      if (stocked) inStockCount += 1;
    }
    const sizes: ProductFacets["sizes"] = [];
    for (let id = 1; id < sizeCounts.length; id++) {
      if (sizeCounts[id]! > 0) sizes.push({ value: this.sizes.names[id]!, count: sizeCounts[id]!, swatch: null });
    }
    const colors: ProductFacets["colors"] = [];
    for (let id = 1; id < colorCounts.length; id++) {
      if (colorCounts[id]! > 0) {
        colors.push({ value: this.colors.names[id]!, count: colorCounts[id]!, swatch: this.swatches[id] ?? null });
      }
    }
    sizes.sort((a, b) => compareSizes(a.value, b.value));
    colors.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    const price = low <= high ? { min: low, max: high } : null;
    return { sizes, colors, price, inStockCount };
  }

  /** The list's products in its order: the search's matches sorted, or the kept order of every product. */
  private candidates(query: ListQuery): Iterable<Entry> {
    if (query.among === undefined) return this.order(query.filters.sort);
    return this.amongEntries(query.among).sort(comparators[query.filters.sort]);
  }

  /** The list's products in no particular order (facets count them). */
  private scoped(query: ListQuery): Iterable<Entry> {
    const entries = query.among === undefined ? this.entries.values() : this.amongEntries(query.among);
    const scope = query.scope;
    if (scope === undefined) return entries;
    return filterIterable(entries, (entry) => inScope(entry, scope));
  }

  private amongEntries(among: readonly number[]): Entry[] {
    const seen = new Set<number>();
    const found: Entry[] = [];
    for (const id of among) {
      const entry = this.entries.get(id);
      if (entry && !seen.has(id)) {
        seen.add(id);
        found.push(entry);
      }
    }
    return found;
  }

  private productTest(query: ListQuery): (entry: Entry) => boolean {
    const { filters, scope } = query;
    const sizeSet = this.sizes.matching(filters.size);
    const colorSet = this.colors.matching(filters.color);
    const stockOnly = filters.inStock === true;
    const byVariant = sizeSet !== undefined || colorSet !== undefined || stockOnly;
    return (entry) =>
      (scope === undefined || inScope(entry, scope)) &&
      withinPrice(entry.price, filters) &&
      (!byVariant ||
        entry.variants.some(
          (variant) =>
            (!sizeSet || sizeSet[sizeOf(variant)] === 1) &&
            (!colorSet || colorSet[colorOf(variant)] === 1) &&
            (!stockOnly || inStockOf(variant)),
        ));
  }

  /** Every product in a sort's order, sorted once and then kept in order by `replace`. */
  private order(sort: ProductSort): Entry[] {
    let order = this.orders.get(sort);
    if (!order) {
      order = [...this.entries.values()].sort(comparators[sort]);
      this.orders.set(sort, order);
    }
    return order;
  }

  private entriesOf(rows: ListRows): Map<number, Entry> {
    const categories = new Map<number, number[]>();
    for (const link of rows.links) {
      const list = categories.get(link.product_id);
      if (list) list.push(link.category_id);
      else categories.set(link.product_id, [link.category_id]);
    }
    const variants = new Map<number, number[]>();
    for (const row of rows.variants) {
      const color = this.colors.idOf(row.color);
      if (color !== 0) this.swatches[color] = row.swatch;
      const packed = this.sizes.idOf(row.size) * 0x10000 + color * 2 + (row.in_stock ? 1 : 0);
      const list = variants.get(row.product_id);
      if (list) list.push(packed);
      else variants.set(row.product_id, [packed]);
    }
    const entries = new Map<number, Entry>();
    for (const row of rows.products) {
      entries.set(row.id, {
        id: row.id,
        price: Number(row.price),
        created: row.created_at instanceof Date ? row.created_at.getTime() : Date.parse(row.created_at),
        popularity: Number(row.popularity),
        categories: categories.get(row.id) ?? [],
        variants: variants.get(row.id) ?? [],
      });
    }
    return entries;
  }
}

function withinPrice(price: number, filters: ListQuery["filters"]): boolean {
  return (
    (filters.minPrice === undefined || price >= filters.minPrice) &&
    (filters.maxPrice === undefined || price <= filters.maxPrice)
  );
}

function inScope(entry: Entry, scope: ReadonlySet<number>): boolean {
  for (const category of entry.categories) if (scope.has(category)) return true;
  return false;
}

function* filterIterable<T>(items: Iterable<T>, keep: (item: T) => boolean): Iterable<T> {
  for (const item of items) if (keep(item)) yield item;
}
