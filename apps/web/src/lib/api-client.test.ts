import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  apiGet,
  apiPost,
  callerIdentity,
  dropCsrfToken,
  networkMessages,
  onSessionCleared,
  REQUEST_TIMEOUT_MS,
} from "./api-client";
import { ApiError } from "./api-error";
import { GUEST_SESSION_KEY } from "./guest-session";
import { useSessionStore } from "./session-store";

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const ok = (data: unknown) => jsonResponse({ success: true, message: "OK", data });
const fail = (status: number, message: string, extra: Record<string, unknown> = {}) =>
  jsonResponse({ success: false, message, error: "X", ...extra }, status);

const CSRF = "csrf-token-abcdefghijklmnop";
const user = { id: "u-1", name: "Riya", email: "riya@example.com", mobile: null, role: "customer" as const };

function tokens(access: string, refresh: string) {
  return {
    accessToken: access,
    token: access,
    refreshToken: refresh,
    userId: user.id,
    user,
    accessTokenExpiresAt: new Date(Date.now() + 60_000).toISOString(),
    expiresAt: new Date(Date.now() + 8 * 3600_000).toISOString(),
  };
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** fetch stub that answers the CSRF call itself and hands every other call to `handler`. */
function stubFetch(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    if (url.startsWith("/api/auth/csrfToken")) return ok({ csrfToken: CSRF, expiresAt: "2099-01-01T00:00:00Z" });
    return handler(url, init);
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

function header(init: RequestInit, name: string): string | undefined {
  return (init.headers as Record<string, string> | undefined)?.[name];
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("Expected the request to fail");
}

beforeEach(() => {
  localStorage.clear();
  dropCsrfToken();
  useSessionStore.getState().clearSession();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("api client", () => {
  it("calls /api{path} with cookies, unwraps the envelope and leaves empty query values out", async () => {
    const calls = stubFetch(() => ok({ status: "ok" }));

    await expect(apiGet("/health", { query: { a: 1, b: undefined, c: null, d: "" } })).resolves.toEqual({
      status: "ok",
    });
    expect(calls[0]?.url).toBe("/api/health?a=1");
    expect(calls[0]?.init).toMatchObject({ method: "GET", credentials: "include" });
  });

  it("throws the server's message, status, kind and field errors on a failure envelope", async () => {
    stubFetch(() => fail(400, "Please fix this", { error: "InvalidInput", fieldErrors: { email: ["Bad email"] } }));

    const error = await failureOf(apiPost("/cart/item/add", {}));
    expect(error).toMatchObject({ status: 400, message: "Please fix this", kind: "InvalidInput" });
    expect(error.fieldErrors).toEqual({ email: ["Bad email"] });
  });

  it("says 'Network error - please check your connection' when the server cannot be reached", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );

    const error = await failureOf(apiGet("/products"));
    expect(error).toMatchObject({ status: 0, message: networkMessages.network });
  });

  it("gives up after the 180 s timeout with the timeout message", async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_input: RequestInfo | URL, init: RequestInit = {}) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
          }),
      ),
    );

    const pending = failureOf(apiGet("/products"));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(await pending).toMatchObject({ status: 0, message: networkMessages.timeout });
  });

  it("sends the bearer token, but not on login, register or the CSRF call", async () => {
    useSessionStore.getState().setSession(tokens("a.b.c", "refresh-1"));
    const calls = stubFetch(() => ok({}));

    await apiGet("/cart");
    await apiPost("/auth/login", { emailOrPhone: "x", password: "y" });

    expect(header(calls[0]!.init, "Authorization")).toBe("Bearer a.b.c");
    const login = calls.find((call) => call.url === "/api/auth/login");
    expect(header(login!.init, "Authorization")).toBeUndefined();
    expect(header(login!.init, "X-CSRF-Token")).toBe(CSRF);
  });

  it("fetches a CSRF token for auth calls and puts it in the X-CSRF-Token header", async () => {
    const calls = stubFetch(() => ok({}));

    await apiPost("/auth/logout", { refreshToken: "r" });

    expect(calls[0]?.url).toMatch(/^\/api\/auth\/csrfToken\?timestamp=\d+$/);
    expect(header(calls[1]!.init, "X-CSRF-Token")).toBe(CSRF);
  });

  it("on a CSRF 403 fetches a new token and retries once, then gives up", async () => {
    let attempts = 0;
    const calls = stubFetch(() => {
      attempts += 1;
      return fail(403, "Invalid or missing CSRF token");
    });

    const error = await failureOf(apiPost("/auth/login", {}));
    expect(error.status).toBe(403);
    expect(attempts).toBe(2);
    expect(calls.filter((call) => call.url.startsWith("/api/auth/csrfToken"))).toHaveLength(2);
  });

  it("on a 401 refreshes the session and repeats the request with the new token", async () => {
    useSessionStore.getState().setSession(tokens("old.access.token", "refresh-1"));
    const calls = stubFetch((url, init) => {
      if (url === "/api/auth/refresh") return ok(tokens("new.access.token", "refresh-2"));
      return header(init, "Authorization") === "Bearer new.access.token" ? ok({ items: [] }) : fail(401, "Expired");
    });

    await expect(apiGet("/cart")).resolves.toEqual({ items: [] });
    expect(calls.filter((call) => call.url === "/api/auth/refresh")).toHaveLength(1);
    expect(useSessionStore.getState().session?.refreshToken).toBe("refresh-2");
    expect(localStorage.getItem("token")).toBe("new.access.token");
  });

  it("refreshes at most twice, then clears the session and tells listeners (cart data goes too)", async () => {
    useSessionStore.getState().setSession(tokens("a.b.c", "refresh-1"));
    const cleared = vi.fn();
    const stop = onSessionCleared(cleared);
    let refreshes = 0;
    stubFetch((url) => {
      if (url === "/api/auth/refresh") {
        refreshes += 1;
        return ok(tokens(`x.y.${refreshes}`, `refresh-${refreshes + 1}`));
      }
      return fail(401, "Expired");
    });

    const error = await failureOf(apiGet("/cart"));
    stop();
    expect(error.status).toBe(401);
    expect(refreshes).toBe(2);
    expect(useSessionStore.getState().session).toBeNull();
    expect(localStorage.getItem("token")).toBeNull();
    expect(cleared).toHaveBeenCalledTimes(1);
  });

  it("clears the session at once when the refresh itself is refused", async () => {
    useSessionStore.getState().setSession(tokens("a.b.c", "refresh-1"));
    stubFetch((url) => (url === "/api/auth/refresh" ? fail(401, "Session over") : fail(401, "Expired")));

    await failureOf(apiGet("/orders/orderHistory"));
    expect(useSessionStore.getState().session).toBeNull();
  });

  it("names a guest by a random v4 guest session id, created once and kept in local storage", async () => {
    const calls = stubFetch(() => ok({}));

    await apiGet("/cart", { asGuest: true });
    const id = localStorage.getItem(GUEST_SESSION_KEY);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(header(calls[0]!.init, "X-Guest-Session-Id")).toBe(id);
    expect(callerIdentity()).toEqual({ guestSessionId: id });

    useSessionStore.getState().setSession(tokens("a.b.c", "r"));
    expect(callerIdentity()).toEqual({ userId: "u-1" });
  });
});
