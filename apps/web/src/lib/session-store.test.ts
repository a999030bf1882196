import { beforeEach, describe, expect, it } from "vitest";
import { isTokenShaped, restoreSession, SESSION_KEYS } from "./session-store";

const user = { id: "u-1", name: "Riya", email: "riya@example.com", mobile: null, role: "customer" };

function store(token: string, expiresAt: string) {
  localStorage.setItem(SESSION_KEYS.token, token);
  localStorage.setItem(SESSION_KEYS.refreshToken, "refresh");
  localStorage.setItem(SESSION_KEYS.expiresAt, expiresAt);
  localStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
}

beforeEach(() => localStorage.clear());

describe("session restore at start-up", () => {
  it("accepts only tokens of three non-empty dot-separated parts", () => {
    expect(isTokenShaped("a.b.c")).toBe(true);
    for (const bad of ["a.b", "a..c", ".b.c", "a.b.c.d", "", null]) expect(isTokenShaped(bad)).toBe(false);
  });

  it("restores a well-formed session that has not expired", () => {
    const expiresAt = new Date(Date.now() + 3600_000).toISOString();
    store("h.p.s", expiresAt);
    expect(restoreSession()).toEqual({ accessToken: "h.p.s", refreshToken: "refresh", expiresAt, user });
  });

  it("drops an expired session and a malformed token, and clears what was stored", () => {
    store("h.p.s", new Date(Date.now() - 1000).toISOString());
    expect(restoreSession()).toBeNull();
    expect(localStorage.getItem(SESSION_KEYS.token)).toBeNull();

    store("not-a-jwt", new Date(Date.now() + 3600_000).toISOString());
    expect(restoreSession()).toBeNull();
  });
});
