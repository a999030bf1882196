import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { CategoryNode } from "@vaki/contract/catalog";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, renderRoute } from "../../test/render-route";

const ok = (data: unknown) => jsonResponse({ success: true, message: "OK", data });

function character(id: number, name: string, productId: number | null): CategoryNode {
  return {
    id,
    name,
    slug: name.toLowerCase(),
    parentId: 3,
    description: `${name} has a story.`,
    tagline: `${name}'s hook.`,
    accentColor: "#FF3D8B",
    imageUrl: null,
    displayOrder: id,
    productCount: productId === null ? 0 : 1,
    productImages: productId === null ? [] : [{ imageUrl: "/p.svg", productId, displayOrder: 0, primary: true }],
    children: [],
  };
}

function vakiverse(children: CategoryNode[]): CategoryNode {
  return { ...character(3, "Vakiverse", null), parentId: null, children };
}

const NAMES = ["Luna", "Orbit", "Patang", "Wirewala", "Cutting", "Baadal", "Jugnu", "Rahu", "Meter", "Tara", "Bijli"];
const cast = (count: number) =>
  Array.from({ length: count }, (_, i) => character(100 + i, NAMES[i] ?? `Extra ${i}`, 500 + i));

let categoryCalls: URL[];

function serve(category: () => Response) {
  categoryCalls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(
        typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
        "http://shop",
      );
      if (url.pathname === "/api/categories/fetch/3") {
        categoryCalls.push(url);
        return category();
      }
      if (url.pathname === "/api/cart") return ok({ items: [], itemCount: 0 });
      if (url.pathname === "/api/categories")
        return ok({ content: [], page: { number: 1, size: 50, totalElements: 0, totalPages: 1 }, hasNext: false });
      return jsonResponse({ success: false, message: "Not found", error: "NotFound" }, 404);
    }),
  );
}

beforeEach(() => {
  localStorage.clear();
  // jsdom has no canvas; the starfield simply does not draw.
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the Vakiverse landing page", () => {
  it("asks for category 3 with its children and shows one orb per character", async () => {
    serve(() => ok(vakiverse(cast(3))));
    renderRoute("/vakiverse");
    expect(await screen.findByText("Loading characters...")).toBeInTheDocument();
    const orbs = await screen.findByRole("list", { name: "Characters on the wires" });
    expect(
      within(orbs)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Luna", "Orbit", "Patang"]);
    expect(categoryCalls[0]?.searchParams.get("includeChildren")).toBe("true");
    expect(document.querySelectorAll(".vk-wire")).toHaveLength(3);
    expect(document.title).toMatch(/Vakiverse/);
    expect(screen.queryByText("+ More characters available")).not.toBeInTheDocument();
  });

  it("shows the card on hover and opens the product page from it", async () => {
    serve(() => ok(vakiverse(cast(2))));
    const { router } = renderRoute("/vakiverse");
    const orb = await screen.findByRole("button", { name: "Orbit" });
    fireEvent.pointerEnter(orb);
    const card = await screen.findByRole("dialog", { name: "Orbit" });
    expect(within(card).getByText("Orbit has a story.")).toBeInTheDocument();
    fireEvent.click(within(card).getByRole("button", { name: "View Product Details" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/product/501"));
  });

  it("opens the product page when an orb with a product is clicked", async () => {
    serve(() => ok(vakiverse(cast(2))));
    const { router, user } = renderRoute("/vakiverse");
    await user.click(await screen.findByRole("button", { name: "Luna" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/product/500"));
  });

  it("pins the card of a character without a product, with no product button, and closes it", async () => {
    serve(() => ok(vakiverse([character(7, "Rahu", null)])));
    const { user, router } = renderRoute("/vakiverse");
    const orb = await screen.findByRole("button", { name: "Rahu" });
    await user.click(orb);
    const card = await screen.findByRole("dialog", { name: "Rahu" });
    expect(router.state.location.pathname).toBe("/vakiverse");
    expect(orb).toHaveAttribute("aria-expanded", "true");
    expect(within(card).queryByRole("button", { name: "View Product Details" })).not.toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog", { name: "Rahu" })).not.toBeInTheDocument();
  });

  it("hides a hovered card 120 ms after the pointer leaves", async () => {
    serve(() => ok(vakiverse(cast(2))));
    renderRoute("/vakiverse");
    const orb = await screen.findByRole("button", { name: "Luna" });
    vi.useFakeTimers();
    try {
      fireEvent.pointerEnter(orb);
      expect(screen.getByRole("dialog", { name: "Luna" })).toBeInTheDocument();
      fireEvent.pointerLeave(orb);
      act(() => vi.advanceTimersByTime(100));
      expect(screen.getByRole("dialog", { name: "Luna" })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(20));
      expect(screen.queryByRole("dialog", { name: "Luna" })).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the card when an orb gets keyboard focus and closes it with Escape", async () => {
    serve(() => ok(vakiverse(cast(2))));
    const { user } = renderRoute("/vakiverse");
    const orb = await screen.findByRole("button", { name: "Orbit" });
    act(() => orb.focus());
    expect(await screen.findByRole("dialog", { name: "Orbit" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(orb).toHaveFocus();
  });

  it("puts at most 12 orbs on the wires and links to all characters", async () => {
    serve(() => ok(vakiverse(cast(15))));
    const { user, router } = renderRoute("/vakiverse");
    const orbs = await screen.findByRole("list", { name: "Characters on the wires" });
    expect(within(orbs).getAllByRole("button")).toHaveLength(12);
    expect(screen.getByText("+ More characters available")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "View All Characters" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/category-products/3"));
    expect(router.state.location.search).toBe("?name=Characters");
  });

  it("shows the error with Retry, and loads again", async () => {
    let fail = true;
    serve(() =>
      fail
        ? jsonResponse({ success: false, message: "Failed to load characters", error: "Internal" }, 500)
        : ok(vakiverse(cast(1))),
    );
    const { user } = renderRoute("/vakiverse");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to load characters");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("button", { name: "Luna" })).toBeInTheDocument();
  });

  it("says the product store is not available when the catalogue cannot be reached", async () => {
    serve(() => {
      throw new TypeError("Failed to fetch");
    });
    renderRoute("/vakiverse");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to load characters");
    expect(alert).toHaveTextContent("Product store is not available");
    expect(within(alert).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });
});
