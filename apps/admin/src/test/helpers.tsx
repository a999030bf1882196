import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { rolePermissions, type StaffRole } from "@vaki/contract/admin/permissions";
import type { Me } from "@vaki/contract/admin/schemas";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { adminRoutes } from "../app/router";
import { StepUpProvider } from "../features/auth/step-up-dialog";

export function staffMember(role: StaffRole, overrides: Partial<Me> = {}): Me {
  return {
    id: `staff-${role}`,
    email: `${role}@vaki.test`,
    name: `Asha ${role}`,
    role,
    permissions: [...rolePermissions[role]],
    stepUpUntil: null,
    ...overrides,
  };
}

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

type Responder = (call: FakeCall) => { status?: number; body: unknown } | undefined;

/** Answers the app's fetch calls from a function, in the shop's envelope; records every call. */
export function fakeApi(responder: Responder) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://admin.test");
    const call: FakeCall = {
      method: init.method ?? "GET",
      path: url.pathname.replace(/^\/api\/admin/, ""),
      query: url.searchParams,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const answer = responder(call) ?? {
      status: 404,
      body: { success: false, message: "Not found", error: "NotFound" },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}

export function ok(data: unknown) {
  return { status: 200, body: { success: true, message: "OK", data } };
}

export function failure(status: number, error: string, message: string) {
  return { status, body: { success: false, message, error, requestId: "req-1" } };
}

/** The whole admin app (its real routes) in memory, opened at `path`. */
export function renderAdmin(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(adminRoutes(queryClient), { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <StepUpProvider>
        <RouterProvider router={router} />
      </StepUpProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
