// @vitest-environment node
import type { ProductDetail } from "@vaki/contract/catalog";
import { describe, expect, it } from "vitest";
import { configure, renderPage } from "./entry-server";
import { jsonResponse } from "./test/render-route";

/*
 * The server's drawing of a page (decision 0020), run in Node as the server runs it: no window,
 * no document, no storage. It draws the page from the catalogue's answers it asks for, and asks
 * for nothing that belongs to one shopper.
 */

const product: ProductDetail = {
  id: 7,
  name: "Jugnu Glow Tee",
  slug: "jugnu-glow-tee",
  price: 129900,
  currency: "INR",
  imageUrl: "/media/black.svg",
  images: [
    { id: 1, imageUrl: "/media/black.svg", productId: 7, displayOrder: 0, primary: true, alt: "Black", color: "Black" },
  ],
  categories: [{ id: 4, name: "Tees", slug: "tees", parentId: 1, imageUrl: null }],
  variants: [
    {
      id: 70,
      sku: "VK-70",
      finalPrice: 129900,
      inventoryQuantity: 3,
      inStock: true,
      attributes: { Size: "M", Color: "Black", theme: null, storyDescription: null },
    },
  ],
  featured: false,
  inStock: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  description: "<p>Glows a little.</p>",
  specifications: [{ name: "GSM", value: "180" }],
  deliveryInfo: "<p>Free shipping worldwide</p>",
  options: [
    { name: "Color", values: [{ value: "Black", swatch: "#111111" }] },
    { name: "Size", values: [{ value: "M", swatch: null }] },
  ],
  character: null,
};

function answer(data: unknown, status = 200): Response {
  return jsonResponse({ success: status < 400, message: status < 400 ? "OK" : "Not found", data }, status);
}

describe("the server's drawing of a page", () => {
  it("draws a product page from the catalogue's answer and hands the answer on", async () => {
    const asked: string[] = [];
    configure({
      fetch: async (url) => {
        asked.push(url);
        if (url.startsWith("/api/products/fetch/7")) return answer(product);
        return answer(null, 404);
      },
    });
    const page = await renderPage("http://shop.test/product/7");
    expect(page?.html).toContain("Jugnu Glow Tee</h1>");
    expect(page?.html).toContain("1,299");
    expect(page?.html).toContain("Glows a little.");
    // Only the catalogue's shared answers: never the cart, the session or the wishlist.
    expect(asked.length).toBeGreaterThan(0);
    for (const url of asked) expect(url).toMatch(/^\/api\/(products|categories)/);
    const state = page?.state as { queries: { queryKey: unknown[]; state: { status: string } }[] };
    expect(state.queries).toContainEqual(
      expect.objectContaining({
        queryKey: ["catalogue", "product", "7"],
        state: expect.objectContaining({ status: "success" }),
      }),
    );
  });

  it("draws a static page without asking anything", async () => {
    const asked: string[] = [];
    configure({
      fetch: async (url) => {
        asked.push(url);
        return answer(null, 404);
      },
    });
    const page = await renderPage("http://shop.test/about");
    expect(page?.html).toMatch(/<h1[^>]*>[^<]*About/i);
    expect(page?.html).not.toContain("<!--$!-->");
    expect(asked.filter((url) => !url.startsWith("/api/products") && !url.startsWith("/api/categories"))).toEqual([]);
  });
});
