import { accountMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchCsrf, newCustomer, registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { testEngine } from "../../../test/helpers/database.js";
import { ManualClock } from "../../lib/clock.js";

describe(`CSRF protection of the auth calls (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock();

  beforeAll(async () => {
    shop = await createTestShop({}, { clock });
  });
  afterAll(async () => shop.close());

  it("issues a token in data.csrfToken and in a readable, Lax, site-wide cookie that lives 60 minutes", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/api/auth/csrfToken?timestamp=1732269000000" });
    expect(response.statusCode).toBe(200);
    const { csrfToken, expiresAt } = response.json().data;
    expect(csrfToken).toMatch(/^[A-Za-z0-9_-]{10,}$/);
    expect(expiresAt).toBe(new Date(clock.now().getTime() + 60 * 60 * 1000).toISOString());
    const cookie = response.cookies.find((c) => c.name === "csrf_token");
    expect(cookie).toMatchObject({ value: csrfToken, path: "/", sameSite: "Lax", maxAge: 3600 });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(await fetchCsrf(shop.app)).not.toBe(csrfToken);
  });

  it("refuses each auth call without the token with a 403 that names CSRF", async () => {
    const session = await registerAndLogin(shop.app);
    const calls = [
      { method: "POST" as const, url: "/api/auth/register", payload: newCustomer() },
      {
        method: "POST" as const,
        url: "/api/auth/login",
        payload: { emailOrPhone: session.customer.email, password: "x" },
      },
      { method: "POST" as const, url: "/api/auth/refresh", payload: { refreshToken: session.refreshToken } },
      { method: "POST" as const, url: "/api/auth/logout", payload: { refreshToken: session.refreshToken } },
      { method: "PUT" as const, url: "/api/auth/profile", payload: { name: "Riya S" }, headers: session.headers },
    ];
    for (const call of calls) {
      const response = await shop.app.inject(call);
      expect(response.statusCode, call.url).toBe(403);
      expect(response.json()).toMatchObject({ success: false, message: accountMessages.csrfInvalid });
      expect(response.json().message).toMatch(/CSRF/);
    }
    // The refused refresh and logout changed nothing: the session still works.
    const profile = await shop.app.inject({
      method: "GET",
      url: `/api/user/profile/${session.userId}`,
      headers: session.headers,
    });
    expect(profile.statusCode).toBe(200);
  });

  it("refuses a header that does not match the cookie, a header alone, and a forged token", async () => {
    const token = await fetchCsrf(shop.app);
    const other = await fetchCsrf(shop.app);
    const forged = `${token.slice(0, -4)}AAAA` === token ? `${token.slice(0, -4)}BBBB` : `${token.slice(0, -4)}AAAA`;
    const attempts: { headers: Record<string, string>; cookies: Record<string, string> }[] = [
      { headers: { "x-csrf-token": token }, cookies: { csrf_token: other } },
      { headers: { "x-csrf-token": token }, cookies: {} },
      { headers: {}, cookies: { csrf_token: token } },
      { headers: { "x-csrf-token": forged }, cookies: { csrf_token: forged } },
      { headers: { "x-csrf-token": "short" }, cookies: { csrf_token: "short" } },
    ];
    for (const attempt of attempts) {
      const response = await shop.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { emailOrPhone: "someone@example.com", password: "Whatever-1" },
        ...attempt,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(accountMessages.csrfInvalid);
    }
  });

  it("refuses a token older than 60 minutes, so the client fetches a new one", async () => {
    const token = await fetchCsrf(shop.app);
    clock.advance(61 * 60 * 1000);
    const response = await shop.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { emailOrPhone: "someone@example.com", password: "Whatever-1" },
      headers: { "x-csrf-token": token },
      cookies: { csrf_token: token },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(accountMessages.csrfInvalid);
  });

  it("accepts a matching header and cookie", async () => {
    const token = await fetchCsrf(shop.app);
    const response = await shop.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { emailOrPhone: "someone@example.com", password: "Whatever-1" },
      headers: { "x-csrf-token": token },
      cookies: { csrf_token: token },
    });
    expect(response.statusCode).toBe(401);
  });
});
