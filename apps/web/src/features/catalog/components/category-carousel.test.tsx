import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { CategoryNode } from "@vaki/contract/catalog";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { stubCarouselApis, stubNothingOnScreen } from "../../../test/carousel-apis";
import type { CategoryCardItem } from "./category-card";
import { CategoryCarousel, SLIDES_WITH_PICTURES_AT_FIRST } from "./category-carousel";

function item(id: number, name: string): CategoryCardItem {
  const node: CategoryNode = {
    id,
    name,
    slug: name.toLowerCase(),
    parentId: 1,
    description: null,
    tagline: null,
    accentColor: null,
    imageUrl: null,
    displayOrder: 0,
    productCount: 1,
    productImages: [{ imageUrl: `/media/p${id}.svg`, productId: id * 10, displayOrder: 0, primary: true }],
    children: [],
  };
  return { kind: "subcategory", category: node, parentName: "Clothing" };
}

beforeEach(stubCarouselApis);

function renderCarousel(items: CategoryCardItem[]) {
  return render(
    <MemoryRouter>
      <CategoryCarousel items={items} title="Shop the drop" />
    </MemoryRouter>,
  );
}

describe("the category carousel", () => {
  it("shows a single item on its own, without a carousel or arrows", () => {
    renderCarousel([item(4, "Tees")]);
    const section = screen.getByRole("region", { name: "Shop the drop" });
    expect(section).not.toHaveAttribute("aria-roledescription");
    expect(within(section).getByRole("link", { name: /Tees/ })).toHaveAttribute("href", "/product/40");
    expect(screen.queryByRole("button", { name: "Previous slide" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Next slide" })).not.toBeInTheDocument();
    expect(screen.queryAllByRole("group")).toHaveLength(0);
  });

  it("puts two or more items in a named carousel of slides with previous and next arrows", () => {
    renderCarousel([item(4, "Tees"), item(5, "Hoodies"), item(6, "Caps")]);
    const carousel = screen.getByRole("region", { name: "Shop the drop" });
    expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    const slides = within(carousel).getAllByRole("group");
    expect(slides.map((slide) => slide.getAttribute("aria-label"))).toEqual(["1 of 3", "2 of 3", "3 of 3"]);
    expect(within(slides[1] as HTMLElement).getByRole("link", { name: /Hoodies/ })).toHaveAttribute(
      "href",
      "/product/50",
    );
    expect(screen.getByRole("button", { name: "Previous slide" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Next slide" })).toBeInTheDocument();
  });

  it("renders nothing without items", () => {
    const { container } = renderCarousel([]);
    expect(container).toBeEmptyDOMElement();
  });

  it("loads the pictures of the first slides only, keeping the others' cards their full size", () => {
    const items = Array.from({ length: SLIDES_WITH_PICTURES_AT_FIRST + 4 }, (_, i) => item(i + 1, `Fit ${i + 1}`));
    const { container } = renderCarousel(items);
    const slides = screen.getAllByRole("group");
    const withPicture = slides.map((slide) => slide.querySelector("img") !== null);
    expect(withPicture).toEqual(items.map((_, index) => index < SLIDES_WITH_PICTURES_AT_FIRST));
    // Every card, with its picture or not yet, keeps the media box that sizes it.
    expect(container.querySelectorAll(".category-card__media")).toHaveLength(items.length);
  });

  it("waits off screen, and starts when an arrow is pressed before it was seen", async () => {
    // Never idle, never on the screen: only the press starts it.
    vi.stubGlobal("requestIdleCallback", () => 0);
    stubNothingOnScreen();
    renderCarousel([item(4, "Tees"), item(5, "Hoodies"), item(6, "Caps")]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const next = screen.getByRole("button", { name: "Next slide" });
    expect(next).toBeEnabled();

    fireEvent.click(next);
    // Embla now answers for the arrows: in jsdom nothing has a width, so there is nowhere to go.
    await waitFor(() => expect(next).toBeDisabled());
  });
});
