import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertCategory, insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { systemClock } from "../../lib/clock.js";
import { CatalogRepo } from "./repo.js";
import { CatalogService } from "./service.js";

describe(`catalogue API (${testEngine})`, () => {
  let shop: TestShop;
  const ids: Record<string, number> = {};
  const slugs: Record<string, string> = {};

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await shop.app.inject({ method: "GET", url, headers });
    return {
      status: response.statusCode,
      body: response.statusCode === 304 ? undefined : response.json(),
      headers: response.headers,
    };
  };

  beforeAll(async () => {
    // No background work (outbox, sweeps) whose statements could land in a statement budget.
    shop = await createTestShop({ CATALOGUE_POLL_MS: "100", OUTBOX_INTERVAL_MS: "0", HOLD_SWEEP_INTERVAL_MS: "0" });
    const db = shop.database.db;
    ids.clothing = await insertCategory(db, { name: "Clothing", excludedImagePositions: [6, 11, 12] });
    ids.accessories = await insertCategory(db, { name: "Accessories" });
    ids.vakiverse = await insertCategory(db, { name: "Vakiverse" });
    ids.hoodies = await insertCategory(db, { name: "Hoodies", parentId: ids.clothing });
    ids.tees = await insertCategory(db, { name: "Oversized Tees", parentId: ids.clothing });
    ids.hidden = await insertCategory(db, { name: "Secret Drops", parentId: ids.clothing, active: false });
    ids.luna = await insertCategory(db, {
      name: "Luna",
      parentId: ids.vakiverse,
      description: "Keeps the moon's lamp lit for night owls.",
    });

    const day = (n: number) => new Date(Date.UTC(2026, 9, n)).toISOString();
    const hoodie = await insertProduct(db, {
      name: "Orbit Hoodie",
      price: 249_900,
      categoryIds: [ids.hoodies],
      variants: [
        { size: "S", color: "Midnight Black", stock: 0 },
        { size: "M", color: "Midnight Black", stock: 4 },
        { size: "L", color: "Acid Lime", stock: 2 },
      ],
      images: 4,
      featured: true,
      popularity: 90,
      createdAt: day(1),
    });
    ids.orbitHoodie = hoodie.id;
    slugs.orbitHoodie = hoodie.slug;
    ids.zipHoodie = (
      await insertProduct(db, {
        name: "Static Zip Hoodie",
        price: 279_900,
        categoryIds: [ids.hoodies],
        variants: [{ size: "XL", color: "Storm Grey", stock: 0 }],
        popularity: 10,
        createdAt: day(2),
      })
    ).id;
    ids.tee = (
      await insertProduct(db, {
        name: "Moonwalk Oversized Tee",
        price: 119_900,
        categoryIds: [ids.tees],
        variants: [
          { size: "M", color: "Off White", stock: 8 },
          { size: "L", color: "Off White", stock: 8 },
        ],
        popularity: 50,
        createdAt: day(3),
      })
    ).id;
    ids.lunaTee = (
      await insertProduct(db, {
        name: "Luna Lamp Tee",
        price: 129_900,
        categoryIds: [ids.luna, ids.tees],
        variants: [{ size: "M", color: "Moon Blue", stock: 3, theme: "Luna" }],
        images: 3,
        featured: true,
        popularity: 70,
        createdAt: day(4),
      })
    ).id;
    ids.cap = (
      await insertProduct(db, {
        name: "Crater Cap",
        price: 69_900,
        categoryIds: [ids.accessories],
        variants: [{ size: "Free Size", color: "Midnight Black", stock: 12 }],
        popularity: 20,
        createdAt: day(5),
      })
    ).id;
    ids.retired = (
      await insertProduct(db, { name: "Retired Hoodie", categoryIds: [ids.hoodies], active: false, createdAt: day(6) })
    ).id;
    ids.secret = (await insertProduct(db, { name: "Secret Tee", categoryIds: [ids.hidden], createdAt: day(7) })).id;
    // Enough Clothing products to fill a card slider and see category 1's excluded positions.
    for (let n = 0; n < 12; n++) {
      await insertProduct(db, {
        name: `Basic Tee ${n}`,
        price: 79_900 + n * 1_000,
        categoryIds: [ids.tees],
        images: 1,
        popularity: 30 - n,
        createdAt: day(8 + n),
      });
    }
    // Tests write straight to the database: tell the shop its catalogue changed.
    await new CatalogService(new CatalogRepo(db), systemClock).catalogueChanged();
    await waitForCatalogueReload();
  });
  afterAll(async () => shop.close());

  /** Lets the version watcher (polling every 100 ms in tests) see a change. */
  const waitForCatalogueReload = () => new Promise((resolve) => setTimeout(resolve, 250));

  describe("categories", () => {
    it("lists the active tree with children, counts that include descendants, and card images", async () => {
      const { status, body } = await get("/api/categories");
      expect(status).toBe(200);
      expect(body.data.page).toEqual({ number: 0, size: 10, totalElements: 3, totalPages: 1 });
      const clothing = body.data.content.find((c: { id: number }) => c.id === ids.clothing);
      expect(clothing.children.map((c: { name: string }) => c.name)).toEqual(["Hoodies", "Oversized Tees"]);
      expect(clothing.productCount).toBe(2 + 2 + 12);
      const hoodies = clothing.children[0];
      expect(hoodies.productCount).toBe(2);
      expect(hoodies.productImages[0]).toMatchObject({ productId: ids.orbitHoodie, displayOrder: 0 });
      expect(JSON.stringify(body)).not.toContain("Secret");
    });

    it("drops the excluded slider positions of category 1 (R-STORE-5)", async () => {
      expect(ids.clothing).toBe(1);
      const { body } = await get(`/api/categories/fetch/${ids.clothing}?includeChildren=true`);
      const images = body.data.productImages as { productId: number; displayOrder: number }[];
      expect(images).toHaveLength(12);
      expect(images.map((image) => image.displayOrder)).toEqual([...Array(12).keys()]);
      const { body: all } = await get("/api/products?categoryId=1&sort=popular&limit=20");
      const byPopularity = all.data.content.map((p: { id: number }) => p.id);
      const expected = byPopularity
        .filter((_: number, position: number) => ![6, 11, 12].includes(position))
        .slice(0, 12);
      expect(images.map((image) => image.productId)).toEqual(expected);
    });

    it("gives a character category's children their story, image and product images", async () => {
      const { status, body } = await get(`/api/categories/fetch/${ids.vakiverse}?includeChildren=true`);
      expect(status).toBe(200);
      const [luna] = body.data.children;
      expect(luna).toMatchObject({ name: "Luna", description: expect.stringContaining("moon"), productCount: 1 });
      expect(luna.imageUrl).toMatch(/^\/media\//);
      expect(luna.productImages.map((i: { productId: number }) => i.productId)).toEqual([
        ids.lunaTee,
        ids.lunaTee,
        ids.lunaTee,
      ]);
      const { body: bare } = await get(`/api/categories/fetch/${ids.vakiverse}?includeChildren=false`);
      expect(bare.data.children).toEqual([]);
    });

    it("answers unknown, hidden and malformed category ids with 404 and 400", async () => {
      const missing = await get("/api/categories/fetch/999");
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe("Category with ID 999 not found or has no products.");
      expect((await get(`/api/categories/fetch/${ids.hidden}`)).status).toBe(404);
      expect((await get("/api/categories/fetch/no-such-slug")).status).toBe(404);
      const malformed = await get("/api/categories/fetch/Not_A_Slug");
      expect(malformed.status).toBe(400);
      expect(malformed.body.fieldErrors).toHaveProperty("id");
      expect((await get("/api/categories?limit=101")).status).toBe(400);
      expect((await get("/api/categories?page=0")).status).toBe(400);
    });

    it("pages the top level", async () => {
      const { body } = await get("/api/categories?page=2&limit=2");
      expect(body.data.content).toHaveLength(1);
      expect(body.data.page).toEqual({ number: 1, size: 2, totalElements: 3, totalPages: 2 });
      expect(body.data.hasNext).toBe(false);
    });

    it("takes the spec home page's size as the page size, limit winning when both come", async () => {
      const bySize = await get("/api/categories?includeInactive=false&page=1&size=1");
      expect(bySize.body.data.content).toHaveLength(1);
      expect(bySize.body.data.page).toMatchObject({ size: 1, totalElements: 3 });
      const both = await get("/api/categories?size=1&limit=2");
      expect(both.body.data.page.size).toBe(2);
      expect((await get("/api/categories?size=0")).status).toBe(400);
    });
  });

  describe("product lists", () => {
    it("lists active products newest first, 20 a page, in the list shape", async () => {
      const { status, body } = await get("/api/products?page=1&limit=20");
      expect(status).toBe(200);
      expect(body.data.page).toEqual({ number: 0, size: 20, totalElements: 18, totalPages: 1 });
      expect(body.data.hasNext).toBe(false);
      const names = body.data.content.map((p: { name: string }) => p.name);
      expect(names[0]).toBe("Basic Tee 11");
      expect(names).not.toContain("Retired Hoodie");
      // A product stays on sale when its only category is hidden; the hidden category is not shown.
      const secret = body.data.content.find((p: { name: string }) => p.name === "Secret Tee");
      expect(secret.categories).toEqual([]);
      const card = body.data.content.find((p: { id: number }) => p.id === ids.orbitHoodie);
      expect(card).toMatchObject({ price: 249_900, currency: "INR", featured: true, inStock: true });
      expect(card.categories[0]).toMatchObject({ id: ids.hoodies, name: "Hoodies", parentId: ids.clothing });
    });

    it("applies only the filters given: size, colour, price range, stock, category and sort", async () => {
      const names = async (query: string) =>
        (await get(`/api/products?${query}`)).body.data.content.map((p: { name: string }) => p.name);
      expect(await names("size=XL")).toEqual(["Static Zip Hoodie"]);
      expect(await names("size=XL&inStock=true")).toEqual([]);
      expect(await names("color=acid%20lime")).toEqual(["Orbit Hoodie"]);
      expect(await names("size=S&inStock=true")).toEqual([]);
      expect(await names("minPrice=200000&sort=price_asc")).toEqual(["Orbit Hoodie", "Static Zip Hoodie"]);
      expect(await names("maxPrice=70000")).toEqual(["Crater Cap"]);
      expect(await names(`categoryId=${ids.hoodies}&sort=price_desc`)).toEqual(["Static Zip Hoodie", "Orbit Hoodie"]);
      expect(await names("sort=popular&limit=2")).toEqual(["Orbit Hoodie", "Luna Lamp Tee"]);
    });

    it("refuses malformed paging and filters with field errors", async () => {
      for (const query of [
        "page=-1",
        "page=abc",
        "limit=0",
        "limit=1000",
        "sort=cheapest",
        "minPrice=-5",
        "inStock=maybe",
      ]) {
        const { status, body } = await get(`/api/products?${query}`);
        expect(status, query).toBe(400);
        expect(body.success).toBe(false);
        expect(Object.keys(body.fieldErrors).length, query).toBeGreaterThan(0);
      }
    });

    it("pages past the end with an empty page that still knows the total", async () => {
      const { body } = await get("/api/products?page=5&limit=10");
      expect(body.data.content).toEqual([]);
      expect(body.data.page).toEqual({ number: 4, size: 10, totalElements: 18, totalPages: 2 });
    });

    it("lists a category's products including its descendants, 10 a page by default", async () => {
      const { status, body } = await get(`/api/products/category/${ids.clothing}`);
      expect(status).toBe(200);
      expect(body.data.page).toMatchObject({ size: 10, totalElements: 16 });
      expect(body.data.hasNext).toBe(true);
      const luna = await get(`/api/products/category/${ids.luna}`);
      expect(luna.body.data.content.map((p: { id: number }) => p.id)).toEqual([ids.lunaTee]);
    });

    it("answers an unknown category with the spec's message", async () => {
      const { status, body } = await get("/api/products/category/4242");
      expect(status).toBe(404);
      expect(body).toMatchObject({ success: false, message: "Category with ID 4242 not found or has no products." });
    });

    it("lists featured products (8 by default)", async () => {
      const { body } = await get("/api/products/featured");
      expect(body.data.content.map((p: { id: number }) => p.id)).toEqual([ids.orbitHoodie, ids.lunaTee]);
      expect(body.data.page.size).toBe(8);
    });
  });

  describe("one product", () => {
    it("answers by id and by slug with sorted images, categories, variants and details", async () => {
      for (const url of [
        `/api/products/${ids.orbitHoodie}`,
        `/api/products/fetch/${ids.orbitHoodie}`,
        `/api/products/fetch/${slugs.orbitHoodie}`,
      ]) {
        const { status, body } = await get(url);
        expect(status, url).toBe(200);
        const product = body.data;
        expect(product.id).toBe(ids.orbitHoodie);
        expect(product.images.map((i: { displayOrder: number }) => i.displayOrder)).toEqual([0, 1, 2, 3]);
        expect(product.images[0].primary).toBe(true);
        expect(product.imageUrl).toBe(product.images[0].imageUrl);
        expect(product.variants[0]).toMatchObject({
          finalPrice: 249_900,
          inventoryQuantity: 0,
          inStock: false,
          attributes: { Size: "S", Color: "Midnight Black", theme: null, storyDescription: null },
        });
        expect(product.specifications).toEqual([{ name: "Fabric", value: "100% cotton" }]);
        expect(product.description).toContain("<p>");
        expect(product.deliveryInfo).toContain("24 hours");
      }
    });

    it("answers 404 for unknown or inactive products and 400 for malformed ids", async () => {
      expect((await get("/api/products/fetch/987654")).status).toBe(404);
      expect((await get("/api/products/fetch/no-such-thing")).status).toBe(404);
      expect((await get(`/api/products/fetch/${ids.retired}`)).status).toBe(404);
      const malformed = await get("/api/products/fetch/%3Cscript%3E");
      expect(malformed.status).toBe(400);
    });

    it("answers a product's stock as it is now, uncached, while the product answer stays cached", async () => {
      const cached = await get(`/api/products/${ids.orbitHoodie}`);
      const variantM = cached.body.data.variants.find(
        (v: { attributes: { Size: string } }) => v.attributes.Size === "M",
      );
      expect(variantM.inventoryQuantity).toBe(4);

      // A sale elsewhere: the stock moves without a catalogue version.
      await shop.database.db.updateTable("variants").set({ stock_quantity: 0 }).where("id", "=", variantM.id).execute();
      const stale = await get(`/api/products/${ids.orbitHoodie}`);
      expect(stale.body.data.variants.find((v: { id: number }) => v.id === variantM.id).inventoryQuantity).toBe(4);

      for (const key of [ids.orbitHoodie, slugs.orbitHoodie]) {
        const { status, body, headers } = await get(`/api/products/${key}/stock`);
        expect(status).toBe(200);
        expect(headers["cache-control"]).toBe("no-store");
        expect(body.data.productId).toBe(ids.orbitHoodie);
        expect(body.data.variants.map((v: { id: number }) => v.id)).toEqual(
          cached.body.data.variants.map((v: { id: number }) => v.id),
        );
        expect(body.data.variants.find((v: { id: number }) => v.id === variantM.id)).toEqual({
          id: variantM.id,
          inventoryQuantity: 0,
          inStock: false,
        });
      }
      await shop.database.db.updateTable("variants").set({ stock_quantity: 4 }).where("id", "=", variantM.id).execute();
      expect((await get(`/api/products/${ids.retired}/stock`)).status).toBe(404);
      expect((await get("/api/products/987654/stock")).status).toBe(404);
    });

    it("relates products of the same category first, never the product itself, topped up from featured, then best sellers", async () => {
      const { status, body } = await get(`/api/products/${ids.zipHoodie}/related`);
      expect(status).toBe(200);
      const related = body.data.map((p: { id: number }) => p.id);
      expect(related).toHaveLength(4);
      expect(related[0]).toBe(ids.orbitHoodie);
      expect(related[1]).toBe(ids.lunaTee);
      expect(related).not.toContain(ids.zipHoodie);
      expect((await get(`/api/products/${ids.zipHoodie}/related?limit=1`)).body.data).toHaveLength(1);
      expect((await get("/api/products/999999/related")).status).toBe(404);
    });
  });

  describe("search", () => {
    const found = async (keyword: string) =>
      (await get(`/api/products/search?keyword=${encodeURIComponent(keyword)}&page=1&limit=10`)).body.data;

    it("finds products despite typos and from word beginnings", async () => {
      expect((await found("hodie")).content.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(["Orbit Hoodie", "Static Zip Hoodie"]),
      );
      expect((await found("over")).content.map((p: { name: string }) => p.name)).toContain("Moonwalk Oversized Tee");
      expect((await found("orbt")).content[0].name).toBe("Orbit Hoodie");
    });

    it("matches category (and parent category), character and colour names", async () => {
      expect((await found("luna")).content[0].name).toBe("Luna Lamp Tee");
      expect((await found("vakiverse")).content.map((p: { name: string }) => p.name)).toEqual(["Luna Lamp Tee"]);
      expect((await found("acid lime")).content[0].name).toBe("Orbit Hoodie");
      const hoodies = await found("hoodies");
      expect(hoodies.page.totalElements).toBeGreaterThanOrEqual(2);
    });

    it("leaves out words every description has, unless typed last", async () => {
      const plain = await found("orbit hoodie");
      const worded = await found("the orbit hoodie");
      expect(worded.content[0].name).toBe("Orbit Hoodie");
      expect(worded.page.totalElements).toBe(plain.page.totalElements);
      expect((await found("orbit hoodie with")).content[0].name).toBe("Orbit Hoodie");
      // Typed last, a stop word may be the start of another word: "or" of "orbit".
      expect((await found("or")).content.map((p: { name: string }) => p.name)).toContain("Orbit Hoodie");
    });

    it("answers in the list shape with the total, and nothing for nonsense", async () => {
      const page = await found("tee");
      expect(page.page.totalElements).toBeGreaterThan(10);
      expect(page.content).toHaveLength(10);
      expect(page.hasNext).toBe(true);
      expect((await found("zzqxv")).page.totalElements).toBe(0);
    });

    it("answers the results page in the list's shape, best match first, with facets, filters and sorts", async () => {
      const names = (body: { data: { content: { name: string }[] } }) => body.data.content.map((p) => p.name);
      const best = (await get("/api/search?q=hoodie")).body;
      expect(names(best).slice(0, 2)).toEqual(expect.arrayContaining(["Orbit Hoodie", "Static Zip Hoodie"]));
      expect(best.data.category).toBeNull();
      expect(best.data.facets.colors.map((c: { value: string }) => c.value)).toContain("Acid Lime");
      expect(best.data.page.totalElements).toBe(best.data.content.length);

      const lime = (await get("/api/search?q=hoodie&color=Acid%20Lime")).body;
      expect(names(lime)).toEqual(["Orbit Hoodie"]);
      // Each facet ignores its own filter, so the shopper can widen it again.
      expect(lime.data.facets.colors.length).toBeGreaterThan(1);

      const cheapest = (await get("/api/search?q=hoodie&sort=price_asc")).body;
      const prices = cheapest.data.content.map((p: { price: number }) => p.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));

      const paged = (await get("/api/search?q=tee&limit=3&page=2")).body.data;
      expect(paged.content).toHaveLength(3);
      expect(paged.page.number).toBe(1);
      expect((await get("/api/search?q=zzqxv")).body.data.page.totalElements).toBe(0);
      expect((await get("/api/search?q=")).status).toBe(400);
      expect((await get("/api/search?q=tee&sort=cheapest")).status).toBe(400);
    });

    it("answers the cards a browser remembers in its order, leaving unknown ones out", async () => {
      // 9812345678 is past the integer range of ids: PostgreSQL answered 500 before (found by the fuzz test).
      const { body } = await get(`/api/products/cards?ids=${ids.cap},${ids.orbitHoodie},999999,9812345678,${ids.cap}`);
      expect(body.data.map((p: { id: number }) => p.id)).toEqual([Number(ids.cap), Number(ids.orbitHoodie)]);
      expect((await get("/api/products/cards?ids=1,x")).status).toBe(400);
      const many = Array.from({ length: 25 }, (_, i) => i + 1).join(",");
      expect((await get(`/api/products/cards?ids=${many}`)).status).toBe(400);
    });

    it("refuses an empty or oversized keyword", async () => {
      expect((await get("/api/products/search?keyword=")).status).toBe(400);
      expect((await get(`/api/products/search?keyword=${"a".repeat(101)}`)).status).toBe(400);
    });
  });

  describe("caching", () => {
    it("sends an ETag and Cache-Control, and 304 when the client has the answer", async () => {
      const first = await get("/api/products?limit=5");
      expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers["cache-control"]).toContain("max-age");
      const again = await get("/api/products?limit=5", { "if-none-match": String(first.headers.etag) });
      expect(again.status).toBe(304);
      const changed = await get("/api/products?limit=5", { "if-none-match": '"something-else"' });
      expect(changed.status).toBe(200);
    });

    it("follows a change made by another process, and sanitises product HTML on write", async () => {
      const elsewhere = new CatalogService(new CatalogRepo(shop.database.db), systemClock);
      await elsewhere.updateProduct(Number(ids.cap), {
        name: "Crater Cap 2.0",
        descriptionHtml:
          '<p onclick="steal()">Curved peak.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>',
      });
      await waitForCatalogueReload();
      const { body } = await get(`/api/products/fetch/${ids.cap}`);
      expect(body.data.name).toBe("Crater Cap 2.0");
      expect(body.data.description).toBe('<p>Curved peak.</p><a rel="noopener noreferrer">x</a>');
      expect((await get("/api/products/search?keyword=crater")).body.data.content[0].name).toBe("Crater Cap 2.0");
    });
  });

  describe("statement budget on a cold cache", () => {
    // The version poll's statements (every 100 ms here) may land in the middle of a request.
    const polls = ["shop_state", "catalogue_changes", '"stock_ledger" as "l"'];
    const requestStatements = () =>
      shop.database.statements.filter((sql) => !polls.some((table) => sql.includes(table))).length;
    const statementsFor = async (url: string, warmUp?: string) => {
      await new CatalogService(new CatalogRepo(shop.database.db), systemClock).catalogueChanged();
      await waitForCatalogueReload();
      if (warmUp) expect((await shop.app.inject({ method: "GET", url: warmUp })).statusCode).toBe(200);
      shop.database.statements.length = 0;
      const response = await shop.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      return requestStatements();
    };

    it("runs at most 4 statements for a list page with its facets, whatever its size", async () => {
      // The list index is built once per catalogue version: 2 statements, then 3 per 5,000 products.
      expect(await statementsFor("/api/products?limit=2")).toBeLessThanOrEqual(2 + 3 + 4);
      const warm = "/api/products?limit=1";
      expect(await statementsFor("/api/products?limit=2", warm)).toBeLessThanOrEqual(4);
      expect(await statementsFor("/api/products?limit=100&size=M&inStock=true", warm)).toBeLessThanOrEqual(4);
      // The category index is read once per catalogue version (one statement), then shared.
      const category = `/api/products/category/${ids.clothing}?limit=50&size=M`;
      expect(await statementsFor(category, `/api/products/category/${ids.clothing}?limit=1`)).toBeLessThanOrEqual(4);
      // A product's change: its list rows are read again (3 statements), nothing else.
      await shop.app.inject({ method: "GET", url: warm });
      await new CatalogService(new CatalogRepo(shop.database.db), systemClock).catalogueChanged([Number(ids.cap)]);
      await waitForCatalogueReload();
      shop.database.statements.length = 0;
      expect((await shop.app.inject({ method: "GET", url: category })).statusCode).toBe(200);
      expect(requestStatements()).toBeLessThanOrEqual(3 + 4);
      expect(await statementsFor("/api/products/featured?limit=50")).toBeLessThanOrEqual(4);
    });

    it("runs at most 4 statements for a product page and its related products", async () => {
      expect(await statementsFor(`/api/products/fetch/${ids.orbitHoodie}`)).toBeLessThanOrEqual(4);
      expect(await statementsFor(`/api/products/${ids.orbitHoodie}/related?limit=20`)).toBeLessThanOrEqual(4);
    });

    it("runs a fixed number of statements for the category tree", async () => {
      expect(await statementsFor("/api/categories?limit=100")).toBeLessThanOrEqual(3);
    });
  });
});
