import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertCategory, insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { systemClock } from "../../lib/clock.js";
import { CatalogRepo } from "../catalog/repo.js";
import { CatalogService } from "../catalog/service.js";

/** A built storefront's index.html, as Vite writes it. */
const builtIndex = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Default description" />
    <title>VAKI | Streetwear from the Vakiverse</title>
    <script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

function builtStorefront(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vaki-web-"));
  writeFileSync(path.join(dir, "index.html"), builtIndex);
  return dir;
}

describe(`storefront pages answered by the server (${testEngine})`, () => {
  let shop: TestShop;
  const ids = { tees: 0, product: 0 };
  let productSlug = "";
  let categorySlug = "";

  beforeAll(async () => {
    shop = await createTestShop({ WEB_DIST_DIR: builtStorefront(), CATALOGUE_POLL_MS: "100" });
    const db = shop.database.db;
    ids.tees = await insertCategory(db, { name: "Tees" });
    const product = await insertProduct(db, { name: "Page Tee", categoryIds: [ids.tees] });
    ids.product = product.id;
    productSlug = product.slug;
    categorySlug = (
      await db.selectFrom("categories").select("slug").where("id", "=", ids.tees).executeTakeFirstOrThrow()
    ).slug;
    await new CatalogService(new CatalogRepo(db), systemClock).catalogueChanged();
    await new Promise((resolve) => setTimeout(resolve, 250));
  });
  afterAll(async () => shop.close());

  const page = (url: string) => shop.app.inject({ method: "GET", url, headers: { accept: "text/html" } });

  it("answers a product or category that exists with 200 and the storefront's page", async () => {
    for (const url of [
      `/product/${ids.product}`,
      `/product/${productSlug}`,
      `/products/${ids.tees}`,
      `/products/${categorySlug}`,
      `/category-products/${ids.tees}?name=Tees`,
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it("answers a product or category that does not exist with 404 and the same page, for the app's not-found view", async () => {
    for (const url of [
      "/product/987654",
      "/product/no-such-tee",
      "/product/Not_A_Key",
      "/products/4242",
      "/products/no-such-category",
      "/category-products/4242",
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain('<div id="root"></div>');
    }
  });
});
