import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "./helpers/app.js";
import { testEngine } from "./helpers/database.js";

function fakeStorefront(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vaki-web-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>VAKI</title><div id=root></div>");
  writeFileSync(path.join(dir, "assets", "index-AbCd1234.js"), "console.log('shop')");
  // A large script with the .br and .gz copies the build writes beside it.
  const large = `console.log(${JSON.stringify("vaki ".repeat(2000))});`;
  writeFileSync(path.join(dir, "assets", "app-EfGh5678.js"), large);
  writeFileSync(path.join(dir, "assets", "app-EfGh5678.js.br"), brotliCompressSync(large));
  writeFileSync(path.join(dir, "assets", "app-EfGh5678.js.gz"), gzipSync(large));
  writeFileSync(path.join(dir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  return dir;
}

describe(`the shop's HTTP shell (${testEngine})`, () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop({ WEB_DIST_DIR: fakeStorefront() });
  });
  afterAll(async () => shop.close());

  it("reports the database up on /api/health", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      data: { status: "ok", database: "up", dialect: testEngine, shopName: "VAKI" },
    });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers unknown API paths with the JSON 404 envelope, never index.html", async () => {
    for (const url of ["/api/nope", "/api/products/x/y/z", "/api"]) {
      const response = await shop.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toContain("application/json");
      expect(response.json()).toMatchObject({ success: false, error: "NotFound" });
    }
  });

  it("answers a malformed or over-long URL in the envelope without echoing it", async () => {
    const long = await shop.app.inject({ method: "GET", url: `/api/products/category/${"x".repeat(300)}` });
    // 414 from the router, or 404 when the storefront's catch-all route takes the path first.
    expect([404, 414]).toContain(long.statusCode);
    expect(long.json()).toMatchObject({ success: false });
    expect(long.body).not.toContain("xxxxxxxx");
    const bad = await shop.app.inject({ method: "GET", url: "/api/products/%E0%A4%A" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false });
  });

  it("serves index.html for storefront routes, revalidated on every visit", async () => {
    // Product and category pages answer 404 when there is no such thing (src/modules/storefront).
    for (const url of ["/", "/products", "/vakiverse?x=1", "/order-confirmation/5"]) {
      const response = await shop.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain("<div id=root>");
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("caches hashed assets for a year and 404s missing files instead of sending the page", async () => {
    const asset = await shop.app.inject({ method: "GET", url: "/assets/index-AbCd1234.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const missing = await shop.app.inject({ method: "GET", url: "/assets/missing-Zz99Yy88.js" });
    expect(missing.statusCode).toBe(404);
  });

  it("sends the build's precompressed copy of an asset to a browser that accepts it", async () => {
    const url = "/assets/app-EfGh5678.js";
    const original = (await shop.app.inject({ method: "GET", url })).body;
    expect(original).toContain("vaki vaki");

    const br = await shop.app.inject({ method: "GET", url, headers: { "accept-encoding": "br, gzip" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(original);

    const gz = await shop.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(original);
  });

  it("sends security headers and a request id", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/" });
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(response.headers["content-security-policy"]).not.toContain("unsafe-inline' 'self'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["x-request-id"]).toBeTruthy();
  });

  it("compresses large answers when asked", async () => {
    const response = await shop.app.inject({
      method: "GET",
      url: "/api/docs/json",
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
  });

  it("publishes the OpenAPI document and its UI at /api/docs", async () => {
    const document = await shop.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(document.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
    expect(Object.keys(document.json().paths)).toContain("/api/health");
    const ui = await shop.app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
