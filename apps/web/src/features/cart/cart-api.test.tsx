import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GUEST_SESSION_KEY } from "../../lib/guest-session";
import { useToastStore } from "../../lib/toast-store";
import { cartKey, useAddToCart } from "./cart-api";
import { cartItem, cartOf, fail, GUEST_ID, ok, stubApi } from "./test/cart-fixtures";

function renderAddToCart() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { ...renderHook(() => useAddToCart(), { wrapper }), queryClient };
}

function toasts() {
  return useToastStore.getState().toasts.map((toast) => `${toast.type}: ${toast.message}`);
}

beforeEach(() => {
  localStorage.setItem(GUEST_SESSION_KEY, GUEST_ID);
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("useAddToCart", () => {
  it("adds one by default, caches the answered cart for the badge and says so", async () => {
    const answered = cartOf([cartItem({ id: 3 })]);
    const calls = stubApi(() => ok(answered));
    const { result, queryClient } = renderAddToCart();

    await act(() => result.current.mutateAsync({ productId: 13, variantId: 103 }));

    expect(calls[0]?.url.pathname).toBe("/api/cart/item/add");
    expect(calls[0]?.body).toEqual({ productId: 13, variantId: 103, quantity: 1, guestSessionId: GUEST_ID });
    expect(queryClient.getQueryData(cartKey(null))).toEqual(answered);
    expect(toasts()).toEqual(["success: Item added to cart"]);
  });

  it("toasts the server's reason when the add is refused", async () => {
    stubApi(() => fail(409, "Only 1 left in size M"));
    const { result } = renderAddToCart();
    await act(async () => {
      await result.current.mutateAsync({ productId: 13, variantId: 103, quantity: 2 }).catch(() => undefined);
    });
    expect(toasts()).toEqual(["error: Failed to add to cart: Only 1 left in size M"]);
  });

  it("says 'Unknown error' when the failure has no words", async () => {
    stubApi(() => new Response("", { status: 502 }));
    const { result } = renderAddToCart();
    await act(async () => {
      await result.current.mutateAsync({ productId: 13, variantId: 103 }).catch(() => undefined);
    });
    expect(toasts()).toEqual(["error: Failed to add to cart: Unknown error"]);
  });
});
