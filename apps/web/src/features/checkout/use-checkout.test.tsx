import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GUEST_SESSION_KEY } from "../../lib/guest-session";
import { useSessionStore } from "../../lib/session-store";
import { useToastStore } from "../../lib/toast-store";
import { useUiStore } from "../../lib/ui-store";
import { sessionTokens } from "../accounts/testing/auth-fixtures";
import { type Call, fail, GUEST_ID, ok, stubApi } from "../cart/test/cart-fixtures";
import { guestOrderSecret } from "./guest-orders";
import { useCheckout } from "./use-checkout";
import { useDeliverToCheckout } from "./use-deliver-to-checkout";

const ORDER_ID = "4a0c9a47-8f1e-4c57-9d3e-2b6a3f1e9c11";
const TOKEN = "tok_abcdefghijklmnop1234";

function session(overrides: Record<string, unknown> = {}) {
  return {
    token: TOKEN,
    checkoutId: "chk_1",
    provider: "sandbox",
    scriptUrl: "/sandbox/checkout.js",
    orderId: ORDER_ID,
    amount: 149900,
    currency: "INR",
    expiresAt: "2099-01-01T00:00:00.000Z",
    redirectUrl: `/order-confirmation/${ORDER_ID}`,
    ...overrides,
  };
}

function toasts() {
  return useToastStore.getState().toasts.map((toast) => `${toast.type}: ${toast.message}`);
}

/** jsdom loads no scripts: answer the payment script's tag as a browser would. */
function servePaymentScript(outcome: "load" | "error" = "load") {
  const open = vi.fn();
  const observer = new MutationObserver(() => {
    const script = document.head.querySelector<HTMLScriptElement>('script[src="/sandbox/checkout.js"]');
    if (!script || script.dataset.served) return;
    script.dataset.served = "1";
    if (outcome === "load") window.VakiSandboxCheckout = { open };
    script.dispatchEvent(new Event(outcome));
  });
  observer.observe(document.head, { childList: true });
  return { open, stop: () => observer.disconnect() };
}

function renderCheckout() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCheckout(), { wrapper });
}

function bodyOf(calls: Call[], path: string) {
  return calls.find((call) => call.url.pathname === path)?.body as Record<string, unknown> | undefined;
}

let script: ReturnType<typeof servePaymentScript> | null = null;

beforeEach(() => {
  localStorage.setItem(GUEST_SESSION_KEY, GUEST_ID);
  useToastStore.setState({ toasts: [] });
  useUiStore.setState({ overlay: "cart" });
});

afterEach(() => {
  script?.stop();
  script = null;
  for (const tag of document.head.querySelectorAll("script")) tag.remove();
  delete window.VakiSandboxCheckout;
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("useCheckout", () => {
  it("checks a guest's cart out: order, secret kept, checkout with a return path, script, token handed over", async () => {
    const calls = stubApi((call) => {
      if (call.url.pathname === "/api/orders/create")
        return ok({ id: ORDER_ID, orderId: ORDER_ID, orderSecret: "s3cr3t" });
      if (call.url.pathname === "/api/checkout/initiate") return ok(session());
      return fail(404, "unexpected");
    });
    script = servePaymentScript();
    const { result } = renderCheckout();

    await act(() => result.current.startCheckout());

    expect(bodyOf(calls, "/api/orders/create")).toEqual({ guestSessionId: GUEST_ID });
    expect(bodyOf(calls, "/api/checkout/initiate")).toEqual({
      orderId: ORDER_ID,
      redirectUrl: "/order-confirmation",
      orderSecret: "s3cr3t",
      guestSessionId: GUEST_ID,
    });
    expect(guestOrderSecret(ORDER_ID)).toBe("s3cr3t");
    expect(script.open).toHaveBeenCalledWith(TOKEN, { fallbackUrl: "/order-confirmation" });
    expect(useUiStore.getState().overlay).toBeNull();
    expect(toasts()).toEqual(["info: Processing your order...", "success: Redirecting to payment gateway..."]);
    expect(document.head.querySelectorAll('script[src="/sandbox/checkout.js"]')).toHaveLength(1);
    expect(result.current.busy).toBe(false);
  });

  it("sends the signed-in shopper's chosen saved address, and never a guest's", async () => {
    const calls = stubApi((call) =>
      call.url.pathname === "/api/orders/create" ? ok({ id: ORDER_ID, orderId: ORDER_ID }) : ok(session()),
    );
    script = servePaymentScript();
    const { result } = renderCheckout();
    const addressId = "0b8f3c1e-4a44-4f55-9d6f-1d2f3a4b5c6d";

    await act(() => result.current.startCheckout({ addressId }));
    // A guest has no saved addresses: the id is not sent.
    expect(bodyOf(calls, "/api/checkout/initiate")).not.toHaveProperty("addressId");

    calls.length = 0;
    useSessionStore.getState().setSession(sessionTokens());
    await act(() => result.current.startCheckout({ addressId }));
    expect(bodyOf(calls, "/api/checkout/initiate")).toMatchObject({ orderId: ORDER_ID, addressId });
    useSessionStore.setState({ session: null });
  });

  it("orders only the Buy Now line and returns to /order-success", async () => {
    const calls = stubApi((call) =>
      call.url.pathname === "/api/orders/create" ? ok({ id: ORDER_ID, orderId: ORDER_ID }) : ok(session()),
    );
    script = servePaymentScript();
    const { result } = renderCheckout();

    await act(() => result.current.startCheckout({ buyNow: { productId: 38, variantId: 316 } }));

    expect(bodyOf(calls, "/api/orders/create")).toEqual({
      guestSessionId: GUEST_ID,
      buyNow: { productId: 38, variantId: 316, quantity: 1 },
    });
    expect(bodyOf(calls, "/api/checkout/initiate")).toMatchObject({ redirectUrl: "/order-success" });
    expect(script.open).toHaveBeenCalledWith(TOKEN, { fallbackUrl: "/order-success" });
  });

  it("stops with 'Failed to create order' and the server's reason", async () => {
    const calls = stubApi(() => fail(400, "Your cart is empty"));
    const { result } = renderCheckout();
    await act(() => result.current.startCheckout());
    expect(toasts()).toContain("error: Failed to create order: Your cart is empty");
    expect(calls.some((call) => call.url.pathname === "/api/checkout/initiate")).toBe(false);
    expect(useUiStore.getState().overlay).toBe("cart");
  });

  it("names a guest's Buy Now failure as the spec does", async () => {
    stubApi(() => fail(409, "Only 1 left in size M"));
    const { result } = renderCheckout();
    await act(() => result.current.startCheckout({ buyNow: { productId: 1, variantId: 2 } }));
    expect(toasts()).toContain("error: Guest Buy Now failed: Failed to create order: Only 1 left in size M");
  });

  it("stops with 'Failed to initiate checkout' when the checkout cannot start", async () => {
    stubApi((call) =>
      call.url.pathname === "/api/orders/create"
        ? ok({ id: ORDER_ID, orderId: ORDER_ID })
        : fail(409, "This order is already paid"),
    );
    const { result } = renderCheckout();
    await act(() => result.current.startCheckout());
    expect(toasts()).toContain("error: Failed to initiate checkout: This order is already paid");
  });

  it("stops when the answer carries no payment token", async () => {
    stubApi((call) =>
      call.url.pathname === "/api/orders/create" ? ok({ id: ORDER_ID, orderId: ORDER_ID }) : ok(session({ token: "" })),
    );
    const { result } = renderCheckout();
    await act(() => result.current.startCheckout());
    expect(toasts()).toContain("error: Payment token not found in checkout response");
  });

  it("stops when the payment script does not load", async () => {
    stubApi((call) =>
      call.url.pathname === "/api/orders/create" ? ok({ id: ORDER_ID, orderId: ORDER_ID }) : ok(session()),
    );
    script = servePaymentScript("error");
    const { result } = renderCheckout();
    await act(() => result.current.startCheckout());
    await waitFor(() => expect(toasts()).toContain("error: Checkout system not loaded. Please refresh and try again."));
    expect(useUiStore.getState().overlay).toBe("cart");
  });
});

describe("useDeliverToCheckout", () => {
  const saved = {
    id: "0b8f3c1e-4a44-4f55-9d6f-1d2f3a4b5c6d",
    fullName: "Riya Sharma",
    phone: "9876543210",
    line1: "12 MG Road",
    line2: "",
    city: "Bengaluru",
    state: "Karnataka",
    pincode: "560001",
    country: "India",
    isDefault: true,
    createdAt: "2026-11-22T10:00:00.000Z",
    updatedAt: "2026-11-22T10:00:00.000Z",
  };

  function renderDeliverTo() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    return renderHook(() => useDeliverToCheckout(), { wrapper });
  }

  function shopApi(addresses: unknown[]) {
    return stubApi((call) => {
      if (call.url.pathname === "/api/account/addresses") return ok({ addresses, max: 10 });
      if (call.url.pathname === "/api/orders/create") return ok({ id: ORDER_ID, orderId: ORDER_ID });
      return ok(session());
    });
  }

  afterEach(() => useSessionStore.setState({ session: null }));

  it("asks where to deliver when the signed-in shopper has saved addresses, then sends the choice", async () => {
    useSessionStore.getState().setSession(sessionTokens());
    const calls = shopApi([saved]);
    script = servePaymentScript();
    const { result } = renderDeliverTo();

    await act(() => result.current.checkout({ buyNow: { productId: 38, variantId: 316 } }));
    expect(result.current.deliverTo.open).toBe(true);
    expect(result.current.deliverTo.addresses).toEqual([saved]);
    expect(calls.some((call) => call.url.pathname === "/api/orders/create")).toBe(false);

    act(() => result.current.deliverTo.onContinue(saved.id));
    await waitFor(() => expect(result.current.deliverTo.open).toBe(false));
    expect(bodyOf(calls, "/api/orders/create")).toMatchObject({ buyNow: { productId: 38, variantId: 316 } });
    expect(bodyOf(calls, "/api/checkout/initiate")).toMatchObject({ addressId: saved.id });
  });

  it("goes straight on for a shopper without saved addresses and for a guest", async () => {
    useSessionStore.getState().setSession(sessionTokens());
    let calls = shopApi([]);
    script = servePaymentScript();
    const { result } = renderDeliverTo();
    await act(() => result.current.checkout());
    expect(result.current.deliverTo.open).toBe(false);
    expect(bodyOf(calls, "/api/checkout/initiate")).not.toHaveProperty("addressId");

    useSessionStore.setState({ session: null });
    calls = shopApi([saved]);
    const guest = renderDeliverTo();
    await act(() => guest.result.current.checkout());
    expect(calls.some((call) => call.url.pathname === "/api/account/addresses")).toBe(false);
    expect(bodyOf(calls, "/api/checkout/initiate")).toMatchObject({ orderId: ORDER_ID });
  });
});
