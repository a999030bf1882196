import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";

/** An answer serialised once: the JSON body and its strong ETag. */
export interface CachedAnswer {
  body: string;
  etag: string;
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
      .then((value) => {
        const answer = toCachedAnswer(value);
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
