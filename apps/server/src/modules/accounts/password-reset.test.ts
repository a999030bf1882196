import { createServer } from "node:net";
import { accountMessages } from "@vaki/contract/messages";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getProfile, type LoggedIn, login, loginAs, registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { testEngine } from "../../../test/helpers/database.js";
import { lastMailTo, readOutbox, resetTokenIn } from "../../../test/helpers/mail.js";
import { ManualClock } from "../../lib/clock.js";

const hours = (n: number) => n * 60 * 60 * 1000;

describe(`password reset (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;

  beforeEach(async () => {
    clock = new ManualClock();
    // No outbox worker: sign-up's welcome e-mail stays queued, so these tests read the reset mails alone.
    shop = await createTestShop({ PUBLIC_URL: "https://shop.example.in", OUTBOX_INTERVAL_MS: "0" }, { clock });
  });
  afterEach(async () => shop.close());

  const requestLink = (emailOrMobile: string, remoteAddress?: string) =>
    shop.app.inject({
      method: "POST",
      url: "/api/user/forgot-password",
      payload: { emailOrMobile, isReusedPasswordReset: false },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const verify = (token: string) =>
    shop.app.inject({ method: "POST", url: "/api/user/forgot-password/verify-token", payload: { token } });
  const change = (token: string, password: string) =>
    shop.app.inject({ method: "POST", url: "/api/user/forgot-password/change", payload: { token, password } });

  async function linkFor(session: LoggedIn): Promise<string> {
    const response = await requestLink(session.customer.email);
    expect(response.statusCode).toBe(200);
    return resetTokenIn(lastMailTo(shop.config.dataDir, session.customer.email));
  }

  it("e-mails a link to /reset-password?fpt=… that is valid for 24 hours", async () => {
    const session = await registerAndLogin(shop.app);
    const response = await requestLink(session.customer.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: accountMessages.resetLinkSent,
      data: { sentTo: `r****@example.com`, validForHours: 24 },
    });
    expect(response.json().message).toMatch(/24 hours/);

    const mail = lastMailTo(shop.config.dataDir, session.customer.email);
    expect(mail.subject).toBe("Reset your VAKI password");
    expect(mail.from).toContain("hello@vaki.local");
    expect(mail.text).toMatch(/https:\/\/shop\.example\.in\/reset-password\?fpt=[A-Za-z0-9_-]{43}/);
    expect(mail.html).toContain(`https://shop.example.in/reset-password?fpt=${resetTokenIn(mail)}`);
    expect(mail.text).toMatch(/24 hours/);

    const stored = await shop.database.db.selectFrom("password_reset_tokens").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(resetTokenIn(mail));
    expect(stored[0]?.expires_at).toBe(new Date(clock.now().getTime() + hours(24)).toISOString());
  });

  it("finds the account by mobile number too", async () => {
    const session = await registerAndLogin(shop.app);
    const response = await requestLink(`+91 ${session.customer.mobile}`);
    expect(response.statusCode).toBe(200);
    expect(readOutbox(shop.config.dataDir).filter((m) => m.to.includes(session.customer.email))).toHaveLength(1);
  });

  it("answers 404 for an unknown account and 400 for something that is neither an e-mail nor a mobile", async () => {
    const unknown = await requestLink("nobody@example.com");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(accountMessages.resetAccountNotFound);
    for (const input of ["", "riya@", "12345", "hello there"]) {
      const malformed = await requestLink(input);
      expect(malformed.statusCode, input).toBe(400);
      expect(malformed.json().message).toBe(accountMessages.identifierInvalid);
    }
  });

  it("sets the new password with the link, signs out every session and lets the new password log in", async () => {
    const session = await registerAndLogin(shop.app);
    const other = await loginAs(shop.app, session.customer);
    const token = await linkFor(session);

    const verified = await verify(token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ data: { valid: true } });

    const response = await change(token, "Fresh-start-99");
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(
      "Password has been reset successfully. You can now login with your new password.",
    );
    expect((await getProfile(shop.app, session)).statusCode).toBe(401);
    expect((await getProfile(shop.app, other)).statusCode).toBe(401);
    expect(
      (await login(shop.app, { emailOrPhone: session.customer.email, password: "Fresh-start-99" })).statusCode,
    ).toBe(200);
    expect(
      (await login(shop.app, { emailOrPhone: session.customer.email, password: session.customer.password })).statusCode,
    ).toBe(401);
  });

  it("uses a link only once: a second use answers 410 saying it was used", async () => {
    const session = await registerAndLogin(shop.app);
    const token = await linkFor(session);
    expect((await change(token, "Fresh-start-99")).statusCode).toBe(200);
    for (const response of [await change(token, "Another-one-77"), await verify(token)]) {
      expect(response.statusCode).toBe(410);
      expect(response.json().message).toBe(accountMessages.resetTokenUsed);
    }
  });

  it("expires a link after 24 hours with 410 saying it expired", async () => {
    const session = await registerAndLogin(shop.app);
    const token = await linkFor(session);
    clock.advance(hours(24) - 1000);
    expect((await verify(token)).statusCode).toBe(200);
    clock.advance(1000);
    for (const response of [await verify(token), await change(token, "Fresh-start-99")]) {
      expect(response.statusCode).toBe(410);
      expect(response.json().message).toBe(accountMessages.resetTokenExpired);
    }
  });

  it("answers 404 for a token it never issued", async () => {
    for (const response of [await verify("x".repeat(43)), await change("x".repeat(43), "Fresh-start-99")]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(accountMessages.resetTokenInvalid);
    }
  });

  it("refuses a weak new password with 400 and keeps the link usable", async () => {
    const session = await registerAndLogin(shop.app);
    const token = await linkFor(session);
    const weak = await change(token, "password");
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(accountMessages.passwordWeak);
    expect((await change(token, "Fresh-start-99")).statusCode).toBe(200);
  });

  it("retires outstanding links when the password is changed some other way", async () => {
    const session = await registerAndLogin(shop.app);
    const first = await linkFor(session);
    const second = await linkFor(session);
    expect((await change(second, "Fresh-start-99")).statusCode).toBe(200);
    expect((await verify(first)).statusCode).toBe(404);
  });

  it("allows 3 requests per account per 15 minutes, then 429 with Retry-After, then again after the wait", async () => {
    const session = await registerAndLogin(shop.app);
    for (let i = 0; i < 3; i += 1) {
      expect((await requestLink(session.customer.email, `10.0.0.${i + 1}`)).statusCode).toBe(200);
    }
    const limited = await requestLink(session.customer.mobile, "10.0.0.9");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe("Too many reset requests. Please wait 15 minutes before trying again");
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(readOutbox(shop.config.dataDir)).toHaveLength(3);

    clock.advance(15 * 60 * 1000);
    expect((await requestLink(session.customer.email)).statusCode).toBe(200);
  });

  it("allows one address 20 requests per 15 minutes over any accounts, known or not, then 429", async () => {
    for (let i = 0; i < 20; i += 1) {
      const answer = await requestLink(`nobody${i}@example.com`, "198.51.100.30");
      expect(answer.statusCode, String(i)).toBe(404);
    }
    const session = await registerAndLogin(shop.app);
    const limited = await requestLink(session.customer.email, "198.51.100.30");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe("Too many reset requests. Please wait 15 minutes before trying again");
    expect((await requestLink(session.customer.email, "198.51.100.31")).statusCode).toBe(200);
  });
});

describe(`password reset when the mail server is down (${testEngine})`, () => {
  it("still answers the request and keeps the token usable, logging the failure", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, "127.0.0.1", () => {
        const address = server.address();
        server.close(() => resolve(typeof address === "object" && address ? address.port : 1));
      });
    });
    const shop = await createTestShop({ SMTP_URL: `smtp://127.0.0.1:${closedPort}` });
    try {
      const session = await registerAndLogin(shop.app);
      const response = await shop.app.inject({
        method: "POST",
        url: "/api/user/forgot-password",
        payload: { emailOrMobile: session.customer.email },
      });
      expect(response.statusCode).toBe(200);
      const tokens = await shop.database.db.selectFrom("password_reset_tokens").selectAll().execute();
      expect(tokens).toHaveLength(1);
      expect(tokens[0]?.used_at).toBeNull();
    } finally {
      await shop.close();
    }
  });
});
