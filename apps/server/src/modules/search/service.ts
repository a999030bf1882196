import type { SearchPageQuery } from "@vaki/contract/catalog";
import { LRUCache } from "lru-cache";
import MiniSearch, { type SearchOptions } from "minisearch";
import type { CachedAnswer } from "../catalog/response-cache.js";
import { htmlToText } from "../catalog/sanitize.js";
import { type CatalogService, type CatalogueChange, pageOf } from "../catalog/service.js";
import { addAllByTerm } from "./bulk-add.js";

interface SearchDocument {
  id: number;
  name: string;
  categories: string;
  characters: string;
  colors: string;
  description: string;
  popularity: number;
}

/** The results page ranks at most this many matches (the weakest "any word" matches fall off). */
const MAX_PAGE_MATCHES = 500;

/**
 * Ranked ids kept per keyword, counted in ids: a common word at 100,000 products matches tens of
 * thousands and costs ~100 ms to rank, while the answers built from it expire every 10 s (stock).
 */
const RANKED_IDS_KEPT = 4_000_000;

/** Products indexed together while the index is built. */
const BUILD_CHUNK = 5_000;

/** Words shoppers type for things the catalogue names differently. */
const synonyms: Record<string, string> = {
  tshirt: "tee",
  tshirts: "tees",
  "t-shirt": "tee",
  shirt: "tee",
  hoody: "hoodie",
  sweatpants: "joggers",
  trackpants: "joggers",
  hat: "cap",
  bag: "tote",
};

/**
 * Words in most descriptions that tell no product from another: not indexed (a fifth of a
 * description's words, and the index's longest lists), and left out of what a shopper types,
 * except as its last word, which may be the start of another ("the" of "thermal").
 */
const stopWords = new Set(
  "a an and are as at be by for from in into is it its of on or our that the their this to was with you your".split(
    " ",
  ),
);

function normaliseTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (lower.length === 0) return null;
  return synonyms[lower] ?? lower;
}

function indexedTerm(term: string): string | null {
  const normalised = normaliseTerm(term);
  return normalised === null || stopWords.has(normalised) ? null : normalised;
}

/** A normalised keyword without its stop words but the last. */
function withoutStopWords(keyword: string): string {
  const words = keyword.split(" ");
  return words.filter((word, at) => at === words.length - 1 || !stopWords.has(word)).join(" ");
}

type RawResults = Map<number, { score: number; terms: string[] }>;

/**
 * MiniSearch's matches before it dresses each as a result object (matched terms, fields, stored
 * fields): at 100,000 products a common word matches tens of thousands, and those objects were a
 * third of a search's time and most of its garbage. `executeQuery` is what `search` itself calls.
 */
function rawSearch(index: MiniSearch<SearchDocument>, keyword: string, options: SearchOptions): RawResults {
  return (index as unknown as { executeQuery(query: string, options: SearchOptions): RawResults }).executeQuery(
    keyword,
    options,
  );
}

/** The matches' ids best first, scored and ordered exactly as MiniSearch's `search` does (a stable sort). */
function rankOf(index: MiniSearch<SearchDocument>, results: RawResults): number[] {
  const documentIds = (index as unknown as { _documentIds: Map<number, number> })._documentIds;
  const ids: number[] = [];
  const scores: number[] = [];
  for (const [shortId, { score, terms }] of results) {
    ids.push(Number(documentIds.get(shortId)));
    scores.push(score * (terms.length || 1));
  }
  const order = ids.map((_, position) => position);
  order.sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
  return order.map((position) => ids[position] ?? 0);
}

/**
 * Typo-tolerant, prefix-aware search over name, category, character, colour and description,
 * kept in memory: built once (at start-up outside tests), then each change of some products
 * replaces only their documents; a change of anything rebuilds it (any process's: see CatalogService).
 */
export class SearchService {
  private index: Promise<MiniSearch<SearchDocument>> | undefined;
  /** Ranked ids per normalised keyword, for the current index (emptied whenever it changes). */
  private readonly ranked = new LRUCache<string, Int32Array>({
    maxSize: RANKED_IDS_KEPT,
    sizeCalculation: (ids) => Math.max(1, ids.length),
  });
  private generation = 0;

  constructor(private readonly catalog: CatalogService) {
    catalog.onCatalogueChange((change) => this.follow(change));
  }

  /** Builds the index ahead of the first search (start-up), so no shopper waits for it. */
  warmUp(): Promise<void> {
    return this.currentIndex().then(() => undefined);
  }

  search(keyword: string, page: number, limit: number): Promise<CachedAnswer> {
    const normalised = keyword.trim().toLowerCase().replace(/\s+/g, " ");
    return this.catalog.cached(`search:${normalised}:${page}:${limit}`, async () => {
      const ids = await this.rankedIds(normalised);
      const start = (page - 1) * limit;
      const content = await this.catalog.summariesByIds([...ids.subarray(start, start + limit)]);
      return { success: true, message: "OK", data: pageOf(content, page, limit, ids.length) };
    });
  }

  /** The search results page: the matches with the list's filters, facets and sorts. */
  searchPage(query: SearchPageQuery): Promise<CachedAnswer> {
    const { q, ...rest } = query;
    const normalised = q.trim().toLowerCase().replace(/\s+/g, " ");
    return this.catalog.cached(`search-page:${normalised}:${JSON.stringify(rest)}`, async () => {
      const ids = [...(await this.rankedIds(normalised)).subarray(0, MAX_PAGE_MATCHES)];
      return { success: true, message: "OK", data: await this.catalog.pageAmong(ids, rest) };
    });
  }

  private follow(change: CatalogueChange): void {
    this.generation += 1;
    this.ranked.clear();
    if (change.kind === "all" || !this.index) {
      // Built again at the next search, from the catalogue as it is then.
      this.index = undefined;
      return;
    }
    // Searches wait for the few documents to be replaced, so none answers from the old ones.
    const updating = this.index.then((index) => this.replaceDocuments(index, [...change.productIds]));
    this.index = updating;
    updating.catch(() => {
      if (this.index === updating) this.index = undefined;
    });
  }

  /** Ids of matching products, best first, kept per keyword until the index changes. */
  async rankedIds(keyword: string): Promise<Int32Array> {
    const kept = this.ranked.get(keyword);
    if (kept) return kept;
    const generation = this.generation;
    const ids = Int32Array.from(await this.rank(keyword));
    if (generation === this.generation) this.ranked.set(keyword, ids);
    return ids;
  }

  /** Ids of matching products, best first: every word must match, else any word may. */
  private async rank(keyword: string): Promise<number[]> {
    const index = await this.currentIndex();
    const options = {
      prefix: (term: string) => term.length >= 2,
      fuzzy: (term: string) => (term.length >= 4 ? 0.25 : false),
      boost: { name: 3, characters: 2.5, categories: 2, colors: 1.5, description: 0.5 },
      boostDocument: (_id: unknown, _term: string, stored?: Record<string, unknown>) =>
        1 + Math.log10(1 + Number(stored?.popularity ?? 0)) / 10,
    };
    const words = withoutStopWords(keyword);
    let results = rawSearch(index, words, { ...options, combineWith: "AND" });
    if (results.size === 0) results = rawSearch(index, words, { ...options, combineWith: "OR" });
    return rankOf(index, results);
  }

  private currentIndex(): Promise<MiniSearch<SearchDocument>> {
    if (!this.index) {
      const building = this.build();
      this.index = building;
      building.catch(() => {
        if (this.index === building) this.index = undefined;
      });
    }
    return this.index;
  }

  private async build(): Promise<MiniSearch<SearchDocument>> {
    const index = new MiniSearch<SearchDocument>({
      fields: ["name", "categories", "characters", "colors", "description"],
      storeFields: ["popularity"],
      processTerm: indexedTerm,
      searchOptions: { processTerm: normaliseTerm },
    });
    // A chunk of products at a time: each chunk's rows and documents die young instead of the whole
    // catalogue's lingering in the old generation (decision 0024), and requests run in between.
    const ids = await this.catalog.activeProductIds();
    const texts = new Map<string, string>();
    for (let start = 0; start < ids.length; start += BUILD_CHUNK) {
      addAllByTerm(index, await this.documents(ids.slice(start, start + BUILD_CHUNK), texts));
      await new Promise((resolve) => setImmediate(resolve));
    }
    return index;
  }

  /** A change of some products: their documents go, and those still on sale come back as they are now. */
  private async replaceDocuments(
    index: MiniSearch<SearchDocument>,
    ids: number[],
  ): Promise<MiniSearch<SearchDocument>> {
    const documents = await this.documents(ids);
    for (const id of ids) if (index.has(id)) index.discard(id);
    index.addAll(documents);
    return index;
  }

  /**
   * Search documents of those of `ids` that are on sale, in the order of `ids`. `texts`: each
   * description's text by its HTML, shared by a build's chunks.
   */
  private async documents(ids: number[], texts = new Map<string, string>()): Promise<SearchDocument[]> {
    const { products, categories, variants } = await this.catalog.searchDocuments(ids);
    const collect = (rows: { product_id: number }[], pick: (row: never) => (string | null)[]) => {
      const map = new Map<number, Set<string>>();
      for (const row of rows) {
        const set = map.get(row.product_id) ?? new Set<string>();
        for (const value of pick(row as never)) if (value) set.add(value);
        map.set(row.product_id, set);
      }
      return map;
    };
    const categoryNames = collect(categories, (row: { name: string; parent_name: string | null }) => [
      row.name,
      row.parent_name,
    ]);
    const characterNames = collect(variants, (row: { theme: string | null }) => [row.theme]);
    const colorNames = collect(variants, (row: { color: string | null }) => [row.color]);
    const join = (set: Set<string> | undefined) => [...(set ?? [])].join(" ");
    // Descriptions repeat across a catalogue's products (templates, a drop's copy), and the HTML
    // parser is most of a build's time: each distinct description is read once.
    const textOf = (html: string) => {
      let text = texts.get(html);
      if (text === undefined) {
        text = htmlToText(html);
        texts.set(html, text);
      }
      return text;
    };
    const byId = new Map(products.map((product) => [product.id, product]));
    return ids
      .flatMap((id) => byId.get(id) ?? [])
      .map((product) => ({
        id: product.id,
        name: product.name,
        categories: join(categoryNames.get(product.id)),
        characters: join(characterNames.get(product.id)),
        colors: join(colorNames.get(product.id)),
        description: textOf(product.description_html),
        popularity: product.popularity,
      }));
  }
}
