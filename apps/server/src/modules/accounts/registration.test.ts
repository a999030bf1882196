import { accountMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getProfile, login, newCustomer, refresh, register } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { outboxRows } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { readOutbox } from "../../../test/helpers/mail.js";
import { welcomeMailMessage } from "./welcome-mail.js";

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

describe(`the welcome e-mail on sign-up (${testEngine})`, () => {
  let shop: TestShop;

  beforeAll(async () => {
    // The worker is off: each test drains the outbox itself, so it knows what was sent when.
    shop = await createTestShop({ PUBLIC_URL: "https://shop.example.in", OUTBOX_INTERVAL_MS: "0" });
  });
  afterAll(async () => shop.close());

  const welcomesTo = (email: string) =>
    readOutbox(shop.config.dataDir).filter((mail) => mail.to.includes(email) && mail.subject.startsWith("Welcome"));
  const welcomeRows = () => outboxRows(shop.database.db, "welcome-mail:");

  it("writes one welcome with the account and sends it to the new shopper, by first name", async () => {
    const customer = newCustomer({ name: "Riya Sharma" });
    const response = await register(shop.app, customer);
    expect(response.statusCode).toBe(201);
    const userId: string = response.json().data.id;

    expect(await outboxRows(shop.database.db, `welcome-mail:${userId}`)).toMatchObject([
      { kind: "welcome-mail", payload: JSON.stringify({ userId }), status: "PENDING" },
    ]);
    await shop.app.outbox.drain();
    expect(await outboxRows(shop.database.db, `welcome-mail:${userId}`)).toMatchObject([{ status: "DONE" }]);

    const [mail, ...more] = welcomesTo(customer.email);
    expect(more).toEqual([]);
    expect(mail?.to).toContain(customer.email);
    expect(mail?.subject).toBe("Welcome to VAKI, Riya");
    for (const body of [mail?.text, mail?.html]) {
      expect(body).toContain("Hey Riya, welcome to VAKI.");
      expect(body).toContain("My Orders");
      expect(body).toMatch(/tracking/);
      expect(body).toMatch(/wishlist/);
      expect(body).toMatch(/[Ff]aster checkout/);
      expect(body).not.toContain("Sharma");
    }
    expect(mail?.text).toContain("Start shopping: https://shop.example.in");
    expect(mail?.html).toContain('href="https://shop.example.in"');
    expect(mail?.text).not.toMatch(/<[a-z]/i);
  });

  it("escapes the shopper's name in the HTML version", async () => {
    const customer = newCustomer({ name: "D'Souza Anaïs" });
    expect((await register(shop.app, customer)).statusCode).toBe(201);
    await shop.app.outbox.drain();
    const [mail] = welcomesTo(customer.email);
    expect(mail?.subject).toBe("Welcome to VAKI, D'Souza");
    expect(mail?.text).toContain("Hey D'Souza,");
    expect(mail?.html).toContain("Hey D&#39;Souza,");
    expect(mail?.html).not.toContain("D'Souza");
  });

  it("sends none on login, on a retried sign-up, or on a refused one", async () => {
    const customer = newCustomer();
    expect((await register(shop.app, customer)).statusCode).toBe(201);
    await shop.app.outbox.drain();
    const written = (await welcomeRows()).length;

    // Logging in (by e-mail and by mobile), and the same sign-up sent again (a double tap, a retry).
    expect((await login(shop.app, { emailOrPhone: customer.email, password: customer.password })).statusCode).toBe(200);
    expect((await login(shop.app, { emailOrPhone: customer.mobile, password: customer.password })).statusCode).toBe(
      200,
    );
    expect((await register(shop.app, customer)).statusCode).toBe(409);
    // Refused sign-ups: a weak password, an e-mail that is taken, an invalid e-mail.
    const other = newCustomer();
    expect((await register(shop.app, { ...other, password: "short1!" })).statusCode).toBe(400);
    expect((await register(shop.app, { ...other, email: customer.email.toUpperCase() })).statusCode).toBe(409);
    expect((await register(shop.app, { ...other, email: "riya@" })).statusCode).toBe(400);

    expect(await welcomeRows()).toHaveLength(written);
    await shop.app.outbox.drain();
    expect(welcomesTo(customer.email)).toHaveLength(1);
    expect(welcomesTo(other.email)).toEqual([]);
  });

  it("writes one welcome when the same sign-up arrives twice at once", async () => {
    const customer = newCustomer();
    const answers = await Promise.all([register(shop.app, customer), register(shop.app, customer)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const userId: string = answers.find((answer) => answer.statusCode === 201)?.json().data.id;
    expect(await outboxRows(shop.database.db, `welcome-mail:${userId}`)).toHaveLength(1);
    const users = await shop.database.db.selectFrom("users").select("id").where("email", "=", customer.email).execute();
    expect(users).toEqual([{ id: userId }]);

    // The key is the account's: writing the welcome again adds nothing, so it cannot go out twice.
    expect(await shop.app.outbox.enqueue(shop.database.db, welcomeMailMessage(userId))).toBe(false);
    await shop.app.outbox.drain();
    expect(welcomesTo(customer.email)).toHaveLength(1);
  });

  it("sends nothing, and gives up quietly, when the account is gone before the worker comes round", async () => {
    const customer = newCustomer();
    const userId: string = (await register(shop.app, customer)).json().data.id;
    await shop.database.db.deleteFrom("users").where("id", "=", userId).execute();
    await shop.app.outbox.drain();
    expect(await outboxRows(shop.database.db, `welcome-mail:${userId}`)).toMatchObject([{ status: "DONE" }]);
    expect(welcomesTo(customer.email)).toEqual([]);
  });
});
