import type { ProductDetail } from "@vaki/contract/catalog";
import { describe, expect, it } from "vitest";
import { withLiveStock } from "./live-stock";

function product(stock: number[]): ProductDetail {
  return {
    id: 7,
    name: "Orbit Hoodie",
    slug: "orbit-hoodie",
    price: 249_900,
    currency: "INR",
    imageUrl: null,
    images: [],
    categories: [],
    featured: false,
    inStock: stock.some((quantity) => quantity > 0),
    createdAt: "2026-10-01T00:00:00.000Z",
    description: "",
    specifications: [],
    deliveryInfo: "",
    options: [],
    character: null,
    variants: stock.map((quantity, index) => ({
      id: index + 1,
      sku: `ORB-${index + 1}`,
      finalPrice: 249_900,
      inventoryQuantity: quantity,
      inStock: quantity > 0,
      attributes: { Size: ["S", "M", "L"][index] ?? null, Color: "Black", theme: null, storyDescription: null },
    })),
  };
}

describe("live stock on a product page", () => {
  it("takes each variant's stock from the fresher answer and greys out what sold out", () => {
    const served = product([3, 1, 0]);
    const live = withLiveStock(served, {
      productId: 7,
      variants: [
        { id: 1, inventoryQuantity: 3, inStock: true },
        { id: 2, inventoryQuantity: 0, inStock: false },
        { id: 3, inventoryQuantity: 4, inStock: true },
      ],
    });
    expect(live.variants.map((variant) => [variant.inventoryQuantity, variant.inStock])).toEqual([
      [3, true],
      [0, false],
      [4, true],
    ]);
    expect(live.variants[0]).toBe(served.variants[0]);
    expect(live.inStock).toBe(true);
  });

  it("marks the product sold out when every variant is, and leaves it alone without news", () => {
    const served = product([1, 1]);
    const soldOut = withLiveStock(served, {
      productId: 7,
      variants: [
        { id: 1, inventoryQuantity: 0, inStock: false },
        { id: 2, inventoryQuantity: 0, inStock: false },
      ],
    });
    expect(soldOut.inStock).toBe(false);
    expect(withLiveStock(served, undefined)).toBe(served);
    expect(withLiveStock(served, { productId: 8, variants: [] })).toBe(served);
    const same = withLiveStock(served, {
      productId: 7,
      variants: [
        { id: 1, inventoryQuantity: 1, inStock: true },
        { id: 2, inventoryQuantity: 1, inStock: true },
      ],
    });
    expect(same).toBe(served);
  });
});
