import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "../../db/connection.js";
import type { Database } from "../../db/schema.js";
import { prefixRange, wordsOf } from "../../lib/name-words.js";

/**
 * The owner's product search by words (issue 27, migration 0028): each product's name and its
 * variants' SKUs as words in `product_search_words`, keyed (word, product_id), so a typed word's
 * prefix is a range of the key, as the order inbox's names are (decision 0022, "Afterwards").
 */

/** At most this many typed words are looked up; the rest of the text is left out. */
export const queryWordsMax = 6;
/**
 * A typed word's stored words: those from `from` until before `until`, or `exact` alone when the
 * range holds one; `dense` when it has more matches than a walk should gather up front.
 */
export type WordRange = { from: string; until: string; exact?: string; dense?: boolean };
/**
 * A walk checks a word with up to this many matches against their list, gathered once (SQLite
 * keeps it with a Bloom filter, PostgreSQL hashed): ~1 ms for 12,000 matches, where a probe per
 * product crossed 70,000 products when the word's products sort far down the list ("hoodie" by
 * price). A denser word's products come soon in any order, and gathering them costs more.
 */
export const denseMatchesDefault = 20_000;

/**
 * How a search finds its products: none can match (no words, or a word no product has); the
 * matches of its rarest word are listed (at most the cap of them) and their ids written into the
 * list's statement; or the list's products are walked in its sort order and each is checked
 * against each word's matches gathered once, or, for a `dense` word, probed along (product_id,
 * word). Ranges rarest first.
 */
export type ProductSearchPlan =
  | { kind: "none" }
  | { kind: "list"; ranges: WordRange[]; ids: number[] }
  | { kind: "walk"; ranges: WordRange[] };

/**
 * The stored words of a name or SKU: its letter-and-digit parts (`wordsOf`). A SKU is not kept
 * whole: its parts find it (a whole SKU typed is all of them), at half the rows a product would
 * otherwise take (about 11 instead of 21: what seeding 100,000 products costs, decision 0024).
 */
export function textWordsOf(text: string): string[] {
  return wordsOf(text);
}

/** A product's searchable words: its name's and every variant's SKU's, each once. */
export function productWordsOf(name: string, skus: readonly string[]): string[] {
  return [...new Set([name, ...skus].flatMap(textWordsOf))];
}

/** The words of typed text, at most `queryWordsMax`: each token's letter-and-digit parts. */
export function productQueryWords(text: string): string[] {
  return [...new Set(wordsOf(text))].slice(0, queryWordsMax);
}

/**
 * The plan of a search: one statement of index probes (for each typed word, its stored (word,
 * product) pairs counted past both caps, at most `denseMatches + 1`, and its range's first and
 * last word), then, unless one common word was typed, the matches listed up to the cap, rarest
 * word first.
 */
export async function productSearchPlan(
  db: Db,
  text: string,
  commonMatches: number,
  denseMatches = denseMatchesDefault,
): Promise<ProductSearchPlan> {
  const words = productQueryWords(text);
  if (words.length === 0) return { kind: "none" };
  const ranges = words.map(prefixRange);
  const storedIn = ({ from, until }: WordRange) =>
    db.selectFrom("product_search_words").where("word", ">=", from).where("word", "<", until);
  const row: Record<string, unknown> = await db
    .selectNoFrom((eb) =>
      ranges.flatMap((range, k) => [
        eb
          .selectFrom(
            storedIn(range)
              .select("product_id")
              .limit(Math.max(commonMatches, denseMatches) + 1)
              .as("capped"),
          )
          .select((inner) => inner.fn.countAll().as("n"))
          .as(`n${k}`),
        storedIn(range)
          .select((inner) => inner.fn.min("word").as("w"))
          .as(`lo${k}`),
        storedIn(range)
          .select((inner) => inner.fn.max("word").as("w"))
          .as(`hi${k}`),
      ]),
    )
    .executeTakeFirstOrThrow();
  const probes = ranges
    .map((range, k) => {
      const lo = row[`lo${k}`];
      // A range holding one stored word is looked up by equality (the same rows, a tighter probe).
      const n = Number(row[`n${k}`] ?? 0);
      const exact = typeof lo === "string" && lo === row[`hi${k}`] ? { ...range, exact: lo } : range;
      return { range: { ...exact, dense: n > denseMatches }, n };
    })
    .sort((x, y) => x.n - y.n);
  const rarest = probes[0];
  if (!rarest || rarest.n === 0) return { kind: "none" };
  const sorted = probes.map((probe) => probe.range);
  // One common word: its matches are too many to list, so the list's order is walked.
  if (rarest.n > commonMatches && sorted.length === 1) return { kind: "walk", ranges: sorted };
  // The rarest word's products having the other words too, up to the cap: several common words
  // may still have few products in common ("half moon bloom"), which a walk would look for far.
  // The ids go into the list's statement, not a subquery: given `in (select …)`, PostgreSQL walks
  // the sort's index and probes each product (about 9,000 for "lunar" at 20,000 products).
  const [first, ...rest] = sorted as [WordRange, ...WordRange[]];
  const rows = await db
    .selectFrom("product_search_words as w")
    .select("w.product_id")
    .where(inRange("w.word", first))
    .where((eb) => eb.and(rest.map((range) => hasWord("w.product_id", range))))
    .limit(commonMatches + 1)
    .execute();
  if (rows.length > commonMatches) return { kind: "walk", ranges: sorted };
  if (rows.length === 0) return { kind: "none" };
  return { kind: "list", ranges: sorted, ids: [...new Set(rows.map((row) => row.product_id))] };
}

/** The product (`products.id`) matches the plan: it has a stored word in each range. */
export function matchesProductWords(
  eb: ExpressionBuilder<Database, "products">,
  plan: ProductSearchPlan,
): Expression<SqlBool> {
  if (plan.kind === "none") return sql<SqlBool>`1 = 0`;
  if (plan.kind === "list") return eb("products.id", "in", plan.ids);
  // Common words: the caller walks its sort's index and checks each product.
  return eb.and(plan.ranges.map((range) => (range.dense ? hasWord("products.id", range) : inWordList(range))));
}

/**
 * The product is among the range's matches, gathered once. `is true` keeps either planner from
 * starting at the matches and sorting them (the walk is what the plan chose): SQLite keeps them
 * with a Bloom filter, PostgreSQL hashed ("lunar" by name: 11 ms instead of 121 ms of probes).
 */
function inWordList(range: WordRange) {
  return sql<SqlBool>`(products.id in (select x.product_id from product_search_words as x where ${inRange("x.word", range)})) is true`;
}

/** The stored word in `column` is in the range. */
function inRange(column: string, range: WordRange) {
  return range.exact !== undefined
    ? sql<SqlBool>`${sql.ref(column)} = ${range.exact}`
    : sql<SqlBool>`${sql.ref(column)} >= ${range.from} and ${sql.ref(column)} < ${range.until}`;
}

/** The product in `productId` has a stored word in the range, along (product_id, word). */
function hasWord(productId: string, range: WordRange) {
  return sql<SqlBool>`exists (select 1 from product_search_words as x where x.product_id = ${sql.ref(productId)} and ${inRange("x.word", range)})`;
}

/**
 * Of a product's SKUs (in variant order), the one the typed text found: the first whose words
 * start with every typed word, else the first that has one of them; null when only the name matched.
 */
export function matchedSku(skus: readonly string[], text: string): string | null {
  const typed = productQueryWords(text);
  const hits = (sku: string) => {
    const words = textWordsOf(sku);
    return typed.filter((word) => words.some((stored) => stored.startsWith(word))).length;
  };
  const counted = skus.map((sku) => ({ sku, hits: hits(sku) }));
  return (
    counted.find((entry) => entry.hits === typed.length && entry.hits > 0)?.sku ??
    counted.find((entry) => entry.hits > 0)?.sku ??
    null
  );
}

/** Rows per insert: two parameters each, far below either engine's limit. */
const rowsPerInsert = 1_000;
/** Products read and rewritten per round. */
const productsPerRound = 500;

/** Inserts words rows as they are (`replaceProductWords` has deleted the products' old ones). */
async function insertProductWords(db: Db, rows: readonly { word: string; product_id: number }[]): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerInsert) {
    await db
      .insertInto("product_search_words")
      .values(rows.slice(start, start + rowsPerInsert))
      .execute();
  }
}

/** The words rows of products given with their name and SKUs. */
export function productWordRows(
  products: readonly { id: number; name: string; skus: readonly string[] }[],
): { word: string; product_id: number }[] {
  return products.flatMap((product) =>
    productWordsOf(product.name, product.skus).map((word) => ({ word, product_id: product.id })),
  );
}

/**
 * Writes these products' words again from their name and variants' SKUs, in the caller's
 * transaction: every write that changes a name or a SKU calls it (a deleted product's go by cascade).
 */
export async function replaceProductWords(db: Db, productIds: readonly number[]): Promise<void> {
  const unique = [...new Set(productIds)];
  for (let start = 0; start < unique.length; start += productsPerRound) {
    const ids = unique.slice(start, start + productsPerRound);
    // One after the other: a transaction's statements share its one connection.
    const products = await db.selectFrom("products").select(["id", "name"]).where("id", "in", ids).execute();
    const variants = await db
      .selectFrom("variants")
      .select(["product_id", "sku"])
      .where("product_id", "in", ids)
      .orderBy("id")
      .execute();
    const skus = new Map<number, string[]>();
    for (const variant of variants) {
      const list = skus.get(variant.product_id);
      if (list) list.push(variant.sku);
      else skus.set(variant.product_id, [variant.sku]);
    }
    await db.deleteFrom("product_search_words").where("product_id", "in", ids).execute();
    await insertProductWords(
      db,
      productWordRows(products.map((product) => ({ ...product, skus: skus.get(product.id) ?? [] }))),
    );
  }
}
