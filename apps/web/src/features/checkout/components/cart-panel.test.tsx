import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GUEST_SESSION_KEY } from "../../../lib/guest-session";
import { useToastStore } from "../../../lib/toast-store";
import { useUiStore } from "../../../lib/ui-store";
import { cartKey } from "../../cart/cart-api";
import { cartItem, cartOf, deferred, fail, GUEST_ID, ok, renderInShell, stubApi } from "../../cart/test/cart-fixtures";
import { CartPanel } from "./cart-panel";

function openPanel() {
  act(() => useUiStore.setState({ overlay: "cart" }));
}

function toastMessages() {
  return useToastStore.getState().toasts.map((toast) => `${toast.type}: ${toast.message}`);
}

beforeEach(() => {
  localStorage.setItem(GUEST_SESSION_KEY, GUEST_ID);
  useUiStore.setState({ overlay: null });
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("cart panel", () => {
  it("shows 'Loading your cart...' while the cart is on its way", async () => {
    stubApi(() => new Promise(() => {}));
    renderInShell(<CartPanel />);
    openPanel();
    const panel = await screen.findByRole("dialog", { name: "Your items in Cart" });
    expect(within(panel).getByText("Loading your cart...")).toBeInTheDocument();
  });

  it("refreshes the guest's cart from the server when it opens and shows the empty state", async () => {
    const calls = stubApi(() => ok(cartOf([])));
    renderInShell(<CartPanel />);
    openPanel();
    const panel = await screen.findByRole("dialog", { name: "Your items in Cart" });
    expect(await within(panel).findByText("Your cart is empty")).toBeInTheDocument();
    expect(within(panel).getByText("Add some products to get started!")).toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: "Checkout" })).not.toBeInTheDocument();
    const fetches = calls.filter((call) => call.url.pathname === "/api/cart");
    expect(fetches.length).toBeGreaterThanOrEqual(1);
    expect(fetches[0]?.url.searchParams.get("guestSessionId")).toBe(GUEST_ID);
  });

  it("treats a 404 on the cart fetch as an empty cart", async () => {
    stubApi(() => fail(404, "Cart not found"));
    renderInShell(<CartPanel />);
    openPanel();
    expect(await screen.findByText("Your cart is empty")).toBeInTheDocument();
  });

  it("shows a failed fetch as a dismissible error", async () => {
    stubApi(() => fail(409, "The cart is busy"));
    const { user } = renderInShell(<CartPanel />);
    openPanel();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The cart is busy");
    await user.click(within(alert).getByRole("button", { name: "Dismiss error" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("lists each line with image, name, price, size and colour, and sums the cart", async () => {
    const cart = cartOf([
      cartItem({ id: 1, quantity: 2 }),
      cartItem({ id: 2, name: "Moonlight Hoodie", price: 229900 }),
    ]);
    stubApi(() => ok(cart));
    renderInShell(<CartPanel />);
    openPanel();
    const list = await screen.findByRole("list", { name: "Items in your cart" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole("link", { name: "Orbit Tee 1" })).toHaveAttribute("href", "/product/11");
    expect(within(first).getByText("Rs. 1,499")).toBeInTheDocument();
    expect(within(first).getByText("Size: M · Color: Black")).toBeInTheDocument();
    expect(first.querySelector("img")).toHaveAttribute("src", "/media/products/tee-1.svg");
    expect(within(second).getByText("Rs. 2,299")).toBeInTheDocument();
    for (const name of ["Decrease quantity of Moonlight Hoodie", "Increase quantity of Moonlight Hoodie"]) {
      expect(within(second).getByRole("button", { name })).toBeInTheDocument();
    }
    expect(within(second).getByRole("button", { name: "Remove Moonlight Hoodie" })).toBeInTheDocument();

    const panel = screen.getByRole("dialog", { name: "Your items in Cart" });
    const total = within(panel).getByText("Total Product Price").parentElement as HTMLElement;
    expect(total).toHaveTextContent("Rs. 5297/-");
    const amount = within(panel).getByText("Amount").parentElement as HTMLElement;
    expect(amount).toHaveTextContent("Rs. 5297/-");
    expect(within(panel).getByRole("button", { name: "Clear Cart" })).toBeInTheDocument();
    expect(within(panel).getByRole("button", { name: /Checkout/ })).toBeInTheDocument();
  });

  it("runs one quantity update at a time: the other buttons wait until it ends", async () => {
    const first = cartItem({ id: 1 });
    const second = cartItem({ id: 2, name: "Moonlight Hoodie" });
    const answer = deferred<Response>();
    const calls = stubApi((call) => {
      if (call.method === "PUT") return answer.promise;
      return ok(cartOf([first, second]));
    });
    const { user } = renderInShell(<CartPanel />);
    openPanel();
    const plusFirst = await screen.findByRole("button", { name: "Increase quantity of Orbit Tee 1" });
    const plusSecond = screen.getByRole("button", { name: "Increase quantity of Moonlight Hoodie" });

    await user.click(plusFirst);
    expect(await screen.findByText("Updating...")).toBeInTheDocument();
    expect(plusSecond).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByRole("button", { name: "Decrease quantity of Orbit Tee 1" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await user.click(plusSecond);
    await user.click(plusFirst);
    expect(calls.filter((call) => call.method === "PUT")).toHaveLength(1);
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({
      itemId: 1,
      quantity: 2,
      guestSessionId: GUEST_ID,
    });

    answer.resolve(ok(cartOf([{ ...first, quantity: 2 }, second])));
    await waitFor(() => expect(plusSecond).toHaveAttribute("aria-disabled", "false"));
    expect(screen.queryByText("Updating...")).not.toBeInTheDocument();
  });

  it("shows a new quantity at once and rolls it back with the server's reason when refused", async () => {
    const line = cartItem({ id: 1, quantity: 2, size: "L" });
    const answer = deferred<Response>();
    stubApi((call) => (call.method === "PUT" ? answer.promise : ok(cartOf([line]))));
    const { user } = renderInShell(<CartPanel />);
    openPanel();
    const row = (await screen.findByRole("list", { name: "Items in your cart" })).querySelector("li") as HTMLElement;
    expect(within(row).getByText("Quantity")).toBeInTheDocument();

    await user.click(within(row).getByRole("button", { name: "Increase quantity of Orbit Tee 1" }));
    expect(within(row).getByText("3")).toBeInTheDocument();
    expect(screen.getByText("Amount").parentElement).toHaveTextContent("Rs. 4497/-");

    answer.resolve(fail(409, "Only 2 left in size L"));
    await waitFor(() => expect(within(row).getByText("2")).toBeInTheDocument());
    expect(screen.getByText("Amount").parentElement).toHaveTextContent("Rs. 2998/-");
    expect(toastMessages()).toContain("error: Only 2 left in size L");
  });

  it("falls back to the spec's text when a refusal has no message", async () => {
    const line = cartItem({ id: 1, quantity: 2 });
    stubApi((call) => (call.method === "PUT" ? new Response("oops", { status: 500 }) : ok(cartOf([line]))));
    const { user } = renderInShell(<CartPanel />);
    openPanel();
    await user.click(await screen.findByRole("button", { name: "Decrease quantity of Orbit Tee 1" }));
    await waitFor(() => expect(toastMessages()).toContain("error: Failed to update quantity"));
  });

  it("removes the line when minus is pressed at quantity 1", async () => {
    const calls = stubApi((call) => (call.method === "DELETE" ? ok(cartOf([])) : ok(cartOf([cartItem({ id: 7 })]))));
    const { user } = renderInShell(<CartPanel />);
    openPanel();
    await user.click(await screen.findByRole("button", { name: "Decrease quantity of Orbit Tee 7" }));
    expect(await screen.findByText("Your cart is empty")).toBeInTheDocument();
    const removal = calls.find((call) => call.method === "DELETE");
    expect(removal?.url.pathname).toBe("/api/cart/item/remove");
    expect(removal?.url.searchParams.get("itemId")).toBe("7");
    expect(removal?.url.searchParams.get("guestSessionId")).toBe(GUEST_ID);
    expect(calls.some((call) => call.method === "PUT")).toBe(false);
  });

  it("asks before clearing, with the spec's words, then empties the cart", async () => {
    const cart = cartOf([cartItem({ id: 1, quantity: 2 }), cartItem({ id: 2 })]);
    const calls = stubApi((call) => (call.method === "DELETE" ? ok(cartOf([])) : ok(cart)));
    const { user, queryClient } = renderInShell(<CartPanel />);
    openPanel();
    await user.click(await screen.findByRole("button", { name: "Clear Cart" }));
    const confirm = await screen.findByRole("dialog", { name: "Clear your cart?" });
    expect(confirm).toHaveAccessibleDescription(
      "Are you sure you want to clear all 3 items from your cart? This action cannot be undone.",
    );
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);

    await user.click(within(confirm).getByRole("button", { name: "Yes, Clear Cart" }));
    expect(await screen.findByText("Your cart is empty")).toBeInTheDocument();
    const clear = calls.find((call) => call.method === "DELETE");
    expect(clear?.url.pathname).toBe("/api/cart/clear");
    expect(clear?.url.searchParams.get("guestSessionId")).toBe(GUEST_ID);
    expect(queryClient.getQueryData(cartKey(null))).toMatchObject({ itemCount: 0 });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Clear your cart?" })).not.toBeInTheDocument());
  });

  it("keeps the cart when the confirmation is declined", async () => {
    const calls = stubApi(() => ok(cartOf([cartItem({ id: 1 })])));
    const { user } = renderInShell(<CartPanel />);
    openPanel();
    await user.click(await screen.findByRole("button", { name: "Clear Cart" }));
    await user.click(await screen.findByRole("button", { name: "Keep Items" }));
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    expect(screen.getByRole("link", { name: "Orbit Tee 1" })).toBeInTheDocument();
  });

  it("shows the server's reason beside the promo field and the discount once a code applies", async () => {
    const line = cartItem({ id: 1, quantity: 2 });
    stubApi((call) => {
      if (call.url.pathname === "/api/cart/promo") {
        const { code } = call.body as { code: string };
        if (code.toUpperCase() !== "VAKI10") return fail(400, "This code is not valid");
        return ok(
          cartOf([line], {
            discount: 29980,
            total: 269820,
            promoCode: "VAKI10",
            promoMessage: "Code VAKI10 applied: 10% off your first order",
          }),
        );
      }
      return ok(cartOf([line]));
    });
    const { user } = renderInShell(<CartPanel />);
    openPanel();
    const field = await screen.findByLabelText("Promo code");
    await user.type(field, "NOPE");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("This code is not valid")).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");

    await user.clear(field);
    await user.type(field, "vaki10");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("Code VAKI10 applied: 10% off your first order")).toBeInTheDocument();
    expect(screen.getByText("Discount (VAKI10)").parentElement).toHaveTextContent("-Rs. 299.80/-");
    expect(screen.getByText("Amount").parentElement).toHaveTextContent("Rs. 2698.20/-");
    expect(screen.getByRole("button", { name: "Remove code VAKI10" })).toBeInTheDocument();
  });
});
