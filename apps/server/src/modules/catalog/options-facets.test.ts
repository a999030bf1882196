import {
  type FacetedProductList,
  facetedProductListSchema,
  type ProductDetail,
  productDetailSchema,
} from "@vaki/contract/catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertCategory, insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { systemClock } from "../../lib/clock.js";
import { CatalogRepo } from "./repo.js";
import { CatalogService } from "./service.js";

describe(`colours, characters, facets and category context (${testEngine})`, () => {
  let shop: TestShop;
  const ids = { clothing: 0, tees: 0, vakiverse: 0, dhoomketu: 0, plainTee: 0, comet: 0, cap: 0 };
  let cometSlug = "";

  const get = async (url: string) => {
    const response = await shop.app.inject({ method: "GET", url });
    return { status: response.statusCode, body: response.json() };
  };
  const product = async (key: number | string): Promise<ProductDetail> => {
    const { status, body } = await get(`/api/products/fetch/${key}`);
    expect(status).toBe(200);
    return productDetailSchema.parse(body.data);
  };
  const list = async (url: string): Promise<FacetedProductList> => {
    const { status, body } = await get(url);
    expect(status, url).toBe(200);
    return facetedProductListSchema.parse(body.data);
  };
  const names = (page: FacetedProductList) => page.content.map((p) => p.name).sort();
  const counts = (values: { value: string; count: number }[]) => values.map((v) => `${v.value}:${v.count}`);

  beforeAll(async () => {
    shop = await createTestShop({ CATALOGUE_POLL_MS: "100" });
    const db = shop.database.db;
    ids.clothing = await insertCategory(db, { name: "Clothing" });
    ids.tees = await insertCategory(db, { name: "Oversized Tees", parentId: ids.clothing });
    ids.vakiverse = await insertCategory(db, { name: "Vakiverse" });
    ids.dhoomketu = await insertCategory(db, {
      name: "Dhoomketu",
      parentId: ids.vakiverse,
      character: true,
      tagline: "A comet that refuses to burn out.",
      accentColor: "#FF6A00",
      description: "Dhoomketu streaks across the Vakiverse once a decade. This time it stayed.",
      imageUrl: "/media/characters/dhoomketu.svg",
    });
    // The spec's rule ("first category has a parent") would call this a character product: it is not.
    ids.plainTee = (
      await insertProduct(db, {
        name: "Plain Heavy Tee",
        price: 99_900,
        categoryIds: [ids.tees],
        variants: [
          { size: "XL", color: "Midnight Black", stock: 3 },
          { size: "S", color: "Midnight Black", stock: 0 },
          { size: "M", color: "Midnight Black", stock: 2 },
        ],
      })
    ).id;
    // Product 16 of the demo data: first category Oversized Tees, second the character.
    const comet = await insertProduct(db, {
      name: "Comet Trail Oversized Tee",
      price: 129_900,
      categoryIds: [ids.tees, ids.dhoomketu],
      variants: [
        { size: "M", color: "Midnight Black", stock: 4, theme: "Dhoomketu" },
        { size: "L", color: "Midnight Black", stock: 0, theme: "Dhoomketu" },
        { size: "M", color: "Sand", stock: 5, theme: "Dhoomketu" },
        { size: "L", color: "Sand", stock: 1, theme: "Dhoomketu" },
      ],
      images: 3,
      imageColors: ["Midnight Black", "Sand", null],
    });
    ids.comet = comet.id;
    cometSlug = comet.slug;
    ids.cap = (
      await insertProduct(db, {
        name: "Moon Cap",
        price: 59_900,
        categoryIds: [ids.vakiverse],
        variants: [{ size: "Free Size", color: "Moon Blue", stock: 0 }],
      })
    ).id;
    await new CatalogService(new CatalogRepo(db), systemClock).catalogueChanged();
    await new Promise((resolve) => setTimeout(resolve, 250));
  });
  afterAll(async () => shop.close());

  describe("the product answer", () => {
    it("lists Color with each value's swatch, and Size in size order, once per value", async () => {
      const comet = await product(ids.comet);
      expect(comet.options).toEqual([
        {
          name: "Color",
          values: [
            { value: "Midnight Black", swatch: "#141416" },
            { value: "Sand", swatch: "#D8C7A4" },
          ],
        },
        {
          name: "Size",
          values: [
            { value: "M", swatch: null },
            { value: "L", swatch: null },
          ],
        },
      ]);
      const plain = await product(ids.plainTee);
      expect(plain.options.find((option) => option.name === "Size")?.values.map((v) => v.value)).toEqual([
        "S",
        "M",
        "XL",
      ]);
      // A colour the shop has no swatch for still shows, without one.
      expect((await product(ids.cap)).options[0]).toEqual({
        name: "Color",
        values: [{ value: "Moon Blue", swatch: null }],
      });
    });

    it("tags each image with the colour it shows, null for one that shows every colour", async () => {
      const comet = await product(cometSlug);
      expect(comet.images.map((image) => image.color)).toEqual(["Midnight Black", "Sand", null]);
    });

    it("names the character whatever the order of the product's categories, and only for characters", async () => {
      const comet = await product(ids.comet);
      expect(comet.categories[0]?.id).not.toBe(ids.dhoomketu);
      expect(comet.character).toEqual({
        id: ids.dhoomketu,
        name: "Dhoomketu",
        slug: expect.stringMatching(/^dhoomketu-/),
        tagline: "A comet that refuses to burn out.",
        story: "Dhoomketu streaks across the Vakiverse once a decade. This time it stayed.",
        accentColor: "#FF6A00",
        imageUrl: "/media/characters/dhoomketu.svg",
      });
      expect(comet.variants.every((variant) => variant.attributes.storyDescription === null)).toBe(true);
      expect((await product(ids.plainTee)).character).toBeNull();
      // Filed under the Vakiverse itself (a parentless category) is not a character.
      expect((await product(ids.cap)).character).toBeNull();
    });
  });

  describe("lists", () => {
    it("answers the facets of all products: sizes in size order, colours with swatches, prices, stock", async () => {
      const page = await list("/api/products?limit=2");
      expect(page.content).toHaveLength(2);
      expect(page.category).toBeNull();
      expect(counts(page.facets.sizes)).toEqual(["S:1", "M:2", "L:1", "XL:1", "Free Size:1"]);
      expect(page.facets.colors).toEqual([
        { value: "Midnight Black", count: 2, swatch: "#141416" },
        { value: "Moon Blue", count: 1, swatch: null },
        { value: "Sand", count: 1, swatch: "#D8C7A4" },
      ]);
      expect(page.facets.price).toEqual({ min: 59_900, max: 129_900 });
      expect(page.facets.inStockCount).toBe(2);
    });

    it("counts each facet with every filter but its own, the variant filters on one variant", async () => {
      const page = await list("/api/products?color=Sand&size=L&inStock=true");
      expect(names(page)).toEqual(["Comet Trail Oversized Tee"]);
      // Sizes: colour Sand and in stock, any size.
      expect(counts(page.facets.sizes)).toEqual(["M:1", "L:1"]);
      // Colours: size L in stock: only Sand (the Midnight Black L is sold out).
      expect(counts(page.facets.colors)).toEqual(["Sand:1"]);
      expect(page.facets.inStockCount).toBe(1);

      const cheap = await list("/api/products?maxPrice=100000&sort=price_asc");
      expect(cheap.content.map((p) => p.name)).toEqual(["Moon Cap", "Plain Heavy Tee"]);
      // The price facet ignores the price filter, so the range can be widened again.
      expect(cheap.facets.price).toEqual({ min: 59_900, max: 129_900 });
      expect(counts(cheap.facets.colors)).toEqual(["Midnight Black:1", "Moon Blue:1"]);

      const none = await list("/api/products?size=XXS");
      expect(none.content).toEqual([]);
      expect(none.facets.price).toBeNull();
      expect(none.facets.inStockCount).toBe(0);
    });

    it("answers a category by id or slug with its facets, itself, its parent and its breadcrumb", async () => {
      const byId = await list(`/api/products/category/${ids.dhoomketu}`);
      const slug = byId.category?.slug;
      expect(byId.category).toEqual({
        id: ids.dhoomketu,
        name: "Dhoomketu",
        slug: expect.stringMatching(/^dhoomketu-/),
        parentId: ids.vakiverse,
        description: "Dhoomketu streaks across the Vakiverse once a decade. This time it stayed.",
        tagline: "A comet that refuses to burn out.",
        accentColor: "#FF6A00",
        imageUrl: "/media/characters/dhoomketu.svg",
        parent: { id: ids.vakiverse, name: "Vakiverse", slug: expect.stringMatching(/^vakiverse-/) },
        breadcrumb: [
          { id: ids.vakiverse, name: "Vakiverse", slug: expect.stringMatching(/^vakiverse-/) },
          { id: ids.dhoomketu, name: "Dhoomketu", slug },
        ],
      });
      expect(names(byId)).toEqual(["Comet Trail Oversized Tee"]);
      expect(counts(byId.facets.sizes)).toEqual(["M:1", "L:1"]);

      const bySlug = await list(`/api/products/category/${slug}`);
      expect(bySlug).toEqual(byId);
      const fetched = await get(`/api/categories/fetch/${slug}`);
      expect(fetched.status).toBe(200);
      expect(fetched.body.data.id).toBe(ids.dhoomketu);
      expect((await get("/api/products/category/no-such-category")).status).toBe(404);
    });

    it("takes the web's filters on a category list: size, colour, price range, stock and sort", async () => {
      const page = await list(
        `/api/products/category/${ids.clothing}?size=M&color=midnight%20black&minPrice=90000&maxPrice=200000&inStock=true&sort=price_desc`,
      );
      expect(page.content.map((p) => p.name)).toEqual(["Comet Trail Oversized Tee", "Plain Heavy Tee"]);
      expect(page.category?.breadcrumb.map((entry) => entry.name)).toEqual(["Clothing"]);
      const all = await list(`/api/products/category/${ids.clothing}?inStock=false`);
      expect(all.page.totalElements).toBe(2);
      expect((await get(`/api/products/category/${ids.clothing}?sort=cheapest`)).status).toBe(400);
    });
  });
});
