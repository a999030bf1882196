/** Test helpers of the account views: a session, a profile, a fetch stub and a small shell. */
import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Profile, PublicUser, SessionTokens } from "@vaki/contract/accounts";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";
import { AppProviders } from "../../../app/providers";
import { dropCsrfToken } from "../../../lib/api-client";
import { useSessionStore } from "../../../lib/session-store";
import { useToastStore } from "../../../lib/toast-store";
import { useUiStore } from "../../../lib/ui-store";
import { jsonResponse } from "../../../test/render-route";
import { useLoginModalStore } from "../login-modal-store";

export const USER: PublicUser = {
  id: "u-riya",
  name: "Riya Sharma",
  email: "riya@example.com",
  mobile: "+919876543210",
  role: "customer",
};

export function sessionTokens(user: PublicUser = USER): SessionTokens {
  return {
    accessToken: "h.p.s",
    token: "h.p.s",
    refreshToken: "refresh-1",
    userId: user.id,
    user,
    accessTokenExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    expiresAt: new Date(Date.now() + 8 * 3600_000).toISOString(),
  };
}

export function profileOf(overrides: Partial<Profile> = {}): Profile {
  return {
    id: USER.id,
    userId: USER.id,
    name: USER.name,
    email: USER.email,
    mobile: USER.mobile,
    birthday: null,
    role: "customer",
    createdAt: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}

export const ok = (data: unknown, message = "OK") => jsonResponse({ success: true, message, data });
export const fail = (status: number, message: string, extra: Record<string, unknown> = {}) =>
  jsonResponse({ success: false, message, error: "InvalidInput", ...extra }, status);

export interface Call {
  method: string;
  path: string;
  url: URL;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: Call) => Response | Promise<Response> | undefined;

/**
 * Stubs fetch. The CSRF call is answered; every other call goes to `handler` (undefined answers
 * 404) and is recorded with its path, parsed URL, JSON body and headers.
 */
export function stubApi(handler: Handler) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://shop.test");
      if (url.pathname === "/api/auth/csrfToken") return ok({ csrfToken: "csrf-token-0123456789", expiresAt: "" });
      const call: Call = {
        method: init.method ?? "GET",
        path: url.pathname,
        url,
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
        headers: (init.headers as Record<string, string>) ?? {},
      };
      calls.push(call);
      return (await handler(call)) ?? fail(404, "No such API route");
    }),
  );
  return calls;
}

/** Everything the account views keep between tests, back to a first visit. */
export function resetAccountState(): void {
  localStorage.clear();
  dropCsrfToken();
  useSessionStore.setState({ session: null });
  useUiStore.setState({ overlay: null, loginRedirect: null });
  useLoginModalStore.setState({ view: "login" });
  useToastStore.setState({ toasts: [] });
}

export function toastMessages(): string[] {
  return useToastStore.getState().toasts.map((toast) => toast.message);
}

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `ui` inside the providers and a memory router at `path`; the current URL is in data-testid="location". */
export function renderWithShell(ui: ReactNode, path = "/") {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } },
  });
  const element = (
    <>
      {ui}
      <WhereAmI />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: "/", element },
      { path: "*", element },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
}
