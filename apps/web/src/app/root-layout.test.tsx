import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, renderRoute } from "../test/render-route";

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () =>
      jsonResponse({
        success: true,
        message: "OK",
        data: { status: "ok", database: "up", dialect: "sqlite", version: "0.1.0", shopName: "VAKI" },
      }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("layout", () => {
  it("renders the promo strip, the nav links and the labelled icon buttons", () => {
    renderRoute("/");
    const header = screen.getByRole("banner");

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

  it("renders the footer columns, quick links, social links and copyright", () => {
    renderRoute("/");
    const footer = screen.getByRole("contentinfo");

    for (const heading of ["COLLECTIONS", "QUICK LINKS", "FOLLOW US"]) {
      expect(within(footer).getByRole("heading", { name: heading })).toBeInTheDocument();
    }
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
    for (const network of ["Instagram", "YouTube", "X (Twitter)"]) {
      expect(within(footer).getByRole("link", { name: `VAKI on ${network}` })).toBeInTheDocument();
    }
    expect(within(footer).getByText("© 2026 VAKI")).toBeInTheDocument();
    expect(within(footer).getByText(/powered by/i)).toBeInTheDocument();
  });

  it("opens the mobile menu sheet with the same links and closes it on navigation", async () => {
    const { user, router } = renderRoute("/");

    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const sheet = await screen.findByRole("dialog");
    for (const name of ["VAKIVERSE", "ALL PRODUCTS", "ABOUT US"]) {
      expect(within(sheet).getByRole("link", { name })).toBeInTheDocument();
    }

    await user.click(within(sheet).getByRole("link", { name: "ABOUT US" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/about");
  });

  it("shows a toast when an icon action is not ready yet", async () => {
    const { user } = renderRoute("/");

    await user.click(screen.getByRole("button", { name: "Cart" }));
    const notifications = screen.getByRole("region", { name: "Notifications" });
    expect(within(notifications).getByText(/your cart is empty/i)).toBeInTheDocument();
  });

  it("renders placeholder routes inside the layout with a '{brand} | {page}' title", async () => {
    renderRoute("/products");

    expect(screen.getByRole("heading", { level: 1, name: /all products/i })).toBeInTheDocument();
    expect(screen.getByRole("banner")).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("VAKI | All Products"));
  });

  it("renders the not-found page inside the layout for unknown routes, with a link home", async () => {
    renderRoute("/definitely-not-a-page");

    expect(screen.getByRole("heading", { level: 1, name: /lost in the vakiverse/i })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /take me home/i })).toHaveAttribute("href", "/");
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("VAKI | Page not found"));
  });

  it("scrolls to the top on navigation", async () => {
    const { user } = renderRoute("/");
    vi.mocked(window.scrollTo).mockClear();

    await user.click(within(screen.getByRole("banner")).getByRole("link", { name: "ABOUT US" }));
    await screen.findByRole("heading", { level: 1, name: /about vaki/i });
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 0));
  });
});
