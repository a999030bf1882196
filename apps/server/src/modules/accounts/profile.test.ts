import { accountMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  getProfile,
  type LoggedIn,
  login,
  loginAs,
  refresh,
  registerAndLogin,
  withCsrf,
} from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { testEngine } from "../../../test/helpers/database.js";
import { ManualClock } from "../../lib/clock.js";

describe(`profile and preferences (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));

  beforeAll(async () => {
    shop = await createTestShop({}, { clock });
  });
  afterAll(async () => shop.close());

  const post = (session: LoggedIn, url: string, payload: object) =>
    shop.app.inject({ method: "POST", url, payload, headers: session.headers });

  it("answers the caller's own profile with 'Success' and every field the page shows", async () => {
    const session = await registerAndLogin(shop.app);
    const response = await getProfile(shop.app, session);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: "Success",
      data: {
        id: session.userId,
        userId: session.userId,
        name: session.customer.name,
        email: session.customer.email,
        mobile: `+91${session.customer.mobile}`,
        birthday: null,
        role: "customer",
        createdAt: clock.now().toISOString(),
      },
    });
  });

  it("refuses to show another user's profile with 403", async () => {
    const riya = await registerAndLogin(shop.app);
    const arjun = await registerAndLogin(shop.app, { name: "Arjun Mehta" });
    const response = await shop.app.inject({
      method: "GET",
      url: `/api/user/profile/${arjun.userId}`,
      headers: riya.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, error: "Forbidden" });
    expect(response.body).not.toContain("Arjun");
  });

  it("changes the name, refusing a blank one with 'Please enter a valid name!'", async () => {
    const session = await registerAndLogin(shop.app);
    const renamed = await post(session, "/api/user/profile/edit/name", { name: "  Riya S.  " });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ message: accountMessages.nameUpdated, data: { name: "Riya S." } });

    const blank = await post(session, "/api/user/profile/edit/name", { name: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(accountMessages.nameInvalid);
  });

  it("changes the mobile number with the +91 default or a given country code, and refuses a taken one", async () => {
    const session = await registerAndLogin(shop.app);
    const changed = await post(session, "/api/user/profile/edit/mobile", {
      mobile: "9000000001",
      newMobile: "9000000001",
      countryCode: "+91",
      verificationCode: "",
      isVerified: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ message: accountMessages.mobileUpdated, data: { mobile: "+919000000001" } });

    const abroad = await post(session, "/api/user/profile/edit/mobile", { newMobile: "4155552671", countryCode: "+1" });
    expect(abroad.json().data.mobile).toBe("+14155552671");

    const other = await registerAndLogin(shop.app);
    const taken = await post(other, "/api/user/profile/edit/mobile", { newMobile: "+1 415 555 2671" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors).toEqual({ mobile: [accountMessages.mobileTaken] });

    const blank = await post(other, "/api/user/profile/edit/mobile", { mobile: " " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(accountMessages.mobileInvalid);
  });

  it("updates name, mobile and birthday through PUT /api/auth/profile, keeping the e-mail read-only", async () => {
    const session = await registerAndLogin(shop.app);
    const put = (payload: object) =>
      withCsrf(shop.app, { method: "PUT", url: "/api/auth/profile", payload, headers: session.headers });

    const updated = await put({ name: "Riya Kapoor", birthday: "2001-04-09", email: session.customer.email });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: accountMessages.profileUpdated,
      data: { name: "Riya Kapoor", birthday: "2001-04-09", email: session.customer.email },
    });

    expect((await put({ birthday: "" })).json().data.birthday).toBeNull();
    for (const birthday of ["2001-02-30", "09/04/2001", "2030-01-01"]) {
      const refused = await put({ birthday });
      expect(refused.statusCode, birthday).toBe(400);
      expect(refused.json().message).toBe(accountMessages.birthdayInvalid);
    }
    const email = await put({ email: "someone.else@example.com" });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toBe(accountMessages.emailReadOnly);
  });

  it("refuses a userId in the body or query that is not the caller's, with 403", async () => {
    const riya = await registerAndLogin(shop.app);
    const arjun = await registerAndLogin(shop.app);
    const name = await post(riya, "/api/user/profile/edit/name", { name: "Hacker", userId: arjun.userId });
    expect(name.statusCode).toBe(403);
    const preferences = await shop.app.inject({
      method: "GET",
      url: `/api/user/preferences?userId=${arjun.userId}`,
      headers: riya.headers,
    });
    expect(preferences.statusCode).toBe(403);
    const profile = await withCsrf(shop.app, {
      method: "PUT",
      url: "/api/auth/profile",
      payload: { name: "Hacker", userId: arjun.userId },
      headers: riya.headers,
    });
    expect(profile.statusCode).toBe(403);
    expect((await getProfile(shop.app, arjun)).json().data.name).toBe(arjun.customer.name);

    const own = await post(riya, "/api/user/profile/edit/name", { name: "Riya", userId: riya.userId });
    expect(own.statusCode).toBe(200);
  });

  it("tells browsers and proxies not to keep profiles and preferences (Cache-Control: no-store)", async () => {
    const session = await registerAndLogin(shop.app);
    const answers = [
      await getProfile(shop.app, session),
      await shop.app.inject({ method: "GET", url: "/api/user/preferences", headers: session.headers }),
      await shop.app.inject({
        method: "PUT",
        url: "/api/user/preferences",
        payload: { smsNotifications: true },
        headers: session.headers,
      }),
      await post(session, "/api/user/profile/edit/name", { name: "Riya K", userId: session.userId }),
      await withCsrf(shop.app, {
        method: "PUT",
        url: "/api/auth/profile",
        payload: { name: "Riya S" },
        headers: session.headers,
      }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers["cache-control"]).toBe("no-store");
    }
  });

  it("keeps preferences with the spec's defaults and saves partial changes", async () => {
    const session = await registerAndLogin(shop.app);
    const defaults = await shop.app.inject({ method: "GET", url: "/api/user/preferences", headers: session.headers });
    expect(defaults.json().data).toEqual({
      emailNotifications: true,
      smsNotifications: false,
      promotionalEmails: true,
      language: "en",
      currency: "INR",
    });
    const saved = await shop.app.inject({
      method: "PUT",
      url: "/api/user/preferences",
      payload: { smsNotifications: true, currency: "USD" },
      headers: session.headers,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ message: accountMessages.preferencesSaved });
    const again = await shop.app.inject({ method: "GET", url: "/api/user/preferences", headers: session.headers });
    expect(again.json().data).toMatchObject({ smsNotifications: true, currency: "USD", emailNotifications: true });

    const bad = await shop.app.inject({
      method: "PUT",
      url: "/api/user/preferences",
      payload: { currency: "BTC" },
      headers: session.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  describe("changing the password", () => {
    const change = (session: LoggedIn, payload: object) => post(session, "/api/user/profile/edit/password", payload);

    it("signs out the account's other sessions but keeps the caller's", async () => {
      const here = await registerAndLogin(shop.app);
      const phone = await loginAs(shop.app, here.customer);
      const laptop = await loginAs(shop.app, here.customer);

      const response = await change(here, {
        currentPassword: here.customer.password,
        newPassword: "New-chai-43",
        confirmPassword: "New-chai-43",
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        message: accountMessages.passwordChanged,
        data: { otherSessionsSignedOut: 2 },
      });

      for (const other of [phone, laptop]) {
        expect((await getProfile(shop.app, other)).statusCode).toBe(401);
        expect((await refresh(shop.app, other.refreshToken)).statusCode).toBe(401);
      }
      expect((await getProfile(shop.app, here)).statusCode).toBe(200);
      expect((await refresh(shop.app, here.refreshToken)).statusCode).toBe(200);

      const oldPassword = await login(shop.app, {
        emailOrPhone: here.customer.email,
        password: here.customer.password,
      });
      expect(oldPassword.statusCode).toBe(401);
      const newPassword = await login(shop.app, { emailOrPhone: here.customer.email, password: "New-chai-43" });
      expect(newPassword.statusCode).toBe(200);
    });

    it("accepts the spec client's oldPwd/newPwd and oldPassword spellings", async () => {
      const session = await registerAndLogin(shop.app);
      const first = await change(session, {
        oldPwd: session.customer.password,
        newPwd: "Second-pass-2",
        type: "change",
      });
      expect(first.statusCode).toBe(200);
      const second = await change(session, { oldPassword: "Second-pass-2", newPassword: "Third-pass-3" });
      expect(second.statusCode).toBe(200);
    });

    it("refuses a wrong current password, a mismatched confirmation, missing fields and a weak new password", async () => {
      const session = await registerAndLogin(shop.app);
      const cases: [object, string][] = [
        [{ currentPassword: "Not-my-pass-1", newPassword: "New-chai-43" }, accountMessages.currentPasswordWrong],
        [
          { currentPassword: session.customer.password, newPassword: "New-chai-43", confirmPassword: "New-chai-44" },
          accountMessages.passwordsDoNotMatch,
        ],
        [{ currentPassword: session.customer.password }, accountMessages.passwordFieldsMissing],
        [{ newPassword: "New-chai-43" }, accountMessages.passwordFieldsMissing],
        [{ currentPassword: session.customer.password, newPassword: "weakweak" }, accountMessages.passwordWeak],
      ];
      for (const [payload, message] of cases) {
        const response = await change(session, payload);
        expect(response.statusCode, message).toBe(400);
        expect(response.json().message).toBe(message);
      }
      expect((await getProfile(shop.app, session)).statusCode).toBe(200);
    });

    it("answers each error under the field name the request used (oldPassword, newPwd)", async () => {
      const session = await registerAndLogin(shop.app);
      const wrong = await change(session, { oldPassword: "Not-my-pass-1", newPassword: "New-chai-43" });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fieldErrors).toEqual({ oldPassword: [accountMessages.currentPasswordWrong] });
      const weak = await change(session, { oldPwd: session.customer.password, newPwd: "weakweak" });
      expect(weak.json().fieldErrors).toEqual({ newPwd: [accountMessages.passwordWeak] });
      const empty = await change(session, { oldPassword: "", newPassword: "New-chai-43" });
      expect(empty.json().fieldErrors).toEqual({ oldPassword: [accountMessages.passwordFieldsMissing] });
      const plain = await change(session, { currentPassword: "Not-my-pass-1", newPassword: "New-chai-43" });
      expect(plain.json().fieldErrors).toEqual({ currentPassword: [accountMessages.currentPasswordWrong] });
    });

    it("counts wrong current passwords against the account's login limit", async () => {
      const session = await registerAndLogin(shop.app);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const wrong = await change(session, { currentPassword: `Wrong-pass-${attempt}`, newPassword: "New-chai-43" });
        expect(wrong.statusCode).toBe(400);
      }
      const blocked = await change(session, { currentPassword: session.customer.password, newPassword: "New-chai-43" });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    });
  });

  it("requires a login for every profile call", async () => {
    for (const [method, url] of [
      ["GET", "/api/user/preferences"],
      ["PUT", "/api/user/preferences"],
      ["POST", "/api/user/profile/edit/name"],
      ["POST", "/api/user/profile/edit/mobile"],
      ["POST", "/api/user/profile/edit/password"],
      ["GET", "/api/user/profile/anyone"],
    ] as const) {
      const response = await shop.app.inject({ method, url, payload: method === "GET" ? undefined : {} });
      expect(response.statusCode, url).toBe(401);
    }
    const expired = await shop.app.inject({
      method: "GET",
      url: "/api/user/preferences",
      headers: bearer("e30.e30.e30"),
    });
    expect(expired.statusCode).toBe(401);
  });
});
