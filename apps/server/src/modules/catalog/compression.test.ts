import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { testEngine } from "../../../test/helpers/database.js";
import { preferredEncoding } from "../../lib/content-encoding.js";
import { seedCatalogue } from "../../seed/seed.js";
import { ResponseCache } from "./response-cache.js";

const browser = "gzip, deflate, br, zstd";

describe(`compressed catalogue answers (${testEngine})`, () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
    await seedCatalogue(shop.database.db, { mediaDir: `${shop.config.dataDir}/media` });
  });
  afterAll(async () => shop.close());

  const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: "GET", url, headers });

  it("serves the brotli form kept with the cached answer to a browser, with Vary", async () => {
    const plain = await get("/api/products?page=1&limit=20");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("accept-encoding");
    const first = await get("/api/products?page=1&limit=20", { "accept-encoding": browser });
    const second = await get("/api/products?page=1&limit=20", { "accept-encoding": browser });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers.vary).toContain("accept-encoding");
    expect(first.headers["content-type"]).toContain("application/json");
    expect(first.headers.etag).toBe(plain.headers.etag);
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(first.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it("serves gzip to a client without brotli, and answers 304 to a matching ETag", async () => {
    const plain = await get("/api/products/featured?limit=8");
    const gz = await get("/api/products/featured?limit=8", { "accept-encoding": "gzip;q=1.0, br;q=0" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const again = await get("/api/products/featured?limit=8", {
      "accept-encoding": browser,
      "if-none-match": String(plain.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it("compresses an answer once, when it is cached", async () => {
    const cache = new ResponseCache();
    const compute = async () => ({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Tee ${i}` })) });
    const a = await cache.get("k", compute);
    const b = await cache.get("k", compute);
    expect(a.encoded?.br).toBeInstanceOf(Buffer);
    expect(b.encoded?.br).toBe(a.encoded?.br);
    expect(b.encoded?.gzip).toBe(a.encoded?.gzip);
    const small = await cache.get("small", async () => ({ ok: true }));
    expect(small.encoded).toBeUndefined();
  });

  it("reads Accept-Encoding with its q-values", () => {
    expect(preferredEncoding(browser)).toBe("br");
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(preferredEncoding("identity")).toBeUndefined();
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
