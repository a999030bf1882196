import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { useSessionStore } from "../lib/session-store";
import { RequireLogin } from "./require-login";

function Where() {
  const { pathname, search } = useLocation();
  return <p>at {`${pathname}${search}`}</p>;
}

function renderGuarded(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/", element: <Where /> },
      { element: <RequireLogin />, children: [{ path: "/profile", element: <p>profile page</p> }] },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const tokens = {
  accessToken: "a.b.c",
  refreshToken: "refresh",
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  user: { id: "u1", name: "Riya", email: "riya@example.com" },
} as Parameters<ReturnType<typeof useSessionStore.getState>["setSession"]>[0];

describe("the /profile guard", () => {
  afterEach(() => act(() => useSessionStore.getState().clearSession()));

  it("sends a shopper who logs out on the page home, with nothing to reopen", async () => {
    act(() => useSessionStore.getState().setSession(tokens));
    renderGuarded("/profile");
    expect(await screen.findByText("profile page")).toBeInTheDocument();
    act(() => useSessionStore.getState().clearSession({ byLogout: true }));
    expect(await screen.findByText("at /")).toBeInTheDocument();
  });

  it("asks a guest to log in and come back, even right after a logout", async () => {
    act(() => useSessionStore.getState().clearSession({ byLogout: true }));
    renderGuarded("/profile");
    expect(await screen.findByText("at /?redirect=%2Fprofile")).toBeInTheDocument();
  });

  it("asks to log in again when the session ends by itself on the page", async () => {
    act(() => useSessionStore.getState().setSession(tokens));
    renderGuarded("/profile");
    expect(await screen.findByText("profile page")).toBeInTheDocument();
    act(() => useSessionStore.getState().clearSession());
    expect(await screen.findByText("at /?redirect=%2Fprofile")).toBeInTheDocument();
  });
});
