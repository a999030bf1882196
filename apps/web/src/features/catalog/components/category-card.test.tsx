import { act, fireEvent, render, screen } from "@testing-library/react";
import type { CategoryNode } from "@vaki/contract/catalog";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CARD_SLIDE_MS, CategoryCard, categoryCardTarget, TOUCH_CLEAR_MS, unifiedCategoryItems } from "./category-card";

type Image = CategoryNode["productImages"][number];

function image(
  productId: number,
  displayOrder: number,
  imageUrl = `/media/products/p${productId}-${displayOrder}.svg`,
): Image {
  return { imageUrl, productId, displayOrder, primary: displayOrder === 0 };
}

function category(overrides: Partial<CategoryNode> = {}): CategoryNode {
  const id = overrides.id ?? 4;
  return {
    id,
    name: `Category ${id}`,
    slug: `category-${id}`,
    parentId: null,
    description: null,
    tagline: null,
    accentColor: null,
    imageUrl: `/media/categories/${id}.svg`,
    displayOrder: 0,
    productCount: 3,
    productImages: [],
    children: [],
    ...overrides,
  };
}

describe("the unified carousel items", () => {
  it("are each childless category, and each subcategory of the others, tagged by kind", () => {
    const tees = category({ id: 4, parentId: 1, name: "Tees" });
    const caps = category({ id: 10, parentId: 2, name: "Caps" });
    const items = unifiedCategoryItems([
      category({ id: 1, name: "Clothing", children: [tees] }),
      category({ id: 30, name: "Gift Cards" }),
      category({ id: 2, name: "Accessories", children: [caps] }),
    ]);
    expect(items.map((item) => [item.kind, item.category.name, item.parentName])).toEqual([
      ["subcategory", "Tees", "Clothing"],
      ["category", "Gift Cards", null],
      ["subcategory", "Caps", "Accessories"],
    ]);
  });
});

describe("where a card leads", () => {
  it("a category card goes to its product list", () => {
    const item = { kind: "category" as const, category: category({ id: 30, productImages: [image(9, 0)] }) };
    expect(categoryCardTarget(item)).toBe("/products/30");
  });

  it("a subcategory card goes to the product of its first image by displayOrder", () => {
    const item = {
      kind: "subcategory" as const,
      category: category({ id: 4, productImages: [image(12, 3), image(26, 1), image(28, 2)] }),
    };
    expect(categoryCardTarget(item)).toBe("/product/26");
  });

  it("skips images without a product, and falls back to the list when none has one", () => {
    const withGap = {
      kind: "subcategory" as const,
      category: category({ id: 4, productImages: [image(0, 0), image(31, 1)] }),
    };
    expect(categoryCardTarget(withGap)).toBe("/product/31");
    const none = { kind: "subcategory" as const, category: category({ id: 4, productImages: [] }) };
    expect(categoryCardTarget(none)).toBe("/products/4");
  });
});

describe("the card", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function renderCard(node: CategoryNode) {
    return render(
      <MemoryRouter>
        <CategoryCard item={{ kind: "subcategory", category: node, parentName: "Clothing" }} />
      </MemoryRouter>,
    );
  }

  const tees = category({
    id: 4,
    name: "Tees",
    productCount: 9,
    productImages: [image(26, 0), image(28, 1), image(3, 2)],
  });

  function slide() {
    return document.querySelector(".category-card__image--slide")?.getAttribute("src") ?? null;
  }

  it("is a link named by its name, with lazy images of explicit size", () => {
    renderCard(tees);
    const link = screen.getByRole("link", { name: /Tees/ });
    expect(link).toHaveAttribute("href", "/product/26");
    expect(link).toHaveTextContent("9 pieces");
    const picture = link.querySelector("img");
    expect(picture).toHaveAttribute("src", "/media/categories/4.svg");
    expect(picture).not.toHaveAttribute("srcset");
    expect(picture).toHaveAttribute("loading", "lazy");
    expect(picture).toHaveAttribute("width", "800");
    expect(picture).toHaveAttribute("height", "1000");
  });

  it("slides through its product images every 1500 ms while hovered, and shows the default again after", () => {
    renderCard(tees);
    const link = screen.getByRole("link", { name: /Tees/ });
    expect(slide()).toBeNull();
    fireEvent.mouseEnter(link);
    expect(slide()).toBe("/media/products/p26-0.svg");
    act(() => {
      vi.advanceTimersByTime(CARD_SLIDE_MS);
    });
    expect(slide()).toBe("/media/products/p28-1.svg");
    act(() => {
      vi.advanceTimersByTime(CARD_SLIDE_MS * 2);
    });
    expect(slide()).toBe("/media/products/p26-0.svg");
    fireEvent.mouseLeave(link);
    expect(slide()).toBeNull();
  });

  it("keeps the touched state for 3 s after the finger lifts", () => {
    renderCard(tees);
    const link = screen.getByRole("link", { name: /Tees/ });
    fireEvent.touchStart(link);
    fireEvent.touchEnd(link);
    act(() => {
      vi.advanceTimersByTime(TOUCH_CLEAR_MS - 1);
    });
    expect(slide()).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(slide()).toBeNull();
  });

  it("draws an uploaded picture from its renditions (AVIF, WebP, then JPEG) in the same 4:5 box", () => {
    const hash = "c".repeat(64);
    renderCard(category({ ...tees, imageUrl: `/media/photos/${hash}-960.jpg` }));
    const link = screen.getByRole("link", { name: /Tees/ });
    const sources = [...link.querySelectorAll("picture source")];
    expect(sources.map((source) => source.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    expect(sources[0]?.getAttribute("srcset")).toBe(
      `/media/photos/${hash}-320.avif 320w, /media/photos/${hash}-640.avif 640w, /media/photos/${hash}-960.avif 960w`,
    );
    const picture = link.querySelector("picture img");
    expect(picture).toHaveAttribute("src", `/media/photos/${hash}-960.jpg`);
    expect(picture?.getAttribute("srcset")).toContain(`/media/photos/${hash}-640.jpg 640w`);
    expect(picture).toHaveAttribute("sizes", "(min-width: 40rem) 24rem, 100vw");
    expect(picture).toHaveAttribute("width", "800");
    expect(picture).toHaveAttribute("height", "1000");
  });

  it("hides an image that fails to load", () => {
    renderCard(tees);
    const picture = screen.getByRole("link", { name: /Tees/ }).querySelector("img");
    expect(picture).not.toBeNull();
    fireEvent.error(picture as HTMLImageElement);
    expect(screen.getByRole("link", { name: /Tees/ }).querySelector("img")).toBeNull();
  });
});
