import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../test/helpers/app.js";
import { testEngine } from "../../test/helpers/database.js";
import { seedCatalogue } from "./seed.js";

describe(`generated art on a server that did not seed the catalogue (${testEngine})`, () => {
  let shop: TestShop;
  // Another process (another machine) seeded the shared database and wrote the art to its own disk.
  const otherMedia = mkdtempSync(path.join(os.tmpdir(), "vaki-other-media-"));
  const ownMedia = mkdtempSync(path.join(os.tmpdir(), "vaki-own-media-"));

  beforeAll(async () => {
    shop = await createTestShop({ MEDIA_DIR: ownMedia });
    await seedCatalogue(shop.database.db, { mediaDir: otherMedia, shopName: "VAKI" });
  });
  afterAll(async () => {
    await shop.close();
    rmSync(otherMedia, { recursive: true, force: true });
    rmSync(ownMedia, { recursive: true, force: true });
  });

  it("serves from MEDIA_DIR and draws a missing picture on demand, the same bytes the seed wrote", async () => {
    expect(shop.config.mediaDir).toBe(ownMedia);
    const images = await shop.database.db.selectFrom("product_images").select("url").limit(3).execute();
    const categories = await shop.database.db
      .selectFrom("categories")
      .select("image_url")
      .where("image_url", "is not", null)
      .limit(1)
      .execute();
    const urls = [...images.map((row) => row.url), ...categories.map((row) => row.image_url!)];
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) {
      const relative = url.slice("/media/".length);
      expect(existsSync(path.join(ownMedia, relative))).toBe(false);
      const answer = await shop.app.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers["content-type"]).toContain("image/svg+xml");
      expect(answer.body).toBe(readFileSync(path.join(otherMedia, relative), "utf8"));
      expect(existsSync(path.join(ownMedia, relative))).toBe(true);
    }
  });

  it("still answers 404 for pictures no catalogue has, and never leaves the media folder", async () => {
    for (const url of ["/media/products/no-such-picture.svg", "/media/..%2Fsecrets.svg", "/media/%2e%2e/x.svg"]) {
      const answer = await shop.app.inject({ method: "GET", url });
      expect([403, 404], url).toContain(answer.statusCode);
    }
    expect(existsSync(path.join(ownMedia, "products", "no-such-picture.svg"))).toBe(false);
  });
});
