import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";
import { asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";
import { replaceProductWords } from "../catalog/product-words.js";

/**
 * The owner's product list searches names and SKUs (admin-reads.ts): text no SKU can hold skips
 * the SKU check, and the list's sorts walk their indexes (0027) in the same order as before.
 */
describe(`the owner's product list, searched and sorted (${testEngine})`, () => {
  let shop: TestShop;
  let owner: StaffSession;
  const ids: Record<string, number> = {};
  const skus: Record<string, string> = {};

  beforeAll(async () => {
    const clock = new ManualClock(new Date());
    shop = await createTestShop({}, { clock });
    owner = await setUpOwner(shop.app, clock);
    const db = shop.database.db;
    const made = [
      { name: "Moon's Oversized Tee", price: 99_900, createdAt: "2026-01-03T00:00:00.000Z" },
      { name: "Terrace Club Hoodie", price: 249_900, createdAt: "2026-01-01T00:00:00.000Z" },
      { name: "Lunar Bloom Tee", price: 79_900, createdAt: "2026-01-02T00:00:00.000Z" },
      { name: "Aurora Socks", price: 79_900, createdAt: "2026-01-04T00:00:00.000Z" },
    ];
    for (const input of made) {
      const product = await insertProduct(db, { ...input, variants: [{ size: "M" }, { size: "L" }] });
      ids[input.name] = product.id;
    }
    // SKUs of the shop's own shape, so a part of one is a search an owner makes.
    for (const [name, code] of [
      ["Terrace Club Hoodie", "HOD-G000042"],
      ["Lunar Bloom Tee", "TEE-G000043"],
    ] as const) {
      await db
        .updateTable("variants")
        .set({ sku: `VK-${code}-BLK-M` })
        .where("product_id", "=", ids[name] ?? 0)
        .where("size", "=", "M")
        .execute();
      skus[name] = `VK-${code}-BLK-M`;
    }
    // The SKUs were written here directly: their search words as every product write keeps them.
    await replaceProductWords(db, Object.values(ids));
  });
  afterAll(async () => shop.close());

  const names = async (query: string) => {
    const response = await asStaff(shop.app, owner, { method: "GET", url: `/api/admin/products?${query}` });
    expect(response.statusCode).toBe(200);
    return (response.json().data.items as { name: string }[]).map((item) => item.name);
  };

  it("finds names by words with spaces or apostrophes, which no SKU holds", async () => {
    expect(await names(`q=${encodeURIComponent("club hoodie")}`)).toEqual(["Terrace Club Hoodie"]);
    expect(await names(`q=${encodeURIComponent("MOON'S")}`)).toEqual(["Moon's Oversized Tee"]);
    expect(await names(`q=${encodeURIComponent("bloom tee")}&sort=price`)).toEqual(["Lunar Bloom Tee"]);
    expect(await names(`q=${encodeURIComponent("nothing like it")}`)).toEqual([]);
  });

  it("still finds a product by a part of a SKU, or its whole SKU in any case", async () => {
    expect(await names("q=g000042")).toEqual(["Terrace Club Hoodie"]);
    expect(await names(`q=${encodeURIComponent(skus["Lunar Bloom Tee"]?.toLowerCase() ?? "")}`)).toEqual([
      "Lunar Bloom Tee",
    ]);
    // A word in both a name and a SKU ("tee"): each product once, by name.
    expect(await names("q=tee")).toEqual(["Lunar Bloom Tee", "Moon's Oversized Tee"]);
  });

  it("sorts and pages by name, time and price with the id breaking ties", async () => {
    expect(await names("")).toEqual(["Aurora Socks", "Lunar Bloom Tee", "Moon's Oversized Tee", "Terrace Club Hoodie"]);
    expect(await names("sort=createdAt&dir=desc")).toEqual([
      "Aurora Socks",
      "Moon's Oversized Tee",
      "Lunar Bloom Tee",
      "Terrace Club Hoodie",
    ]);
    // Two at ₹799: the lower id first going up, last coming down; a cursor keeps that order.
    const up = await names("sort=price");
    expect(up).toEqual(["Lunar Bloom Tee", "Aurora Socks", "Moon's Oversized Tee", "Terrace Club Hoodie"]);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/products?sort=price&dir=desc&limit=1${cursor ? `&cursor=${cursor}` : ""}`;
      const data: { items: { name: string }[]; nextCursor: string | null } = (
        await asStaff(shop.app, owner, { method: "GET", url })
      ).json().data;
      paged.push(...data.items.map((item) => item.name));
      cursor = data.nextCursor;
    } while (cursor);
    expect(paged).toEqual([...up].reverse());
  });

  it("searches the admin's quick search with the same rule", async () => {
    const response = await asStaff(shop.app, owner, { method: "GET", url: "/api/admin/search?q=club%20hoodie" });
    expect(response.statusCode).toBe(200);
    const found = response.json().data.products as { id: number; sku: string | null }[];
    expect(found).toEqual([expect.objectContaining({ id: ids["Terrace Club Hoodie"], sku: null })]);
  });
});
