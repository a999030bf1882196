import type { AdminProductSummary, AdminProductsQuery } from "@vaki/contract/admin/schemas";
import { lowerBound, moveInOrder, upperBound } from "./sorted-order.js";

/**
 * The owner's product list in memory (issue 27, decision 0028): every product, drafts and archived
 * ones included, with what the list filters and sorts by. A page is a walk along the sort's order
 * testing each product, then one statement for the page's rows; at 100,000 products the walk is
 * well under a millisecond, where the statements it replaces needed a plan per filter.
 */

export type AdminSort = AdminProductsQuery["sort"];
type Status = "draft" | "active" | "archived";

/** The rows an index is built or changed from (see `CatalogAdminReads.indexRows`). */
export interface AdminListRows {
  products: readonly {
    id: number;
    name: string;
    slug: string;
    status: Status;
    price: number;
    created_at: string | Date;
    low_stock_threshold: number;
  }[];
  /**
   * Per product with variants: units over all of them, and its active variants out of stock and
   * low (above 0, at or under the product's threshold).
   */
  stock: readonly {
    product_id: number;
    units: number | string | null;
    out_variants: number | string | null;
    low_variants: number | string | null;
  }[];
  /** The products' photos: each product's list picture is its primary one, else its first. */
  images: readonly { product_id: number; url: string; is_primary: number; display_order: number; id: number }[];
  links: readonly { product_id: number; category_id: number }[];
  /** Categories with their parents: a category filter's scope is the category and its sub-categories. */
  categories?: readonly { id: number; parent_id: number | null }[];
}

/** A product's stored search words (the changed products' words, so cached word matches follow them). */
export type ProductWordRows = readonly { product_id: number; word: string }[];

/** A product as the list shows it, and what it is sorted by. */
export interface AdminListEntry extends AdminProductSummary {
  /** `createdAt` in milliseconds. */
  created: number;
  categories: readonly number[];
}
type Entry = AdminListEntry;

type Comparator = (a: Entry, b: Entry) => number;

/** Each order ascending and total (the id breaks ties); descending walks it backwards, as SQL's (key desc, id desc). */
const comparators: Record<AdminSort, Comparator> = {
  // Code-point order, as SQLite's and PostgreSQL's C collation order the names.
  name: (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id),
  createdAt: (a, b) => a.created - b.created || a.id - b.id,
  price: (a, b) => a.price - b.price || a.id - b.id,
};

/** A set of product ids as a bit per id (12.5 KB at 100,000 products), with its count. */
export class IdBits {
  bits: Uint32Array;
  count = 0;

  constructor(ids: Iterable<number> = [], words = 64) {
    this.bits = new Uint32Array(words);
    for (const id of ids) this.set(id, true);
  }

  has(id: number): boolean {
    const word = id >>> 5;
    return word < this.bits.length && (this.bits[word]! & (1 << (id & 31))) !== 0;
  }

  set(id: number, on: boolean): void {
    const word = id >>> 5;
    if (word >= this.bits.length) {
      if (!on) return;
      const grown = new Uint32Array(Math.max(word + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    const mask = 1 << (id & 31);
    const was = (this.bits[word]! & mask) !== 0;
    if (was === on) return;
    this.bits[word] = on ? this.bits[word]! | mask : this.bits[word]! & ~mask;
    this.count += on ? 1 : -1;
  }

  *ids(): Iterable<number> {
    for (let word = 0; word < this.bits.length; word++) {
      let bits = this.bits[word]!;
      while (bits !== 0) {
        const low = bits & -bits;
        yield word * 32 + (31 - Math.clz32(low));
        bits ^= low;
      }
    }
  }

  /** The ids in both (a new set). */
  static and(sets: readonly IdBits[]): IdBits {
    const length = Math.min(...sets.map((set) => set.bits.length));
    const result = new IdBits([], length);
    const out = result.bits;
    out.set(sets[0]!.bits.subarray(0, length));
    for (let k = 1; k < sets.length; k++) {
      const bits = sets[k]!.bits;
      for (let word = 0; word < length; word++) out[word]! &= bits[word]!;
    }
    result.count = popcount(out);
    return result;
  }

  /** The ids in any (a new set). */
  static or(sets: readonly IdBits[]): IdBits {
    const length = Math.max(64, ...sets.map((set) => set.bits.length));
    const result = new IdBits([], length);
    const out = result.bits;
    for (const set of sets) {
      const bits = set.bits;
      for (let word = 0; word < bits.length; word++) out[word]! |= bits[word]!;
    }
    result.count = popcount(out);
    return result;
  }

  /** The ids of `all` not in this one (a new set). */
  notIn(all: IdBits): IdBits {
    const result = new IdBits([], all.bits.length);
    const out = result.bits;
    for (let word = 0; word < out.length; word++) out[word] = all.bits[word]! & ~(this.bits[word] ?? 0);
    result.count = popcount(out);
    return result;
  }
}

function popcount(bits: Uint32Array): number {
  let count = 0;
  for (let word = 0; word < bits.length; word++) {
    let value = bits[word]!;
    value -= (value >>> 1) & 0x55555555;
    value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
    count += (((value + (value >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return count;
}

/** A set kept for each value of a key (a status, a category), created on first use. */
class BitsBy<K> {
  private readonly sets = new Map<K, IdBits>();

  of(key: K): IdBits {
    let set = this.sets.get(key);
    if (!set) {
      set = new IdBits();
      this.sets.set(key, set);
    }
    return set;
  }

  /** Puts `id` under exactly the keys given. */
  place(id: number, keys: Iterable<K>): void {
    const wanted = new Set(keys);
    for (const [key, set] of this.sets) if (!wanted.has(key)) set.set(id, false);
    for (const key of wanted) this.of(key).set(id, true);
  }
}

/** What a page asks of the index: the list's filters read as sets, its order and where it starts. */
export interface AdminListQuery {
  status?: Status | undefined;
  stock?: "in" | "low" | "out" | undefined;
  /** Category filters (category, character) by id: a product must be in the scope of each. */
  categoryFilters: readonly number[];
  /** Each typed word's matches (undefined: no search). */
  words?: readonly IdBits[] | undefined;
  sort: AdminSort;
  dir: "asc" | "desc";
  /** The last product of the page before: its sort key and id. */
  after?: readonly [string | number, number] | undefined;
}

/** Typed-word matches kept at most (a bit per product each: 12.5 KB at 100,000 products). */
const wordMatchesKept = 256;
/**
 * A filter selecting at least one product in this many is paged by walking the sort's order (a
 * page is about `limit × denseShare` products away); a sparser one by the places of its products.
 */
const denseShare = 5;

export class AdminListIndex {
  private readonly entries = new Map<number, Entry>();
  private readonly orders = new Map<AdminSort, Entry[]>();
  private readonly rankings = new Map<AdminSort, Int32Array>();
  /** Sub-categories by parent (the tree has two levels). */
  private readonly children = new Map<number, number[]>();
  private readonly known = new Set<number>();
  /** Every product; by status; with an active variant out of stock; with one low; by category. */
  private readonly all = new IdBits();
  private readonly byStatus = new BitsBy<Status>();
  private readonly out = new IdBits();
  private readonly low = new IdBits();
  private readonly byCategory = new BitsBy<number>();
  /** Typed word → its matches, least recently used first; kept in step with every change. */
  private readonly words = new Map<string, IdBits>();
  /** Moves on every change: a word's matches read during one are not kept (they may predate it). */
  generation = 0;
  /** How many products typed words have, capped (the reads choose how to find a word by it). */
  readonly wordCounts = new Map<string, number>();

  constructor(private readonly walkShare = denseShare) {}

  get size(): number {
    return this.entries.size;
  }

  /** Adds a build's chunk of new products (and, once, the categories). */
  add(rows: AdminListRows): void {
    for (const category of rows.categories ?? []) {
      this.known.add(category.id);
      if (category.parent_id !== null) {
        const list = this.children.get(category.parent_id);
        if (list) list.push(category.id);
        else this.children.set(category.parent_id, [category.id]);
      }
    }
    for (const [id, entry] of entriesOf(rows)) {
      this.entries.set(id, entry);
      this.all.set(id, true);
      this.byStatus.of(entry.status).set(id, true);
      this.out.set(id, entry.outVariants > 0);
      this.low.set(id, entry.lowVariants > 0);
      for (const category of entry.categories) this.byCategory.of(category).set(id, true);
    }
    this.orders.clear();
    this.rankings.clear();
  }

  /**
   * Puts the products of `ids` as `rows` has them (those missing are gone), and moves each kept
   * word's matches by their stored words.
   */
  replace(ids: readonly number[], rows: AdminListRows, words: ProductWordRows): void {
    this.generation += 1;
    this.rankings.clear();
    const fresh = entriesOf(rows);
    for (const id of ids) {
      const old = this.entries.get(id);
      const now = fresh.get(id);
      if (old) this.entries.delete(id);
      if (now) this.entries.set(id, now);
      this.all.set(id, now !== undefined);
      this.byStatus.place(id, now ? [now.status] : []);
      this.out.set(id, now !== undefined && now.outVariants > 0);
      this.low.set(id, now !== undefined && now.lowVariants > 0);
      this.byCategory.place(id, now?.categories ?? []);
      for (const [sort, order] of this.orders) {
        const compare = comparators[sort];
        moveInOrder(order, old, now, compare);
      }
    }
    if (this.words.size === 0) return;
    const byProduct = new Map<number, string[]>();
    for (const row of words) {
      const list = byProduct.get(row.product_id);
      if (list) list.push(row.word);
      else byProduct.set(row.product_id, [row.word]);
    }
    for (const [typed, matches] of this.words) {
      for (const id of ids) {
        const stored = byProduct.get(id) ?? [];
        matches.set(id, fresh.has(id) && stored.some((word) => word.startsWith(typed)));
      }
    }
  }

  /** A typed word's kept matches, if any (and marks them recently used). */
  wordMatches(typed: string): IdBits | undefined {
    const matches = this.words.get(typed);
    if (matches) {
      this.words.delete(typed);
      this.words.set(typed, matches);
    }
    return matches;
  }

  keepWordMatches(typed: string, matches: IdBits): void {
    this.words.delete(typed);
    this.words.set(typed, matches);
    while (this.words.size > wordMatchesKept) {
      const oldest = this.words.keys().next().value;
      if (oldest === undefined) break;
      this.words.delete(oldest);
    }
  }

  /** Up to `limit` products after `query.after` in the list's order, with their cursor keys. */
  page(query: AdminListQuery, limit: number): { entry: AdminListEntry; key: string | number }[] {
    const compare = comparators[query.sort];
    const order = this.order(query.sort);
    const selected = this.selected(query);
    const after = query.after ? cursorEntry(query.sort, query.after) : undefined;
    const asc = query.dir === "asc";
    // The positions in the order a page may take: after the cursor's, in the list's direction.
    const from = asc && after ? upperBound(order, after, compare) : 0;
    const until = !asc && after ? lowerBound(order, after, compare) : order.length;
    let positions: number[];
    if (!selected || selected.count * this.walkShare >= this.all.count) {
      // Every product or many of them: a walk along the order meets a page of them soon.
      positions = [];
      const test = selected ? (entry: Entry) => selected.has(entry.id) : undefined;
      if (asc) {
        for (let k = from; k < until && positions.length < limit; k++) if (!test || test(order[k]!)) positions.push(k);
      } else {
        for (let k = until - 1; k >= from && positions.length < limit; k--)
          if (!test || test(order[k]!)) positions.push(k);
      }
    } else {
      // Fewer: their places in the order, and the first `limit` of those (no walk past the others).
      positions = firstPlaces(selected, this.ranks(query.sort), from, until, limit, asc);
    }
    return positions.map((k) => ({ entry: order[k]!, key: keyOf(order[k]!, query.sort) }));
  }

  /** Every product the filters select, by id. */
  filteredIds(query: Omit<AdminListQuery, "sort" | "dir" | "after">): number[] {
    const selected = this.selected({ ...query, sort: "name", dir: "asc" });
    return [...(selected ?? this.all).ids()].filter((id) => this.entries.has(id));
  }

  /** The products every filter selects, as one set (undefined: no filter, every product). */
  private selected(query: AdminListQuery): IdBits | undefined {
    const sets: IdBits[] = [];
    if (query.status) sets.push(this.byStatus.of(query.status));
    if (query.stock === "out") sets.push(this.out);
    else if (query.stock === "low") sets.push(this.low);
    else if (query.stock === "in") sets.push(IdBits.or([this.out, this.low]).notIn(this.all));
    for (const id of query.categoryFilters) {
      // A category and its sub-categories; an unknown one selects nothing.
      const scope = this.known.has(id) ? [id, ...(this.children.get(id) ?? [])] : [];
      sets.push(IdBits.or(scope.map((category) => this.byCategory.of(category))));
    }
    sets.push(...(query.words ?? []));
    if (sets.length === 0) return undefined;
    return IdBits.and(sets);
  }

  /** Each product's place in a sort's order, by id (-1: none), made again after a change. */
  private ranks(sort: AdminSort): Int32Array {
    let ranks = this.rankings.get(sort);
    if (!ranks) {
      const order = this.order(sort);
      let highest = 0;
      for (const entry of order) highest = Math.max(highest, entry.id);
      ranks = new Int32Array(highest + 1).fill(-1);
      for (let k = 0; k < order.length; k++) ranks[order[k]!.id] = k;
      this.rankings.set(sort, ranks);
    }
    return ranks;
  }

  /** Every product in a sort's order, sorted once and then kept in order by `replace`. */
  private order(sort: AdminSort): Entry[] {
    let order = this.orders.get(sort);
    if (!order) {
      order = [...this.entries.values()].sort(comparators[sort]);
      this.orders.set(sort, order);
    }
    return order;
  }
}

/**
 * The first `limit` places (ascending, or the last ones descending) among the selected products'
 * places in `from` ≤ place < `until`: one pass over the set, keeping the best `limit` in order.
 */
function firstPlaces(
  selected: IdBits,
  ranks: Int32Array,
  from: number,
  until: number,
  limit: number,
  asc: boolean,
): number[] {
  const best: number[] = [];
  const bits = selected.bits;
  for (let word = 0; word < bits.length; word++) {
    let set = bits[word]!;
    while (set !== 0) {
      const lowest = set & -set;
      set ^= lowest;
      const id = word * 32 + (31 - Math.clz32(lowest));
      const place = id < ranks.length ? ranks[id]! : -1;
      if (place < from || place >= until) continue;
      if (best.length === limit && (asc ? place >= best[limit - 1]! : place <= best[limit - 1]!)) continue;
      // Insert in order (ascending places for asc, descending for desc), dropping the worst.
      let k = best.length === limit ? limit - 1 : best.length;
      while (k > 0 && (asc ? best[k - 1]! > place : best[k - 1]! < place)) {
        best[k] = best[k - 1]!;
        k -= 1;
      }
      best[k] = place;
    }
  }
  return best;
}

/** A cursor's key as an entry to compare with (its other fields unused). */
function cursorEntry(sort: AdminSort, [key, id]: readonly [string | number, number]): Entry {
  const entry = { id, name: "", price: 0, created: 0 } as Entry;
  if (sort === "name") entry.name = String(key);
  else if (sort === "price") entry.price = Number(key);
  else entry.created = typeof key === "number" ? key : Date.parse(key);
  return entry;
}

/** The value a cursor carries for an entry: the name, the price, or the creation time as ISO text. */
function keyOf(entry: Entry, sort: AdminSort): string | number {
  if (sort === "name") return entry.name;
  if (sort === "price") return entry.price;
  return entry.createdAt;
}

function entriesOf(rows: AdminListRows): Map<number, Entry> {
  const categories = new Map<number, number[]>();
  for (const link of rows.links) {
    const list = categories.get(link.product_id);
    if (list) list.push(link.category_id);
    else categories.set(link.product_id, [link.category_id]);
  }
  const stock = new Map(rows.stock.map((row) => [row.product_id, row]));
  // The list's picture: the primary photo, else the first by display order, then id.
  const pictures = new Map<number, AdminListRows["images"][number]>();
  for (const image of rows.images) {
    const best = pictures.get(image.product_id);
    if (!best || firstPicture(image, best)) pictures.set(image.product_id, image);
  }
  const entries = new Map<number, Entry>();
  for (const row of rows.products) {
    const figures = stock.get(row.id);
    const createdAt = row.created_at instanceof Date ? row.created_at.toISOString() : row.created_at;
    entries.set(row.id, {
      id: row.id,
      name: row.name,
      slug: row.slug,
      status: row.status,
      price: Number(row.price),
      stock: Number(figures?.units ?? 0),
      lowVariants: Number(figures?.low_variants ?? 0),
      outVariants: Number(figures?.out_variants ?? 0),
      lowStockThreshold: row.low_stock_threshold,
      imageUrl: pictures.get(row.id)?.url ?? null,
      createdAt,
      created: Date.parse(createdAt),
      categories: categories.get(row.id) ?? [],
    });
  }
  return entries;
}

/** Whether `image` comes before `other` as a product's picture (primary first, then display order, then id). */
function firstPicture(image: AdminListRows["images"][number], other: AdminListRows["images"][number]): boolean {
  return (
    Number(other.is_primary) - Number(image.is_primary) < 0 ||
    (Number(other.is_primary) === Number(image.is_primary) &&
      (image.display_order - other.display_order || image.id - other.id) < 0)
  );
}
