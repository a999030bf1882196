import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cartKey, EMPTY_CART } from "../features/cart/cart-api";
import { dropCsrfToken } from "../lib/api-client";
import { startUp } from "./start-up";

const CSRF = "csrf-token-abcdefghijklmnop";

afterEach(() => {
  dropCsrfToken();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe("startUp", () => {
  it("fetches the CSRF token once the browser is idle after the first page, not before", async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(String(input));
        return new Response(JSON.stringify({ success: true, message: "OK", data: { csrfToken: CSRF } }), {
          headers: { "Content-Type": "application/json" },
        });
      }),
    );
    let runIdle: (() => void) | undefined;
    vi.stubGlobal("requestIdleCallback", (task: () => void) => {
      runIdle = task;
      return 1;
    });
    const queryClient = new QueryClient();

    const started = startUp(queryClient);
    // A first-time visitor: an empty cart without a call, and no CSRF call while the page renders.
    expect(queryClient.getQueryData(cartKey(null))).toEqual(EMPTY_CART);
    await Promise.resolve();
    expect(urls).toEqual([]);

    runIdle?.();
    await started;
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/^\/api\/auth\/csrfToken\?timestamp=\d+$/);
  });
});
