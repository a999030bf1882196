import { screen, waitFor } from "@testing-library/react";
import type { CategoryNode } from "@vaki/contract/catalog";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubCarouselApis } from "../../test/carousel-apis";
import { jsonResponse, renderRoute } from "../../test/render-route";
import { mixByParent } from "./mix-by-parent";

function node(id: number, name: string, parentId: number | null, children: CategoryNode[] = []): CategoryNode {
  return {
    id,
    name,
    slug: name.toLowerCase(),
    parentId,
    description: null,
    tagline: null,
    accentColor: null,
    imageUrl: `/media/categories/${id}.svg`,
    displayOrder: id,
    productCount: 2,
    productImages: [{ imageUrl: `/media/p${id}.svg`, productId: id * 10, displayOrder: 0, primary: true }],
    children,
  };
}

const TREE = [
  node(1, "Clothing", null, [node(4, "Tees", 1), node(5, "Hoodies", 1)]),
  node(2, "Accessories", null, [node(10, "Caps", 2)]),
];

const list = (content: unknown[]) => ({
  content,
  page: { number: 0, size: 10, totalElements: content.length, totalPages: 1 },
  hasNext: false,
});

let requests: URL[] = [];

beforeEach(() => {
  requests = [];
  localStorage.setItem("joinClubModalShown", String(Date.now()));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://shop.test");
      requests.push(url);
      if (url.pathname === "/api/categories") return jsonResponse({ success: true, message: "OK", data: list(TREE) });
      if (url.pathname === "/api/products")
        return jsonResponse({
          success: true,
          message: "OK",
          data: { ...list([]), facets: { sizes: [], colors: [], price: null, inStockCount: 0 }, category: null },
        });
      return jsonResponse({ success: false, message: "Not found", error: "NotFound" }, 404);
    }),
  );
  stubCarouselApis();
});

afterEach(() => {
  localStorage.clear();
});

describe("the home page", () => {
  it("paints the hero and its poster first, with the tagline title", async () => {
    renderRoute("/");
    expect(await screen.findByRole("heading", { level: 1, name: /fresh off the wire/i })).toBeInTheDocument();
    const poster = document.querySelector(".hero-media__poster");
    expect(poster).toHaveAttribute("fetchpriority", "high");
    expect(poster).toHaveAttribute("width", "1280");
    expect(poster).toHaveAttribute("height", "720");
    expect(screen.getByRole("link", { name: /shop all/i })).toHaveAttribute("href", "/products");
    expect(screen.getByRole("link", { name: "Enter the Vakiverse" })).toHaveAttribute("href", "/vakiverse");
    await waitFor(() => expect(document.title).toBe("VAKI | Streetwear from the Vakiverse"));
  });

  it("adds the muted video and its controls 100 ms after mount", async () => {
    renderRoute("/");
    await screen.findByRole("heading", { level: 1 });
    await waitFor(() => expect(document.querySelector("video")).not.toBeNull());
    const video = document.querySelector("video") as HTMLVideoElement;
    expect(video.muted).toBe(true);
    expect(video).toHaveAttribute("muted");
    expect(video).toHaveAttribute("loop");
    expect(video).toHaveAttribute("playsinline");
    expect(screen.getByRole("button", { name: "Unmute video" })).toBeInTheDocument();
  });

  it("unmuting starts a paused video, and the button then offers to mute", async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, "paused", "get").mockReturnValue(true);
    const { user } = renderRoute("/");
    const unmute = await screen.findByRole("button", { name: "Unmute video" });
    // The autoplay attempt runs in an effect after the button's commit: let it happen first.
    await waitFor(() => expect(play).toHaveBeenCalled());
    play.mockClear();
    await user.click(unmute);
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Mute video" })).toBeInTheDocument();
    expect((document.querySelector("video") as HTMLVideoElement).muted).toBe(false);
  });

  it("loads categories (page 1, size 10) before the products (page 1, limit 20)", async () => {
    renderRoute("/");
    await screen.findByRole("region", { name: "Shop the drop" });
    await waitFor(() => expect(requests.some((url) => url.pathname === "/api/products")).toBe(true));
    const home = requests.filter((url) => ["/api/categories", "/api/products"].includes(url.pathname));
    const categories = home.findIndex((url) => url.searchParams.get("size") === "10");
    const products = home.findIndex((url) => url.pathname === "/api/products");
    expect(categories).toBeGreaterThanOrEqual(0);
    expect(categories).toBeLessThan(products);
    expect(home[categories]?.searchParams.get("includeInactive")).toBe("false");
    expect(home[categories]?.searchParams.get("page")).toBe("1");
    expect(home[products]?.searchParams.get("page")).toBe("1");
    expect(home[products]?.searchParams.get("limit")).toBe("20");
  });

  it("shows the subcategories in the carousel and the grid, grouped under their parents", async () => {
    renderRoute("/");
    await screen.findByRole("region", { name: "Shop the drop" });
    expect(screen.getByRole("region", { name: "Clothing" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /view all clothing/i })).toHaveAttribute("href", "/products/1");
  });
});

describe("the carousel's order", () => {
  it("takes one card from each parent in turn", () => {
    const items = [
      ...TREE[0]!.children.map((category) => ({ kind: "subcategory" as const, category, parentName: "Clothing" })),
      ...TREE[1]!.children.map((category) => ({ kind: "subcategory" as const, category, parentName: "Accessories" })),
    ];
    expect(mixByParent(items).map((item) => item.category.name)).toEqual(["Tees", "Caps", "Hoodies"]);
  });
});
