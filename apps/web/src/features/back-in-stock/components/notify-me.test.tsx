import { act, screen } from "@testing-library/react";
import type { ProductDetail } from "@vaki/contract/catalog";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSessionStore } from "../../../lib/session-store";
import { resetAccountState, sessionTokens, USER } from "../../accounts/testing/auth-fixtures";
import { ok, renderInShell, stubApi } from "../../cart/test/cart-fixtures";
import { soldOutSizes } from "../back-in-stock-api";
import { NotifyMe } from "./notify-me";

function variant(id: number, size: string, color: string, stock: number) {
  return {
    id,
    sku: `SKU-${id}`,
    finalPrice: 179900,
    inventoryQuantity: stock,
    inStock: stock > 0,
    attributes: { Size: size, Color: color, theme: null, storyDescription: null },
  };
}

const product = {
  id: 38,
  name: "Essential Hoodie",
  variants: [
    variant(1, "S", "Charcoal", 0),
    variant(2, "M", "Charcoal", 4),
    variant(3, "L", "Charcoal", 0),
    variant(4, "S", "Navy", 0),
  ],
} as unknown as ProductDetail;

beforeEach(() => resetAccountState());
afterEach(() => vi.unstubAllGlobals());

describe("notify me", () => {
  it("offers the sold-out sizes of the colour on screen", () => {
    expect(soldOutSizes(product, "Charcoal").map((v) => v.id)).toEqual([1, 3]);
    expect(soldOutSizes(product, null).map((v) => v.id)).toEqual([1, 3, 4]);
    expect(soldOutSizes(product, "Olive")).toEqual([]);
  });

  it("sends the chosen size with the account's address, prefilled, and says what happens next", async () => {
    const calls = stubApi(() => ok({ done: true }));
    act(() => useSessionStore.getState().setSession(sessionTokens()));
    const { user } = renderInShell(<NotifyMe product={product} color="Charcoal" />);
    await user.click(screen.getByRole("button", { name: "Sold out in your size? Notify me" }));
    expect(screen.getByLabelText("Email")).toHaveValue(USER.email);
    await user.click(screen.getByRole("radio", { name: "L" }));
    await user.click(screen.getByRole("button", { name: "Notify me" }));
    expect(await screen.findByText("Done. We will e-mail you once, when size L is back.")).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === "/api/back-in-stock")?.body).toEqual({
      variantId: 3,
      email: USER.email,
    });
  });

  it("refuses an address that is not one, without asking the server", async () => {
    const calls = stubApi(() => ok({ done: true }));
    const { user } = renderInShell(<NotifyMe product={product} color="Charcoal" />);
    await user.click(screen.getByRole("button", { name: "Sold out in your size? Notify me" }));
    await user.type(screen.getByLabelText("Email"), "meera@");
    await user.click(screen.getByRole("button", { name: "Notify me" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Please enter a valid email");
    expect(calls.filter((call) => call.url.pathname === "/api/back-in-stock")).toEqual([]);
  });

  it("shows nothing when every size of the colour is in stock", () => {
    stubApi(() => ok({}));
    const { container } = renderInShell(<NotifyMe product={product} color="Olive" />);
    expect(container.querySelector(".notify-me")).toBeNull();
  });
});
