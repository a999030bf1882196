import type { SearchPageQuery } from "@vaki/contract/catalog";
import MiniSearch from "minisearch";
import type { CachedAnswer } from "../catalog/response-cache.js";
import { htmlToText } from "../catalog/sanitize.js";
import { type CatalogService, pageOf } from "../catalog/service.js";

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

function normaliseTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (lower.length === 0) return null;
  return synonyms[lower] ?? lower;
}

/**
 * Typo-tolerant, prefix-aware search over name, category, character, colour and description,
 * kept in memory and rebuilt after any catalogue change (any process's: see CatalogService).
 */
export class SearchService {
  private index: Promise<MiniSearch<SearchDocument>> | undefined;

  constructor(private readonly catalog: CatalogService) {
    catalog.onCatalogueChange(() => {
      this.index = undefined;
    });
  }

  search(keyword: string, page: number, limit: number): Promise<CachedAnswer> {
    const normalised = keyword.trim().toLowerCase().replace(/\s+/g, " ");
    return this.catalog.cached(`search:${normalised}:${page}:${limit}`, async () => {
      const ids = await this.rankedIds(normalised);
      const start = (page - 1) * limit;
      const content = await this.catalog.summariesByIds(ids.slice(start, start + limit));
      return { success: true, message: "OK", data: pageOf(content, page, limit, ids.length) };
    });
  }

  /** The search results page: the matches with the list's filters, facets and sorts. */
  searchPage(query: SearchPageQuery): Promise<CachedAnswer> {
    const { q, ...rest } = query;
    const normalised = q.trim().toLowerCase().replace(/\s+/g, " ");
    return this.catalog.cached(`search-page:${normalised}:${JSON.stringify(rest)}`, async () => {
      const ids = (await this.rankedIds(normalised)).slice(0, MAX_PAGE_MATCHES);
      return { success: true, message: "OK", data: await this.catalog.pageAmong(ids, rest) };
    });
  }

  /** Ids of matching products, best first: every word must match, else any word may. */
  async rankedIds(keyword: string): Promise<number[]> {
    const index = await this.currentIndex();
    const options = {
      prefix: (term: string) => term.length >= 2,
      fuzzy: (term: string) => (term.length >= 4 ? 0.25 : false),
      boost: { name: 3, characters: 2.5, categories: 2, colors: 1.5, description: 0.5 },
      boostDocument: (_id: unknown, _term: string, stored?: Record<string, unknown>) =>
        1 + Math.log10(1 + Number(stored?.popularity ?? 0)) / 10,
    };
    let results = index.search(keyword, { ...options, combineWith: "AND" });
    if (results.length === 0) results = index.search(keyword, { ...options, combineWith: "OR" });
    return results.map((result) => Number(result.id));
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
    const { products, categories, variants } = await this.catalog.searchDocuments();
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

    const index = new MiniSearch<SearchDocument>({
      fields: ["name", "categories", "characters", "colors", "description"],
      storeFields: ["popularity"],
      processTerm: normaliseTerm,
      searchOptions: { processTerm: normaliseTerm },
    });
    const join = (set: Set<string> | undefined) => [...(set ?? [])].join(" ");
    await index.addAllAsync(
      products.map((product) => ({
        id: product.id,
        name: product.name,
        categories: join(categoryNames.get(product.id)),
        characters: join(characterNames.get(product.id)),
        colors: join(colorNames.get(product.id)),
        description: htmlToText(product.description_html),
        popularity: product.popularity,
      })),
      { chunkSize: 500 },
    );
    return index;
  }
}
