import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import { LRUCache } from "lru-cache";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Below this many bytes an answer goes out as it is (compression would not pay). */
export const compressionThresholdBytes = 1024;

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

/**
 * In-process cache of catalogue answers, keyed by the normalised request. Concurrent misses for
 * one key share a single computation; `clear()` drops everything when the catalogue changes.
 */
export class ResponseCache {
  private readonly answers: LRUCache<string, CachedAnswer>;
  private readonly pending = new Map<string, Promise<CachedAnswer>>();
  private generation = 0;

  /**
   * `ttlMs` bounds how stale stock figures on product pages can get: holds and sales change
   * stock without moving the catalogue version (that would drop the whole cache on every order).
   */
  constructor(maxEntries = 5_000, ttlMs = 10_000) {
    this.answers = new LRUCache({ max: maxEntries, ttl: ttlMs, ttlAutopurge: false });
  }

  async get(key: string, compute: () => Promise<unknown>): Promise<CachedAnswer> {
    const hit = this.answers.get(key);
    if (hit) return hit;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;

    const generation = this.generation;
    const computing = compute()
      .then((value) => withEncodings(toCachedAnswer(value)))
      .then((answer) => {
        // An answer computed across a catalogue change may be stale: serve it once, don't keep it.
        if (generation === this.generation) this.answers.set(key, answer);
        return answer;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, computing);
    return computing;
  }

  clear(): void {
    this.generation += 1;
    this.answers.clear();
    this.pending.clear();
  }

  get size(): number {
    return this.answers.size;
  }
}
