/** Test helpers of the cart, search and checkout features: carts, a fetch stub and a small shell. */
import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Cart, CartItem } from "@vaki/contract/cart";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";
import { AppProviders } from "../../../app/providers";
import { jsonResponse } from "../../../test/render-route";

export const GUEST_ID = "0b8a1f5e-2c3d-4e5f-8a9b-0c1d2e3f4a5b";

export function cartItem(overrides: Partial<CartItem> = {}): CartItem {
  const id = overrides.id ?? 1;
  const price = overrides.price ?? 149900;
  const quantity = overrides.quantity ?? 1;
  return {
    id,
    productId: 10 + id,
    variantId: 100 + id,
    sku: `SKU-${id}`,
    name: `Orbit Tee ${id}`,
    productName: `Orbit Tee ${id}`,
    image: `/media/products/tee-${id}.svg`,
    imageUrl: `/media/products/tee-${id}.svg`,
    price,
    quantity,
    subtotal: price * quantity,
    variantAttributes: [
      { name: "Size", value: "M" },
      { name: "Color", value: "Black" },
    ],
    size: "M",
    color: "Black",
    inStock: true,
    availableQuantity: 20,
    ...overrides,
  };
}

export function cartOf(items: CartItem[], extra: Partial<Cart> = {}): Cart {
  const subtotal = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  return {
    id: items.length ? "cart-1" : null,
    items: items.map((item) => ({ ...item, subtotal: item.price * item.quantity })),
    subtotal,
    discount: 0,
    shipping: 0,
    tax: 0,
    total: subtotal,
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    currency: "INR",
    promoCode: null,
    ...extra,
  };
}

export const ok = (data: unknown) => jsonResponse({ success: true, message: "OK", data });
export const fail = (status: number, message: string) =>
  jsonResponse({ success: false, message, error: "Conflict" }, status);

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

/** Stubs fetch; every call is recorded with its parsed URL and JSON body. */
export function stubApi(handler: Handler) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call: Call = {
        method: init.method ?? "GET",
        url: new URL(String(input), "http://shop.test"),
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

/** A promise to answer a call later (a request "in flight"). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="path">{location.pathname}</output>;
}

/** Renders `ui` inside the router and Query providers, with a probe of the current path. */
export function renderInShell(ui: ReactNode, options: { advanceTimers?: (ms: number) => unknown } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } },
  });
  const element = (
    <>
      {ui}
      <CurrentPath />
    </>
  );
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: ["/"] });
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, user, queryClient, router };
}
