import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type LoggedIn,
  login,
  newCustomer,
  register,
  registerAndLogin,
  withCsrf,
} from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { testEngine } from "../../../test/helpers/database.js";

const sql = ["' OR '1'='1", "x'); DROP TABLE users;--", "1; DELETE FROM sessions", "admin' --"];
const long = (n: number) => "a".repeat(n);

describe(`hostile and oversized input on the account and Club calls (${testEngine})`, () => {
  let shop: TestShop;
  let session: LoggedIn;

  beforeAll(async () => {
    shop = await createTestShop();
    session = await registerAndLogin(shop.app);
  });
  afterAll(async () => shop.close());

  type Call = { method: "POST" | "PUT" | "GET"; url: string; payload?: unknown; csrf?: boolean; auth?: boolean };

  async function send(call: Call) {
    const options = {
      method: call.method,
      url: call.url,
      ...(call.payload === undefined ? {} : { payload: call.payload as object }),
      headers: {
        ...(call.auth ? session.headers : {}),
        ...(typeof call.payload === "string" ? { "content-type": "application/json" } : {}),
      },
    };
    return call.csrf ? withCsrf(shop.app, options) : shop.app.inject(options);
  }

  const cases = (): [string, Call][] => [
    ...sql.flatMap((value): [string, Call][] => [
      [
        `register name ${value}`,
        { method: "POST", url: "/api/auth/register", payload: newCustomer({ name: value }), csrf: true },
      ],
      [
        `register email ${value}`,
        { method: "POST", url: "/api/auth/register", payload: newCustomer({ email: value }), csrf: true },
      ],
      [
        `register mobile ${value}`,
        { method: "POST", url: "/api/auth/register", payload: newCustomer({ mobile: value }), csrf: true },
      ],
      [
        `login ${value}`,
        { method: "POST", url: "/api/auth/login", payload: { emailOrPhone: value, password: "x" }, csrf: true },
      ],
      [`refresh ${value}`, { method: "POST", url: "/api/auth/refresh", payload: { refreshToken: value }, csrf: true }],
      [`forgot ${value}`, { method: "POST", url: "/api/user/forgot-password", payload: { emailOrMobile: value } }],
      [`verify ${value}`, { method: "POST", url: "/api/user/forgot-password/verify-token", payload: { token: value } }],
      [
        `reset ${value}`,
        {
          method: "POST",
          url: "/api/user/forgot-password/change",
          payload: { token: value, password: "Fresh-start-99" },
        },
      ],
      [
        `edit name ${value}`,
        { method: "POST", url: "/api/user/profile/edit/name", payload: { name: value }, auth: true },
      ],
      [
        `edit mobile ${value}`,
        { method: "POST", url: "/api/user/profile/edit/mobile", payload: { mobile: value }, auth: true },
      ],
      [
        `profile birthday ${value}`,
        { method: "PUT", url: "/api/auth/profile", payload: { birthday: value }, auth: true, csrf: true },
      ],
      [
        `preferences ${value}`,
        { method: "PUT", url: "/api/user/preferences", payload: { language: value }, auth: true },
      ],
      [
        `club name ${value}`,
        { method: "POST", url: "/api/community/join", payload: { name: value, email: "a@b.in", phone: "9876543210" } },
      ],
      [
        `club email ${value}`,
        { method: "POST", url: "/api/community/join", payload: { name: "Kabir", email: value, phone: "9876543210" } },
      ],
      [
        `club phone ${value}`,
        { method: "POST", url: "/api/community/join", payload: { name: "Kabir", email: "a@b.in", phone: value } },
      ],
    ]),
    [
      "name of 101 characters",
      { method: "POST", url: "/api/auth/register", payload: newCustomer({ name: long(101) }), csrf: true },
    ],
    [
      "e-mail of 255 characters",
      {
        method: "POST",
        url: "/api/auth/register",
        payload: newCustomer({ email: `${long(245)}@example.in` }),
        csrf: true,
      },
    ],
    [
      "password of 129 characters",
      { method: "POST", url: "/api/auth/register", payload: newCustomer({ password: `${long(126)}1!A` }), csrf: true },
    ],
    [
      "login password of 100k characters",
      {
        method: "POST",
        url: "/api/auth/login",
        payload: { emailOrPhone: "a@b.in", password: long(100_000) },
        csrf: true,
      },
    ],
    [
      "login identifier of 10k characters",
      { method: "POST", url: "/api/auth/login", payload: { emailOrPhone: long(10_000), password: "x" }, csrf: true },
    ],
    [
      "reset token of 600 characters",
      { method: "POST", url: "/api/user/forgot-password/verify-token", payload: { token: long(600) } },
    ],
    [
      "profile name of 101 characters",
      { method: "PUT", url: "/api/auth/profile", payload: { name: long(101) }, auth: true, csrf: true },
    ],
    [
      "new password of 129 characters",
      {
        method: "POST",
        url: "/api/user/profile/edit/password",
        payload: { currentPassword: "x", newPassword: `${long(126)}1!A` },
        auth: true,
      },
    ],
    [
      "club name of 101 characters",
      {
        method: "POST",
        url: "/api/community/join",
        payload: { name: long(101), email: "a@b.in", phone: "9876543210" },
      },
    ],
    [
      "an object where text belongs",
      { method: "POST", url: "/api/auth/login", payload: { emailOrPhone: { $gt: "" }, password: "x" }, csrf: true },
    ],
    [
      "an array where text belongs",
      { method: "POST", url: "/api/community/join", payload: { name: ["a"], email: "a@b.in", phone: "9876543210" } },
    ],
    [
      "a number where text belongs",
      { method: "POST", url: "/api/user/forgot-password", payload: { emailOrMobile: 9876543210 } },
    ],
    ["no body at all", { method: "POST", url: "/api/auth/register", csrf: true }],
    ["a JSON string body", { method: "POST", url: "/api/community/join", payload: '"hello"' }],
    ["a profile id of 65 characters", { method: "GET", url: `/api/user/profile/${long(65)}`, auth: true }],
  ];

  it("answers every one of them with 400 and field errors, never 500", async () => {
    for (const [label, call] of cases()) {
      const response = await send(call);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
      expect(response.json(), label).toMatchObject({ success: false, error: "InvalidInput" });
    }
  });

  it("leaves the data intact and still stores quotes that belong in a real address verbatim", async () => {
    const tables = await shop.database.db.introspection.getTables();
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(["users", "sessions", "club_members"]));
    const customer = newCustomer({ email: `o'brien.${Date.now()}@example.com`, name: "Siobhán O'Brien" });
    expect((await register(shop.app, customer)).statusCode).toBe(201);
    const response = await login(shop.app, { emailOrPhone: customer.email, password: customer.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({ email: customer.email, name: "Siobhán O'Brien" });
  });
});
