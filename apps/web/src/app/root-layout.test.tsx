import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeOverlay } from "../lib/ui-store";
import { jsonResponse, renderRoute } from "../test/render-route";

const CATEGORIES = [
  { id: 1, name: "Clothing", slug: "clothing" },
  { id: 3, name: "Vakiverse", slug: "vakiverse" },
].map((category) => ({
  ...category,
  parentId: null,
  description: null,
  tagline: null,
  accentColor: null,
  imageUrl: null,
  displayOrder: category.id,
  productCount: 4,
  productImages: [],
  children: [],
}));

/** Lazy route chunks compile on first import under Vitest: give them time. */
const ROUTE_LOAD = { timeout: 10_000 };

/** The site header (a page's own <header> is a banner too for jsdom's role rules). */
async function siteHeader(): Promise<HTMLElement> {
  await screen.findAllByRole("banner", {}, ROUTE_LOAD);
  const header = document.querySelector<HTMLElement>("header.site-header");
  if (!header) throw new Error("no site header");
  return header;
}

const EMPTY_PAGE = { number: 1, size: 20, totalElements: 0, totalPages: 0 };

/** The API as the shell meets it: categories for the footer, no cart yet, empty lists. */
function fakeApi(input: RequestInfo | URL): Response {
  const url = new URL(String(input), "http://shop.test");
  if (url.pathname === "/api/categories") {
    return jsonResponse({
      success: true,
      message: "OK",
      data: { content: CATEGORIES, page: EMPTY_PAGE, hasNext: false },
    });
  }
  if (url.pathname.startsWith("/api/products")) {
    return jsonResponse({
      success: true,
      message: "OK",
      data: {
        content: [],
        page: EMPTY_PAGE,
        hasNext: false,
        facets: { sizes: [], colors: [], price: null, inStockCount: 0 },
        category: null,
      },
    });
  }
  return jsonResponse({ success: false, message: "Not found", error: "NotFound" }, 404);
}

beforeEach(() => {
  localStorage.setItem("joinClubModalShown", String(Date.now()));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => fakeApi(input)),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  closeOverlay();
});

describe("layout", () => {
  it("renders the promo strip, the nav links and the labelled icon buttons", async () => {
    renderRoute("/about");
    const header = await siteHeader();

    expect(
      screen.getByText(
        (_, element) =>
          element?.tagName === "P" &&
          element.textContent ===
            "Cash on Delivery available · Free shipping worldwide · Extra 10% off your first order with VAKI10",
      ),
    ).toBeInTheDocument();
    expect(within(header).getByRole("link", { name: "VAKI home" })).toHaveAttribute("href", "/");
    expect(within(header).getByRole("link", { name: "VAKIVERSE" })).toHaveAttribute("href", "/vakiverse");
    expect(within(header).getByRole("link", { name: "ALL PRODUCTS" })).toHaveAttribute("href", "/products");
    expect(within(header).getByRole("link", { name: "ABOUT US" })).toHaveAttribute("href", "/about");

    for (const label of ["Search", "Cart", "Profile", "Open menu"]) {
      expect(within(header).getByRole("button", { name: label })).toBeInTheDocument();
    }
    expect(within(header).getByRole("button", { name: "Cart" })).toHaveAccessibleDescription("0 items");
  });

  it("renders the footer: collections from the categories call, quick links and copyright", async () => {
    renderRoute("/about");
    const footer = await screen.findByRole("contentinfo", {}, ROUTE_LOAD);

    for (const heading of ["COLLECTIONS", "QUICK LINKS", "FOLLOW US"]) {
      expect(within(footer).getByRole("heading", { name: heading })).toBeInTheDocument();
    }
    expect(await within(footer).findByRole("link", { name: "Clothing" })).toHaveAttribute("href", "/products/clothing");
    expect(within(footer).getByRole("link", { name: "Vakiverse" })).toHaveAttribute("href", "/products/vakiverse");
    const categoriesCall = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => new URL(String(input), "http://shop.test"))
      .find((url) => url.pathname === "/api/categories");
    expect(Object.fromEntries(categoriesCall?.searchParams ?? [])).toMatchObject({
      includeInactive: "false",
      page: "1",
      limit: "50",
    });

    const quickLinks: [string, string][] = [
      ["PRIVACY POLICY", "/privacy-policy"],
      ["FAQs", "/faq"],
      ["CONTACT US", "/contact"],
      ["CAREERS", "/careers"],
      ["TERMS", "/terms-and-conditions"],
      ["SHIPPING", "/shipping-policies"],
    ];
    for (const [name, href] of quickLinks) {
      expect(within(footer).getByRole("link", { name })).toHaveAttribute("href", href);
    }
    // Social profiles are settings; unset, the brand's own three profiles (never a network's home page).
    expect(
      within(footer)
        .getAllByRole("link", { name: /^VAKI on / })
        .map((link) => link.getAttribute("href")),
    ).toEqual([
      "https://www.instagram.com/vakiverse/",
      "https://www.youtube.com/@vakiverse",
      "https://x.com/vakiverse",
    ]);
    expect(within(footer).getByText(`© ${new Date().getFullYear()} VAKI`)).toBeInTheDocument();
    expect(within(footer).getByText(/powered by/i)).toBeInTheDocument();
  });

  it("opens the mobile menu with the same links plus search, and closes it on navigation", async () => {
    const { user, router } = renderRoute("/about");

    await user.click(within(await siteHeader()).getByRole("button", { name: "Open menu" }));
    const sheet = await screen.findByRole("dialog");
    for (const name of ["VAKIVERSE", "ALL PRODUCTS", "ABOUT US"]) {
      expect(within(sheet).getByRole("link", { name })).toBeInTheDocument();
    }
    expect(within(sheet).getByRole("button", { name: "SEARCH" })).toBeInTheDocument();

    await user.click(within(sheet).getByRole("link", { name: "ALL PRODUCTS" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(router.state.location.pathname).toBe("/products"), ROUTE_LOAD);
  });

  it("opens the search popup from the mobile menu", async () => {
    const { user } = renderRoute("/about");

    await user.click(within(await siteHeader()).getByRole("button", { name: "Open menu" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "SEARCH" }));
    expect(await screen.findByRole("dialog", { name: "What are you looking for?" }, ROUTE_LOAD)).toBeInTheDocument();
  });

  it("opens the cart panel from the header; a guest with no cart sees it empty", async () => {
    const { user } = renderRoute("/about");

    await user.click(within(await siteHeader()).getByRole("button", { name: "Cart" }));
    const panel = await screen.findByRole("dialog", { name: "Your items in Cart" }, ROUTE_LOAD);
    expect(await within(panel).findByText("Your cart is empty", {}, ROUTE_LOAD)).toBeInTheDocument();
    expect(within(panel).getByText("Add some products to get started!")).toBeInTheDocument();
  });

  it("renders a page inside the layout with a '{brand} | {page}' title", async () => {
    renderRoute("/products");

    expect(await screen.findByRole("heading", { level: 1, name: /all products/i }, ROUTE_LOAD)).toBeInTheDocument();
    expect(document.querySelector("header.site-header")).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("VAKI | All Products"));
  });

  it("renders the not-found page inside the layout for unknown routes, with a link home", async () => {
    renderRoute("/definitely-not-a-page");

    expect(
      await screen.findByRole("heading", { level: 1, name: /lost in the vakiverse/i }, ROUTE_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /take me home/i })).toHaveAttribute("href", "/");
    expect(document.querySelector("header.site-header")).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("VAKI | Page not found"));
  });

  it("scrolls to the top on navigation", async () => {
    const { user } = renderRoute("/products");
    await screen.findByRole("heading", { level: 1, name: /all products/i }, ROUTE_LOAD);
    vi.mocked(window.scrollTo).mockClear();

    await user.click(within(await siteHeader()).getByRole("link", { name: "ABOUT US" }));
    await screen.findByRole("heading", { level: 1, name: "About Us" }, ROUTE_LOAD);
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalled());
  });
});
