import { accountMessages } from "@vaki/contract/messages";
import { SignJWT } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  bearer,
  getProfile,
  login,
  loginAs,
  newCustomer,
  refresh,
  register,
  registerAndLogin,
  withCsrf,
} from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { testEngine } from "../../../test/helpers/database.js";
import { ManualClock } from "../../lib/clock.js";

const minutes = (n: number) => n * 60 * 1000;

describe(`sessions (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;

  beforeEach(async () => {
    clock = new ManualClock();
    shop = await createTestShop({}, { clock });
  });
  afterEach(async () => shop.close());

  it("registers, logs in and reads the profile with the access token", async () => {
    const customer = newCustomer();
    expect((await register(shop.app, customer)).statusCode).toBe(201);

    const response = await login(shop.app, { emailOrPhone: customer.email, password: customer.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: accountMessages.loginSucceeded });
    expect(body.data).toMatchObject({
      userId: expect.any(String),
      user: { name: customer.name, email: customer.email, mobile: `+91${customer.mobile}`, role: "customer" },
      expiresAt: new Date(clock.now().getTime() + minutes(8 * 60)).toISOString(),
      accessTokenExpiresAt: new Date(clock.now().getTime() + minutes(15)).toISOString(),
    });
    expect(body.data.accessToken.split(".")).toHaveLength(3);
    expect(body.data.token).toBe(body.data.accessToken);
    expect(body.data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers["cache-control"]).toBe("no-store");

    const cookie = response.cookies.find((c) => c.name === "refresh_token");
    expect(cookie).toMatchObject({
      value: body.data.refreshToken,
      httpOnly: true,
      sameSite: "Strict",
      path: "/api/auth",
    });

    const profile = await getProfile(shop.app, body.data);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      message: "Success",
      data: { userId: body.data.userId, email: customer.email },
    });
  });

  it("logs in with the mobile number in any usual spelling", async () => {
    const customer = newCustomer();
    await register(shop.app, customer);
    for (const emailOrPhone of [
      customer.mobile,
      `+91${customer.mobile}`,
      `+91 ${customer.mobile.slice(0, 5)} ${customer.mobile.slice(5)}`,
    ]) {
      const response = await login(shop.app, { emailOrPhone, password: customer.password });
      expect(response.statusCode, emailOrPhone).toBe(200);
    }
    const byUpperCaseEmail = await login(shop.app, {
      emailOrPhone: `  ${customer.email.toUpperCase()} `,
      password: customer.password,
    });
    expect(byUpperCaseEmail.statusCode).toBe(200);
  });

  it("answers a wrong password and an unknown account with the same 401 that says neither", async () => {
    const customer = newCustomer();
    await register(shop.app, customer);
    const wrongPassword = await login(shop.app, { emailOrPhone: customer.email, password: "Wrong-pass-1" });
    const unknownAccount = await login(shop.app, { emailOrPhone: "nobody@example.com", password: customer.password });
    for (const response of [wrongPassword, unknownAccount]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        success: false,
        message: accountMessages.loginFailed,
        error: "Unauthorised",
      });
      expect(response.cookies.find((c) => c.name === "refresh_token")).toBeUndefined();
    }
  });

  it("refuses requests without a token, with a malformed one, or with one signed by someone else", async () => {
    const session = await registerAndLogin(shop.app);
    const url = `/api/user/profile/${session.userId}`;
    expect((await shop.app.inject({ method: "GET", url })).statusCode).toBe(401);
    expect((await shop.app.inject({ method: "GET", url, headers: { authorization: "Basic abc" } })).statusCode).toBe(
      401,
    );
    expect((await shop.app.inject({ method: "GET", url, headers: bearer("not.a.jwt") })).statusCode).toBe(401);

    const forged = await new SignJWT({ sid: "x", role: "admin" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(session.userId)
      .setIssuer("VAKI")
      .setAudience("vaki-api")
      .setIssuedAt()
      .setExpirationTime("10m")
      .sign(new TextEncoder().encode("a-different-secret-of-at-least-32-characters"));
    const response = await shop.app.inject({ method: "GET", url, headers: bearer(forged) });
    expect(response.statusCode).toBe(401);

    const [header, payload, signature] = session.accessToken.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: "admin" })).toString("base64url")}.${signature}`;
    expect((await shop.app.inject({ method: "GET", url, headers: bearer(tampered) })).statusCode).toBe(401);
  });

  it("rotates the refresh token: each refresh gives a new access token and a new refresh token", async () => {
    const session = await registerAndLogin(shop.app);
    clock.advance(minutes(10));
    const response = await refresh(shop.app, session.refreshToken);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.refreshToken).not.toBe(session.refreshToken);
    expect(data.token).toBe(data.accessToken);
    expect(data.accessToken).not.toBe(session.accessToken);
    expect(data.user).toMatchObject({ id: session.userId, email: session.customer.email });
    expect(data.expiresAt).toBe(session.expiresAt);
    expect(response.cookies.find((c) => c.name === "refresh_token")?.value).toBe(data.refreshToken);
    expect((await getProfile(shop.app, { userId: session.userId, accessToken: data.accessToken })).statusCode).toBe(
      200,
    );
  });

  it("refreshes with the refresh token from the httpOnly cookie alone", async () => {
    const session = await registerAndLogin(shop.app);
    const response = await withCsrf(shop.app, {
      method: "POST",
      url: "/api/auth/refresh",
      cookies: { refresh_token: session.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.userId).toBe(session.userId);
  });

  it("signs the whole session out when a used refresh token comes back, newer tokens included", async () => {
    const session = await registerAndLogin(shop.app);
    const first = (await refresh(shop.app, session.refreshToken)).json().data;

    const replay = await refresh(shop.app, session.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(accountMessages.sessionReused);

    expect((await refresh(shop.app, first.refreshToken)).statusCode).toBe(401);
    expect((await getProfile(shop.app, { userId: session.userId, accessToken: first.accessToken })).statusCode).toBe(
      401,
    );
  });

  it("lets only one of two simultaneous refreshes with the same token win", async () => {
    const session = await registerAndLogin(shop.app);
    const answers = await Promise.all([
      refresh(shop.app, session.refreshToken),
      refresh(shop.app, session.refreshToken),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 401]);
  });

  it("ends the session 8 hours after login even when refreshed every 10 minutes", async () => {
    const session = await registerAndLogin(shop.app);
    const loginAt = clock.now().getTime();
    let refreshToken = session.refreshToken;
    let accessToken = session.accessToken;
    while (clock.now().getTime() + minutes(10) < loginAt + minutes(8 * 60)) {
      clock.advance(minutes(10));
      const response = await refresh(shop.app, refreshToken);
      expect(response.statusCode, `refresh at ${clock.now().toISOString()}`).toBe(200);
      const data = response.json().data;
      expect(Date.parse(data.accessTokenExpiresAt)).toBeLessThanOrEqual(loginAt + minutes(8 * 60));
      refreshToken = data.refreshToken;
      accessToken = data.accessToken;
    }
    expect((await getProfile(shop.app, { userId: session.userId, accessToken })).statusCode).toBe(200);

    clock.set(new Date(loginAt + minutes(8 * 60)));
    expect((await getProfile(shop.app, { userId: session.userId, accessToken })).statusCode).toBe(401);
    const late = await refresh(shop.app, refreshToken);
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(accountMessages.sessionExpired);
  });

  it("expires the access token after 15 minutes while the refresh token still works", async () => {
    const session = await registerAndLogin(shop.app);
    clock.advance(minutes(16));
    const stale = await getProfile(shop.app, session);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe(accountMessages.sessionExpired);
    expect((await refresh(shop.app, session.refreshToken)).statusCode).toBe(200);
  });

  it("logs out with the refresh token: the access token stops working at once", async () => {
    const session = await registerAndLogin(shop.app);
    const response = await withCsrf(shop.app, {
      method: "POST",
      url: "/api/auth/logout",
      payload: { refreshToken: session.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: accountMessages.loggedOut });
    const cleared = response.cookies.find((c) => c.name === "refresh_token");
    expect(cleared?.value).toBe("");
    expect((await getProfile(shop.app, session)).statusCode).toBe(401);
    expect((await refresh(shop.app, session.refreshToken)).statusCode).toBe(401);
  });

  it("logs out with only the bearer token, leaving the account's other sessions alone", async () => {
    const session = await registerAndLogin(shop.app);
    const other = await loginAs(shop.app, session.customer);
    const response = await withCsrf(shop.app, { method: "POST", url: "/api/auth/logout", headers: session.headers });
    expect(response.statusCode).toBe(200);
    expect((await getProfile(shop.app, session)).statusCode).toBe(401);
    expect((await getProfile(shop.app, other)).statusCode).toBe(200);
  });

  it("answers logout without any session with success, so the client can always clear its state", async () => {
    const response = await withCsrf(shop.app, { method: "POST", url: "/api/auth/logout" });
    expect(response.statusCode).toBe(200);
  });

  it("refuses an unknown refresh token", async () => {
    const response = await refresh(shop.app, "A".repeat(43));
    expect(response.statusCode).toBe(401);
    const none = await withCsrf(shop.app, { method: "POST", url: "/api/auth/refresh", payload: {} });
    expect(none.statusCode).toBe(401);
  });
});
