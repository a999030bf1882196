import { adminMessages as m } from "@vaki/contract/admin/schemas";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { testEngine } from "../../../test/helpers/database.js";
import {
  addStaff,
  asStaff,
  completeLink,
  nextStep,
  type StaffSession,
  sessionCookieOf,
  setUpOwner,
  signIn,
  staffPassword,
  tokenOf,
} from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";
import { totpCode } from "./totp.js";

const minutes = (n: number) => n * 60 * 1000;

describe(`staff setup, sign-in and sessions (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;

  beforeEach(async () => {
    clock = new ManualClock();
    shop = await createTestShop({}, { clock });
  });
  afterEach(async () => shop.close());

  const me = (session: Pick<StaffSession, "cookie" | "csrfToken">) =>
    asStaff(shop.app, session, { method: "GET", url: "/api/admin/auth/me" });

  it("sets up the first owner from the start-up link: QR, code, recovery codes, a session", async () => {
    const link = await shop.app.staffModule.staff.issueFirstOwnerLink();
    expect(link?.url).toMatch(/^http:\/\/localhost:\d+\/admin\/setup\?token=[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link?.url ?? "");

    const inspect = await shop.app.inject({ method: "POST", url: "/api/admin/setup/inspect", payload: { token } });
    expect(inspect.statusCode).toBe(200);
    expect(inspect.json().data).toEqual({ kind: "setup", email: null, name: null, role: "owner" });

    const start = await shop.app.inject({
      method: "POST",
      url: "/api/admin/setup/start",
      payload: { token, name: "Asha Owner", email: "Owner@Vaki.test", password: staffPassword },
    });
    expect(start.statusCode).toBe(200);
    const { secret, otpauthUri, qrSvg } = start.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain("otpauth://totp/");
    expect(otpauthUri).toContain("owner%40vaki.test");
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(qrSvg).not.toContain("<script");

    const wrong = await shop.app.inject({
      method: "POST",
      url: "/api/admin/setup/confirm",
      payload: { token, code: totpCode(secret, new Date(clock.now().getTime() - minutes(5))) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: m.codeWrong, fieldErrors: { code: [m.codeWrong] } });

    const confirm = await shop.app.inject({
      method: "POST",
      url: "/api/admin/setup/confirm",
      payload: { token, code: totpCode(secret, clock.now()) },
    });
    expect(confirm.statusCode).toBe(200);
    const data = confirm.json().data;
    expect(data.recoveryCodes).toHaveLength(10);
    expect(new Set(data.recoveryCodes).size).toBe(10);
    for (const code of data.recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(data.staff).toMatchObject({ email: "owner@vaki.test", name: "Asha Owner", role: "owner" });
    expect(data.staff.permissions).toContain("staff:manage");
    const cookie = confirm.cookies.find((c) => c.name === "vaki_staff");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/admin" });

    const who = await me({ cookie: sessionCookieOf(confirm), csrfToken: data.csrfToken });
    expect(who.statusCode).toBe(200);
    expect(who.json().data).toMatchObject({ staff: { email: "owner@vaki.test" }, csrfToken: data.csrfToken });

    // The link is spent, and the shop no longer issues a first-owner link.
    const again = await shop.app.inject({ method: "POST", url: "/api/admin/setup/inspect", payload: { token } });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(m.linkUsed);
    expect(await shop.app.staffModule.staff.issueFirstOwnerLink()).toBeNull();

    // Stored: the secret encrypted, recovery codes hashed, the link's token hashed.
    const row = await shop.database.db.selectFrom("staff_users").selectAll().executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);
    expect(row.totp_secret).toMatch(/^v1\./);
    const codes = await shop.database.db.selectFrom("staff_recovery_codes").select("code_hash").execute();
    expect(codes.map((c) => c.code_hash)).not.toContain(data.recoveryCodes[0]);
    const links = await shop.database.db.selectFrom("staff_links").select("token_hash").execute();
    expect(links.map((l) => l.token_hash)).not.toContain(token);
  });

  it("answers 404 for an unknown link, 410 for an expired or replaced one", async () => {
    const unknown = await shop.app.inject({
      method: "POST",
      url: "/api/admin/setup/inspect",
      payload: { token: "no-such-token" },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(m.linkUnknown);

    const first = await shop.app.staffModule.staff.issueFirstOwnerLink();
    const second = await shop.app.staffModule.staff.issueFirstOwnerLink();
    const replaced = await shop.app.inject({
      method: "POST",
      url: "/api/admin/setup/inspect",
      payload: { token: tokenOf(first?.url ?? "") },
    });
    expect(replaced.statusCode).toBe(410);
    expect(replaced.json().message).toBe(m.linkExpired);

    clock.advance(minutes(24 * 60) + 1);
    const expired = await shop.app.inject({
      method: "POST",
      url: "/api/admin/setup/start",
      payload: { token: tokenOf(second?.url ?? ""), name: "Late", email: "late@vaki.test", password: staffPassword },
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ success: false, message: m.linkExpired });
  });

  it("refuses short and weak passwords and a missing e-mail with field errors", async () => {
    const token = tokenOf((await shop.app.staffModule.staff.issueFirstOwnerLink())?.url ?? "");
    const start = (payload: Record<string, unknown>) =>
      shop.app.inject({ method: "POST", url: "/api/admin/setup/start", payload: { token, ...payload } });

    const short = await start({ name: "Asha", email: "a@vaki.test", password: "short-1A!" });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors.password).toEqual([m.passwordTooShort]);

    const weak = await start({ name: "Asha", email: "a@vaki.test", password: "password1234" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldErrors.password).toEqual([m.passwordWeak]);

    const noEmail = await start({ name: "Asha", password: staffPassword });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().fieldErrors.email).toEqual([m.emailRequired]);

    const noToken = await shop.app.inject({ method: "POST", url: "/api/admin/setup/start", payload: {} });
    expect(noToken.statusCode).toBe(400);
  });

  it("signs in with password and code, refuses a reused code, and accepts a recovery code once", async () => {
    const owner = await setUpOwner(shop.app, clock);

    const badPassword = await shop.app.inject({
      method: "POST",
      url: "/api/admin/auth/login",
      payload: { email: owner.email, password: "not-the-password" },
    });
    expect(badPassword.statusCode).toBe(401);
    expect(badPassword.json()).toMatchObject({ message: m.invalidCredentials, error: "unauthenticated" });
    const nobody = await shop.app.inject({
      method: "POST",
      url: "/api/admin/auth/login",
      payload: { email: "nobody@vaki.test", password: staffPassword },
    });
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json().message).toBe(m.invalidCredentials);

    const login = async () => {
      const response = await shop.app.inject({
        method: "POST",
        url: "/api/admin/auth/login",
        payload: { email: owner.email, password: owner.password },
      });
      expect(response.statusCode).toBe(200);
      return response.json().data.challengeToken as string;
    };
    const verify = (challengeToken: string, code: string) =>
      shop.app.inject({ method: "POST", url: "/api/admin/auth/verify", payload: { challengeToken, code } });

    nextStep(clock);
    const code = totpCode(owner.secret, clock.now());
    const challenge = await login();
    const signedIn = await verify(challenge, code);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data).toMatchObject({ staff: { id: owner.id }, recoveryCodesLeft: 10 });

    // The same code again (same step) is refused, even with a new challenge; the used challenge is gone.
    const reused = await verify(await login(), code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(m.codeWrong);
    const spent = await verify(challenge, totpCode(owner.secret, new Date(clock.now().getTime() + 30_000)));
    expect(spent.statusCode).toBe(401);
    expect(spent.json().message).toBe(m.challengeExpired);

    const recovery = owner.recoveryCodes[0] ?? "";
    const withRecovery = await verify(await login(), recovery.toUpperCase());
    expect(withRecovery.statusCode).toBe(200);
    expect(withRecovery.json().data.recoveryCodesLeft).toBe(9);
    const recoveryAgain = await verify(await login(), recovery);
    expect(recoveryAgain.statusCode).toBe(400);

    // A challenge lives 5 minutes.
    const late = await login();
    clock.advance(minutes(5) + 1);
    const tooLate = await verify(late, totpCode(owner.secret, clock.now()));
    expect(tooLate.statusCode).toBe(401);

    const badFormat = await verify(await login(), "12345");
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().fieldErrors.code).toEqual([m.codeFormat]);

    // The sign-ins are in the audit log.
    const events = await shop.database.db
      .selectFrom("audit_events")
      .select(["action", "changes"])
      .where("action", "=", "staff.sign_in")
      .execute();
    expect(events.map((e) => JSON.parse(e.changes).method.after)).toEqual(["totp", "recovery-code"]);
  });

  it("throttles wrong codes per account, counted before the check", async () => {
    const owner = await setUpOwner(shop.app, clock);
    const login = await shop.app.inject({
      method: "POST",
      url: "/api/admin/auth/login",
      payload: { email: owner.email, password: owner.password },
    });
    const challengeToken = login.json().data.challengeToken;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await shop.app.inject({
        method: "POST",
        url: "/api/admin/auth/verify",
        payload: { challengeToken, code: "000000" },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
        expect(response.headers["retry-after"]).toBeDefined();
      }
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Even the right code waits out the window.
    nextStep(clock);
    const right = await shop.app.inject({
      method: "POST",
      url: "/api/admin/auth/verify",
      payload: { challengeToken, code: totpCode(owner.secret, clock.now()) },
    });
    expect(right.statusCode).toBe(429);
  });

  it("throttles a setup link's tries and wrong step-up codes", async () => {
    const token = tokenOf((await shop.app.staffModule.staff.issueFirstOwnerLink())?.url ?? "");
    const start = await shop.app.inject({
      method: "POST",
      url: "/api/admin/setup/start",
      payload: { token, name: "Asha", email: "asha@vaki.test", password: staffPassword },
    });
    expect(start.statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const wrong = await shop.app.inject({
        method: "POST",
        url: "/api/admin/setup/confirm",
        payload: { token, code: "000000" },
      });
      statuses.push(wrong.statusCode);
    }
    // Ten tries per link in 15 minutes, the start included.
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 400, 429]);
    clock.advance(minutes(15));
    const owner = await completeLink(shop.app, clock, `http://x/admin/setup?token=${token}`, {
      name: "Asha",
      email: "asha@vaki.test",
    });

    const stepUps: number[] = [];
    for (let i = 0; i < 6; i++) {
      const wrong = await asStaff(shop.app, owner, {
        method: "POST",
        url: "/api/admin/auth/step-up",
        payload: { password: owner.password, code: "000000" },
      });
      stepUps.push(wrong.statusCode);
    }
    expect(stepUps).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it("throttles logins per account and per address", async () => {
    const owner = await setUpOwner(shop.app, clock);
    const attempt = (remoteAddress: string, email = owner.email) =>
      shop.app.inject({
        method: "POST",
        url: "/api/admin/auth/login",
        payload: { email, password: "wrong-password-here" },
        remoteAddress,
        headers: { "x-forwarded-for": remoteAddress },
      });
    const perAccount: number[] = [];
    for (let i = 0; i < 6; i++) perAccount.push((await attempt(`198.51.100.${i + 1}`)).statusCode);
    expect(perAccount).toEqual([401, 401, 401, 401, 401, 429]);

    const perAddress: number[] = [];
    for (let i = 0; i < 21; i++) perAddress.push((await attempt("203.0.113.9", `someone${i}@vaki.test`)).statusCode);
    expect(perAddress.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(perAddress[20]).toBe(429);
  });

  it("ends a session after 30 minutes idle and after 12 hours whatever the activity", async () => {
    const owner = await setUpOwner(shop.app, clock);
    clock.advance(minutes(29));
    expect((await me(owner)).statusCode).toBe(200);
    clock.advance(minutes(29));
    expect((await me(owner)).statusCode).toBe(200);
    clock.advance(minutes(31));
    const idle = await me(owner);
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toMatchObject({ error: "unauthenticated", message: m.sessionEnded });

    nextStep(clock);
    const fresh = await signIn(shop.app, clock, owner);
    // Active every 25 minutes: alive at 11 h 40 min, ended at 12 h 5 min.
    for (let i = 1; i <= 28; i++) {
      clock.advance(minutes(25));
      expect((await me(fresh)).statusCode, `after ${i * 25} minutes`).toBe(200);
    }
    clock.advance(minutes(25));
    expect((await me(fresh)).statusCode).toBe(401);
  });

  it("purges sessions ended over 7 days ago and old challenges, never a live session", async () => {
    const owner = await setUpOwner(shop.app, clock);
    const old = await shop.app.inject({
      method: "POST",
      url: "/api/admin/auth/logout",
      cookies: { vaki_staff: owner.cookie },
      headers: { "x-csrf-token": owner.csrfToken },
    });
    expect(old.statusCode).toBe(200);
    await shop.app.inject({
      method: "POST",
      url: "/api/admin/auth/login",
      payload: { email: owner.email, password: owner.password },
    });
    clock.advance(8 * 24 * 60 * minutes(1));
    const live = await signIn(shop.app, clock, owner);
    const counts = await shop.app.staffModule.staff.purge();
    // The old day's ended session and unused challenge go; the fresh session and its challenge stay.
    expect(counts).toEqual({ sessions: 1, challenges: 1 });
    expect((await me(live)).statusCode).toBe(200);
  });

  it("needs the session's CSRF token on writes; logs out, and out everywhere", async () => {
    const owner = await setUpOwner(shop.app, clock);
    nextStep(clock);
    const second = await signIn(shop.app, clock, owner);

    const noCsrf = await asStaff(
      shop.app,
      { ...owner, csrfToken: "" },
      { method: "POST", url: "/api/admin/auth/logout" },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error).toBe("csrf_invalid");
    const otherCsrf = await asStaff(
      shop.app,
      { cookie: owner.cookie, csrfToken: second.csrfToken },
      { method: "POST", url: "/api/admin/auth/logout" },
    );
    expect(otherCsrf.statusCode).toBe(403);

    const logout = await asStaff(shop.app, owner, { method: "POST", url: "/api/admin/auth/logout" });
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((c) => c.name === "vaki_staff")?.value).toBe("");
    expect((await me(owner)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);

    nextStep(clock);
    const third = await signIn(shop.app, clock, owner);
    const everywhere = await asStaff(shop.app, third, { method: "POST", url: "/api/admin/auth/logout-everywhere" });
    expect(everywhere.statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(401);
  });

  it("never lets a customer's bearer token or cookie-less call open /api/admin", async () => {
    await setUpOwner(shop.app, clock);
    const customer = await registerAndLogin(shop.app);
    for (const url of ["/api/admin/auth/me", "/api/admin/orders", "/api/admin/staff", "/api/admin/audit"]) {
      const response = await shop.app.inject({ method: "GET", url, headers: customer.headers });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error).toBe("unauthenticated");
    }
    const forged = await shop.app.inject({
      method: "GET",
      url: "/api/admin/auth/me",
      cookies: { vaki_staff: customer.accessToken },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("steps up with password and a fresh code for 5 minutes", async () => {
    const owner = await setUpOwner(shop.app, clock);
    const invite = () =>
      asStaff(shop.app, owner, {
        method: "POST",
        url: "/api/admin/staff/invitations",
        payload: { email: `ops${clock.now().getTime()}@vaki.test`, name: "Ops Person", role: "operations" },
      });
    // Signing in counts as a step-up.
    expect((await invite()).statusCode).toBe(201);
    clock.advance(minutes(5) + 1);
    const needs = await invite();
    expect(needs.statusCode).toBe(403);
    expect(needs.json()).toMatchObject({ error: "step_up_required", message: m.stepUpRequired });
    expect((await me(owner)).json().data.staff.stepUpUntil).toBeNull();

    nextStep(clock);
    const wrongPassword = await asStaff(shop.app, owner, {
      method: "POST",
      url: "/api/admin/auth/step-up",
      payload: { password: "not-it-at-all", code: totpCode(owner.secret, clock.now()) },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fieldErrors.password).toEqual([m.passwordWrong]);

    const stepUp = await asStaff(shop.app, owner, {
      method: "POST",
      url: "/api/admin/auth/step-up",
      payload: { password: owner.password, code: totpCode(owner.secret, clock.now()) },
    });
    expect(stepUp.statusCode).toBe(200);
    expect(stepUp.json().data.stepUpUntil).toBe(new Date(clock.now().getTime() + minutes(5)).toISOString());
    expect((await invite()).statusCode).toBe(201);
  });

  it("re-enrols two-factor through a reset link with the current password", async () => {
    const owner = await setUpOwner(shop.app, clock);
    const support = await addStaff(shop.app, clock, "support");
    const reset = await asStaff(shop.app, owner, {
      method: "POST",
      url: `/api/admin/staff/${support.id}/reset-two-factor`,
    });
    expect(reset.statusCode).toBe(200);
    const { resetUrl } = reset.json().data;
    expect((await me(support)).statusCode).toBe(401);
    // Their old authenticator no longer signs in.
    const login = await shop.app.inject({
      method: "POST",
      url: "/api/admin/auth/login",
      payload: { email: support.email, password: support.password },
    });
    expect(login.statusCode).toBe(401);

    const token = tokenOf(resetUrl);
    const inspect = await shop.app.inject({ method: "POST", url: "/api/admin/setup/inspect", payload: { token } });
    expect(inspect.json().data).toEqual({
      kind: "reset-two-factor",
      email: support.email,
      name: support.name,
      role: "support",
    });
    const wrong = await shop.app.inject({
      method: "POST",
      url: "/api/admin/setup/start",
      payload: { token, password: "wrong-password-x" },
    });
    expect(wrong.statusCode).toBe(400);
    const again = await completeLink(shop.app, clock, resetUrl, { name: support.name, password: support.password });
    expect(again.id).toBe(support.id);
    expect(again.secret).not.toBe(support.secret);
    expect((await me(again)).statusCode).toBe(200);
  });
});
