import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../test/helpers/app.js";

/** A tiny build of each app: the storefront's and the admin's index pages and one hashed asset each. */
function fakeDist(title: string, asset: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vaki-dist-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "index.html"), `<!doctype html><title>${title}</title><div id=root></div>`);
  writeFileSync(path.join(dir, "assets", asset), `console.log(${JSON.stringify(title)})`);
  return dir;
}

describe("the admin app at /admin/", () => {
  let shop: TestShop;
  let webDir: string;
  let adminDir: string;

  beforeAll(async () => {
    webDir = fakeDist("VAKI shop", "index-AbCd1234.js");
    adminDir = fakeDist("VAKI admin", "admin-QrSt9876.js");
    shop = await createTestShop({ WEB_DIST_DIR: webDir, ADMIN_DIST_DIR: adminDir });
  });
  afterAll(async () => {
    await shop.close();
    rmSync(webDir, { recursive: true, force: true });
    rmSync(adminDir, { recursive: true, force: true });
  });

  const get = (url: string) => shop.app.inject({ method: "GET", url, headers: { accept: "text/html" } });

  it("redirects /admin to /admin/ and serves the admin's own index there, never cached", async () => {
    const bare = await get("/admin");
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe("/admin/");
    const withQuery = await get("/admin?x=1");
    expect(withQuery.headers.location).toBe("/admin/?x=1");

    const index = await get("/admin/");
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain("VAKI admin");
    expect(index.headers["cache-control"]).toBe("no-cache");
    expect(index.headers["content-type"]).toContain("text/html");
    expect(index.headers["content-security-policy"]).toContain("script-src 'self'");
  });

  it("answers every admin navigation with the admin's index (SPA fallback), setup links included", async () => {
    for (const url of ["/admin/orders", "/admin/orders/abc-123", "/admin/setup?token=abc", "/admin/sign-in"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain("VAKI admin");
    }
  });

  it("serves hashed assets for a year and 404s a missing one instead of the page", async () => {
    const asset = await get("/admin/assets/admin-QrSt9876.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.body).toContain("VAKI admin");
    const missing = await get("/admin/assets/admin-Gone0000.js");
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain("VAKI");
  });

  it("keeps the storefront's fallback and assets as they were, and never mixes the two apps", async () => {
    const page = await get("/about");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("VAKI shop");
    // A path no storefront page has gets the storefront's own not-found view (404), not the admin's.
    const unknown = await get("/some/storefront/page");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain("VAKI admin");
    const asset = await get("/assets/index-AbCd1234.js");
    expect(asset.statusCode).toBe(200);
    // The admin's asset is not at the storefront's path, nor the storefront's under /admin.
    expect((await get("/assets/admin-QrSt9876.js")).body).not.toContain("VAKI admin");
    expect((await get("/admin/assets/index-AbCd1234.js")).statusCode).toBe(404);
    // API paths still answer JSON 404s.
    const api = await shop.app.inject({ method: "GET", url: "/api/admin/no-such-route" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, error: "NotFound" });
  });
});

describe("a shop without the admin build", () => {
  let shop: TestShop;
  let webDir: string;

  beforeAll(async () => {
    webDir = fakeDist("VAKI shop", "index-AbCd1234.js");
    shop = await createTestShop({ WEB_DIST_DIR: webDir, ADMIN_DIST_DIR: path.join(webDir, "no-such-dir") });
  });
  afterAll(async () => {
    await shop.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("answers /admin/* with a 404, never with the storefront's page", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/admin/orders", headers: { accept: "text/html" } });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("VAKI shop");
    const storefront = await shop.app.inject({ method: "GET", url: "/about", headers: { accept: "text/html" } });
    expect(storefront.statusCode).toBe(200);
  });
});
