import { accountMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login, newCustomer, registerAndLogin, withCsrf } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { testEngine } from "../../../test/helpers/database.js";
import { accountRateLimits } from "./rate-limits.js";

/** Status code → how many answers had it. */
function tally(codes: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}

describe(`limits hold against parallel requests (${testEngine})`, () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(async () => shop.close());

  it("lets one address make at most its limit of password checks, however many logins it sends at once", async () => {
    const remoteAddress = "203.0.113.50";
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        login(shop.app, { emailOrPhone: `parallel${i}@example.com`, password: "Wrong-pass-1" }, { remoteAddress }),
      ),
    );
    const counts = tally(answers.map((answer) => answer.statusCode));
    // Every 401 is a password check (each guess names another account, so only the address limit applies).
    expect(counts[401]).toBe(accountRateLimits.loginPerIp.limit);
    expect(counts[429]).toBe(60 - accountRateLimits.loginPerIp.limit);
    console.info(`60 parallel wrong logins from one address: ${JSON.stringify(counts)}`);
  });

  it("does not count successful logins against the address", async () => {
    const remoteAddress = "203.0.113.51";
    const session = await registerAndLogin(shop.app);
    for (let i = 0; i < accountRateLimits.loginPerIp.limit + 5; i += 1) {
      const answer = await login(
        shop.app,
        { emailOrPhone: session.customer.email, password: session.customer.password },
        { remoteAddress },
      );
      expect(answer.statusCode).toBe(200);
    }
    expect(
      (await login(shop.app, { emailOrPhone: "nobody@example.com", password: "Wrong-pass-1" }, { remoteAddress }))
        .statusCode,
    ).toBe(401);
  });

  it("lets parallel wrong current passwords check at most the account's limit", async () => {
    const session = await registerAndLogin(shop.app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        shop.app.inject({
          method: "POST",
          url: "/api/user/profile/edit/password",
          headers: session.headers,
          payload: { currentPassword: `Wrong-pass-${i}`, newPassword: "New-chai-43", confirmPassword: "New-chai-43" },
        }),
      ),
    );
    const counts = tally(answers.map((answer) => answer.statusCode));
    expect(counts[400]).toBe(accountRateLimits.loginPerAccount.limit);
    expect(counts[429]).toBe(30 - accountRateLimits.loginPerAccount.limit);
  });

  it("limits sign-ups per address, also when they arrive at once", async () => {
    const remoteAddress = "203.0.113.52";
    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        withCsrf(shop.app, { method: "POST", url: "/api/auth/register", payload: newCustomer(), remoteAddress }),
      ),
    );
    const counts = tally(answers.map((answer) => answer.statusCode));
    expect(counts[201]).toBe(accountRateLimits.registerPerIp.limit);
    expect(counts[429]).toBe(15 - accountRateLimits.registerPerIp.limit);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json().message).toBe(accountMessages.tooManyRegistrations);
    const elsewhere = await withCsrf(shop.app, {
      method: "POST",
      url: "/api/auth/register",
      payload: newCustomer(),
      remoteAddress: "203.0.113.53",
    });
    expect(elsewhere.statusCode).toBe(201);
  });
});
