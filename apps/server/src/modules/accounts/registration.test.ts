import { accountMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getProfile, login, newCustomer, refresh, register } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { testEngine } from "../../../test/helpers/database.js";

describe(`registration (${testEngine})`, () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(async () => shop.close());

  it("creates a customer with a trimmed, lower-cased e-mail and a +91 mobile, and never answers the hash", async () => {
    const customer = newCustomer({ email: `  Riya.Sharma.${Date.now()}@Example.COM ` });
    const response = await register(shop.app, customer);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: accountMessages.registered,
      data: {
        name: "Riya Sharma",
        email: customer.email.trim().toLowerCase(),
        mobile: `+91${customer.mobile}`,
        role: "customer",
      },
    });
    expect(body.data.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body.data.userId).toBe(body.data.id);
    expect(response.body).not.toMatch(/argon2|password/i);

    const stored = await shop.database.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", body.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.parse(stored.preferences)).toEqual({});
  });

  it("logs the new customer in at once, answering the same session as login", async () => {
    const customer = newCustomer();
    const response = await register(shop.app, customer);
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    const loggedIn = (await login(shop.app, { emailOrPhone: customer.email, password: customer.password })).json().data;
    for (const key of Object.keys(loggedIn)) expect(data, key).toHaveProperty(key);
    expect(data).toMatchObject({ userId: data.id, user: { id: data.id, email: customer.email.toLowerCase() } });
    expect(response.headers["set-cookie"]).toEqual(expect.stringContaining("refresh_token="));
    expect((await getProfile(shop.app, { userId: data.userId, accessToken: data.accessToken })).statusCode).toBe(200);
    expect((await refresh(shop.app, data.refreshToken)).statusCode).toBe(200);
  });

  it("accepts sign-up without a mobile number, and other country codes written with +", async () => {
    const withoutMobile = await register(shop.app, { ...newCustomer(), mobile: "" });
    expect(withoutMobile.statusCode).toBe(201);
    expect(withoutMobile.json().data.mobile).toBeNull();
    const another = await register(shop.app, { ...newCustomer(), mobile: "" });
    expect(another.statusCode).toBe(201);

    const abroad = await register(shop.app, newCustomer({ mobile: "+44 7700 900123" }));
    expect(abroad.statusCode).toBe(201);
    expect(abroad.json().data.mobile).toBe("+447700900123");
  });

  it("refuses a taken e-mail with 409 and a field error, whatever its case", async () => {
    const customer = newCustomer();
    await register(shop.app, customer);
    const again = await register(shop.app, newCustomer({ email: customer.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      error: "Conflict",
      message: accountMessages.emailTaken,
      fieldErrors: { email: [accountMessages.emailTaken] },
    });
  });

  it("refuses a taken mobile number with 409, whichever spelling was used", async () => {
    const customer = newCustomer();
    await register(shop.app, customer);
    const again = await register(shop.app, newCustomer({ mobile: `+91-${customer.mobile}` }));
    expect(again.statusCode).toBe(409);
    expect(again.json().fieldErrors).toEqual({ mobile: [accountMessages.mobileTaken] });

    const both = await register(shop.app, newCustomer({ email: customer.email, mobile: customer.mobile }));
    expect(both.statusCode).toBe(409);
    expect(Object.keys(both.json().fieldErrors).sort()).toEqual(["email", "mobile"]);
  });

  it("refuses weak passwords with the spec's message under password", async () => {
    for (const password of ["short1!", "longpassword", "longpassword1", "longpassword!", "123456789!", ""]) {
      const response = await register(shop.app, newCustomer({ password }));
      expect(response.statusCode, password).toBe(400);
      expect(response.json().fieldErrors.password).toContain(accountMessages.passwordWeak);
    }
    expect((await register(shop.app, newCustomer({ password: "nine-char1" }))).statusCode).toBe(201);
  });

  it("refuses a blank name, a bad e-mail and a bad mobile number with the form's messages", async () => {
    const blank = await register(shop.app, newCustomer({ name: "   " }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      message: accountMessages.nameInvalid,
      fieldErrors: { name: [accountMessages.nameInvalid] },
    });

    const email = await register(shop.app, newCustomer({ email: "riya@" }));
    expect(email.statusCode).toBe(400);
    expect(email.json().fieldErrors.email).toEqual([accountMessages.emailInvalid]);

    const mobile = await register(shop.app, newCustomer({ mobile: "12345" }));
    expect(mobile.statusCode).toBe(400);
    expect(mobile.json().fieldErrors.mobile).toEqual([accountMessages.mobileInvalid]);

    const missing = await register(shop.app, { name: "Riya" } as never);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fieldErrors).sort()).toEqual(["email", "password"]);
  });

  it("keeps names in any script, with the punctuation real names use", async () => {
    for (const name of ["Anaïs O'Brien-Dsouza", "प्रिया शर्मा", "J. R. Rao"]) {
      const response = await register(shop.app, newCustomer({ name }));
      expect(response.statusCode, name).toBe(201);
      expect(response.json().data.name).toBe(name);
    }
  });
});
