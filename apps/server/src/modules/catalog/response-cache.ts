import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import { LRUCache } from "lru-cache";
import { compressionThresholdBytes } from "../../lib/content-encoding.js";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * An answer serialised once: the JSON body and its strong ETag, and — once it is cached — its
 * brotli (quick level) and gzip forms, compressed once and then served to every browser as they are.
 */
export interface CachedAnswer {
  body: string;
  etag: string;
  encoded?: { br: Buffer; gzip: Buffer };
}

/** Adds the compressed forms to an answer large enough to be worth it. */
export async function withEncodings(answer: CachedAnswer): Promise<CachedAnswer> {
  if (Buffer.byteLength(answer.body) < compressionThresholdBytes) return answer;
  const [br, gzip] = await Promise.all([
    brotli(answer.body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
    }),
    gzipped(answer.body, { level: 6 }),
  ]);
  return { ...answer, encoded: { br, gzip } };
}

export function toCachedAnswer(value: unknown): CachedAnswer {
  const body = JSON.stringify(value);
  const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`;
  return { body, etag };
}

/** What the cache keeps by default: answers with their compressed forms, counted in bytes. */
export const defaultCacheBytes = 64 * 1024 * 1024;

/** An answer's weight in the cache: its body and the compressed forms kept beside it. */
function bytesOf(answer: CachedAnswer): number {
  return answer.body.length + (answer.encoded ? answer.encoded.br.length + answer.encoded.gzip.length : 0);
}

interface Entry {
  answer: CachedAnswer;
  /** The product a product page answers (its key may be an id or any slug); undefined for every other answer. */
  productId?: number | undefined;
}

/**
 * In-process cache of catalogue answers, keyed by the normalised request and bounded by bytes
 * (a 100,000-product catalogue has more distinct answers than any entry count would bound
 * sensibly). Concurrent misses for one key share a single computation; `clear()` drops
 * everything when the catalogue changes, `evictProducts()` what a change of some products touches.
 */
export class ResponseCache {
  private readonly answers: LRUCache<string, Entry>;
  private readonly pending = new Map<string, Promise<CachedAnswer>>();
  private generation = 0;

  /**
   * `ttlMs` bounds how stale stock figures on product pages can get: holds and sales change
   * stock without moving the catalogue version (that would drop the whole cache on every order).
   */
  constructor(maxBytes = defaultCacheBytes, ttlMs = 10_000) {
    this.answers = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (entry) => Math.max(1, bytesOf(entry.answer)),
      ttl: ttlMs,
      ttlAutopurge: false,
    });
  }

  /** `productOf` names the product a computed answer shows, for a product page (see `evictProducts`). */
  async get(
    key: string,
    compute: () => Promise<unknown>,
    productOf?: (value: unknown) => number | undefined,
  ): Promise<CachedAnswer> {
    const hit = this.answers.get(key);
    if (hit) return hit.answer;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;

    const generation = this.generation;
    const computing = compute()
      .then(async (value) => ({ answer: await withEncodings(toCachedAnswer(value)), productId: productOf?.(value) }))
      .then((entry) => {
        // An answer computed across a catalogue change may be stale: serve it once, don't keep it.
        if (generation === this.generation) this.answers.set(key, entry);
        return entry.answer;
      })
      .finally(() => {
        if (this.pending.get(key) === computing) this.pending.delete(key);
      });
    this.pending.set(key, computing);
    return computing;
  }

  clear(): void {
    this.generation += 1;
    this.answers.clear();
    this.pending.clear();
  }

  /**
   * After a change of these products: their product pages go, and so does every answer that is
   * not a product page (lists, search, related, cards may show any product, and are cheap to
   * compute again); other products' pages stay.
   */
  evictProducts(productIds: ReadonlySet<number>): void {
    this.generation += 1;
    this.pending.clear();
    const doomed = [...this.answers.entries()]
      .filter(([, entry]) => entry.productId === undefined || productIds.has(entry.productId))
      .map(([key]) => key);
    for (const key of doomed) this.answers.delete(key);
  }

  get size(): number {
    return this.answers.size;
  }

  /** The bytes the kept answers weigh (bodies and compressed forms). */
  get bytes(): number {
    return this.answers.calculatedSize;
  }
}
