import { screen, waitFor, within } from "@testing-library/react";
import type { ProductDetail, Variant } from "@vaki/contract/catalog";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, renderRoute } from "../../test/render-route";

function variant(id: number, size: string | null, color: string, quantity: number): Variant {
  return {
    id,
    sku: `VK-${id}`,
    finalPrice: 99900,
    inventoryQuantity: quantity,
    inStock: quantity > 0,
    attributes: { Size: size, Color: color, theme: null, storyDescription: null },
  };
}

const product: ProductDetail = {
  id: 7,
  name: "Jugnu Glow Tee",
  slug: "jugnu-glow-tee",
  price: 99900,
  currency: "INR",
  imageUrl: "/media/black.svg",
  images: [
    {
      id: 1,
      imageUrl: "/media/black.svg",
      productId: 7,
      displayOrder: 0,
      primary: true,
      alt: "Black",
      color: "Midnight Black",
    },
    {
      id: 2,
      imageUrl: "/media/green.svg",
      productId: 7,
      displayOrder: 1,
      primary: false,
      alt: "Green",
      color: "Bottle Green",
    },
  ],
  categories: [{ id: 4, name: "Tees", slug: "tees", parentId: 1, imageUrl: null }],
  variants: [
    variant(70, null, "Midnight Black", 9),
    variant(71, "S", "Midnight Black", 0),
    variant(72, "M", "Midnight Black", 2),
    variant(73, "L", "Midnight Black", 8),
    variant(74, "S", "Bottle Green", 5),
    variant(75, "M", "Bottle Green", 0),
  ],
  featured: false,
  inStock: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  description: "<p>Glows a little.</p>",
  specifications: [{ name: "GSM", value: "180" }],
  deliveryInfo: "<p>Free shipping worldwide</p>",
  options: [
    {
      name: "Color",
      values: [
        { value: "Midnight Black", swatch: "#111111" },
        { value: "Bottle Green", swatch: "#1f4d3a" },
      ],
    },
    { name: "Size", values: ["S", "M", "L"].map((value) => ({ value, swatch: null })) },
  ],
  character: null,
};

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), "http://shop.test");
      // The product by its id, its slug, and the slug it had before a rename.
      if (
        ["/api/products/fetch/7", "/api/products/fetch/jugnu-glow-tee", "/api/products/fetch/glow-tee"].includes(
          url.pathname,
        )
      )
        return jsonResponse({ success: true, message: "OK", data: product });
      if (url.pathname === "/api/products/featured") {
        return jsonResponse({
          success: true,
          message: "OK",
          data: { content: [], page: { number: 0, size: 8, totalElements: 0, totalPages: 0 }, hasNext: false },
        });
      }
      return jsonResponse({ success: false, message: "Not found", error: "NotFound" }, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The first look waits for the lazily loaded route as well as the product. */
const firstLoad = { timeout: 10_000 };

describe("product page sizes", { timeout: 20_000 }, () => {
  it("lists only sized variants of the chosen colour and preselects the first in stock", async () => {
    renderRoute("/product/7");
    expect(await screen.findByRole("heading", { level: 1, name: "Jugnu Glow Tee" }, firstLoad)).toBeInTheDocument();

    const sizes = screen.getByRole("radiogroup", { name: "Size" });
    const radios = within(sizes).getAllByRole("radio");
    expect(radios.map((radio) => radio.closest("label")?.textContent)).toEqual(["S", "M", "L"]);
    expect(within(sizes).getByRole("radio", { name: "M" })).toBeChecked();
    expect(screen.getByRole("radiogroup", { name: "Color" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Midnight Black" })).toBeChecked();
    expect(screen.getByText("Only 2 left")).toBeInTheDocument();
    expect(screen.getByText("Rs. 999")).toBeInTheDocument();
    expect(screen.getByText("inclusive of all taxes")).toBeInTheDocument();
  });

  it("keeps a sold-out size focusable, announced as sold out, and not choosable", async () => {
    const { user } = renderRoute("/product/7");
    const soldOut = await screen.findByRole("radio", { name: "S" }, firstLoad);
    expect(soldOut).toHaveAttribute("aria-disabled", "true");
    expect(soldOut).not.toBeDisabled();
    expect(soldOut).toHaveAccessibleDescription("Sold out");
    soldOut.focus();
    expect(soldOut).toHaveFocus();

    await user.click(soldOut);
    expect(screen.getByRole("radio", { name: "M" })).toBeChecked();
    expect(soldOut).not.toBeChecked();
  });

  it("follows the colour: its sizes, its images, and the choice in the URL", async () => {
    const { user, router } = renderRoute("/product/7");
    await user.click(await screen.findByRole("radio", { name: "Bottle Green" }, firstLoad));

    await waitFor(() => expect(router.state.location.search).toBe("?color=Bottle+Green&size=S"));
    const sizes = screen.getByRole("radiogroup", { name: "Size" });
    expect(within(sizes).getAllByRole("radio")).toHaveLength(2);
    expect(within(sizes).getByRole("radio", { name: "S" })).toBeChecked();
    expect(screen.getByRole("img", { name: "Green" })).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "Black" })).not.toBeInTheDocument();
  });

  it("shows the product's address now after a link by its old slug, keeping the colour", async () => {
    const { router } = renderRoute("/product/glow-tee?color=Bottle+Green");
    expect(await screen.findByRole("heading", { level: 1, name: "Jugnu Glow Tee" }, firstLoad)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/product/jugnu-glow-tee"));
    expect(router.state.location.search).toContain("color=Bottle+Green");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(screen.getByRole("radio", { name: "Bottle Green" })).toBeChecked();
  });

  it("keeps an address by id or by the current slug as it is", async () => {
    const { router } = renderRoute("/product/jugnu-glow-tee");
    expect(await screen.findByRole("heading", { level: 1, name: "Jugnu Glow Tee" }, firstLoad)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/product/jugnu-glow-tee");
    expect(router.state.historyAction).toBe("POP");
  });

  it("opens with the colour and size a shared link asks for", async () => {
    renderRoute("/product/7?color=Midnight+Black&size=L");
    expect(await screen.findByRole("radio", { name: "L" }, firstLoad)).toBeChecked();
  });
});
