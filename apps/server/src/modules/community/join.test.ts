import { clubMessages } from "@vaki/contract/messages";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bearer, registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { testEngine } from "../../../test/helpers/database.js";
import { lastMailTo, readOutbox } from "../../../test/helpers/mail.js";
import { ManualClock } from "../../lib/clock.js";

describe(`joining the Club (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;
  let sequence = 0;

  beforeEach(async () => {
    clock = new ManualClock();
    shop = await createTestShop({}, { clock });
  });
  afterEach(async () => shop.close());

  const member = (overrides: Record<string, unknown> = {}) => {
    sequence += 1;
    return {
      name: "Kabir",
      email: `kabir${sequence}@example.com`,
      phone: `+9198765${String(sequence).padStart(5, "0")}`,
      ...overrides,
    };
  };
  const join = (payload: object, options: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
    shop.app.inject({ method: "POST", url: "/api/community/join", payload, ...options });

  it("lets a guest join and answers a welcome message with the first-order code", async () => {
    const response = await join(member());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, data: { firstOrderCode: "VAKI10", memberId: expect.any(Number) } });
    expect(body.data.welcomeMessage).toContain("VAKI10");
    expect(body.data.welcomeMessage).toContain("10% off your first order");
    expect(body.data.welcomeMessage).toContain("Kabir");
  });

  it("sends a welcome e-mail carrying VAKI10", async () => {
    const joining = member({ name: "Kabir Singh" });
    await join(joining);
    const mail = lastMailTo(shop.config.dataDir, joining.email);
    expect(mail.subject).toContain("Welcome to the Club");
    expect(mail.text).toContain("VAKI10");
    expect(mail.text).toContain("10% off");
    expect(mail.text).toContain("Hey Kabir,");
    expect(mail.html).toContain("VAKI10");
  });

  it("stores the member with a +91 phone whether ten digits or +91 was sent", async () => {
    await join(member({ phone: "9811122233", email: "  Asha@Example.com " }));
    await join(member({ phone: "+91 98111 22234" }));
    const rows = await shop.database.db.selectFrom("club_members").select(["email", "phone", "user_id"]).execute();
    expect(rows.map((r) => r.phone).sort()).toEqual(["+919811122233", "+919811122234"]);
    expect(rows.map((r) => r.email)).toContain("asha@example.com");
    expect(rows.every((r) => r.user_id === null)).toBe(true);
  });

  it("links the member to the logged-in customer", async () => {
    const session = await registerAndLogin(shop.app);
    const response = await join(member(), { headers: session.headers });
    expect(response.statusCode).toBe(201);
    const row = await shop.database.db.selectFrom("club_members").select("user_id").executeTakeFirstOrThrow();
    expect(row.user_id).toBe(session.userId);
  });

  it("answers an invalid bearer token with 401 so the client refreshes instead of joining as a guest", async () => {
    const response = await join(member(), { headers: bearer("e30.e30.e30") });
    expect(response.statusCode).toBe(401);
  });

  it("refuses a second sign-up with the same e-mail or the same phone with 409", async () => {
    const first = member();
    await join(first);
    for (const again of [member({ email: first.email.toUpperCase() }), member({ phone: first.phone.slice(3) })]) {
      const response = await join(again);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ success: false, message: "You are already a member of the Club." });
    }
    expect(readOutbox(shop.config.dataDir)).toHaveLength(1);
  });

  it("refuses missing or malformed fields with the form's messages", async () => {
    const cases: [object, string, string][] = [
      [member({ name: "  " }), "name", clubMessages.firstNameRequired],
      [member({ name: undefined }), "name", clubMessages.firstNameRequired],
      [member({ email: "" }), "email", clubMessages.emailRequired],
      [member({ email: "kabir@nowhere" }), "email", clubMessages.emailInvalid],
      [member({ phone: "98765" }), "phone", clubMessages.phoneInvalid],
      [member({ phone: "+1 4155552671" }), "phone", clubMessages.phoneInvalid],
      [member({ phone: "98765432101" }), "phone", clubMessages.phoneInvalid],
    ];
    for (const [payload, field, message] of cases) {
      const response = await join(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
      expect(response.json().fieldErrors[field]).toEqual([message]);
    }
  });

  it("allows 10 sign-ups per network per hour, then 429 with Retry-After", async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await join(member(), { remoteAddress: "203.0.113.7" })).statusCode).toBe(201);
    }
    const limited = await join(member(), { remoteAddress: "203.0.113.7" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(clubMessages.tooManyJoins);
    expect(Number(limited.headers["retry-after"])).toBe(3600);
    expect((await join(member(), { remoteAddress: "203.0.113.8" })).statusCode).toBe(201);
    clock.advance(60 * 60 * 1000);
    expect((await join(member(), { remoteAddress: "203.0.113.7" })).statusCode).toBe(201);
  });

  it("does not count sign-ups from an address named in RATE_LIMIT_EXEMPT_ADDRESSES (the tests' 127.0.0.1)", async () => {
    for (let i = 0; i < 12; i += 1) expect((await join(member())).statusCode).toBe(201);
  });
});

describe(`the Club's sign-up limit behind a proxy (${testEngine})`, () => {
  let shop: TestShop;
  beforeEach(async () => {
    shop = await createTestShop({ TRUST_PROXY: "loopback" });
  });
  afterEach(async () => shop.close());

  let sequence = 0;
  /** Through a proxy on this machine, which appends the address it saw to X-Forwarded-For. */
  const joinVia = (forwardedFor: string) => {
    sequence += 1;
    return shop.app.inject({
      method: "POST",
      url: "/api/community/join",
      headers: { "x-forwarded-for": forwardedFor },
      payload: {
        name: "Meera",
        email: `meera${sequence}@example.com`,
        phone: `+9197654${String(sequence).padStart(5, "0")}`,
      },
    });
  };

  it("counts each shopper by the address the proxy saw, even one who writes a loopback address in the header", async () => {
    for (let i = 0; i < 10; i += 1) expect((await joinVia("127.0.0.1, 203.0.113.9")).statusCode).toBe(201);
    expect((await joinVia("127.0.0.1, 203.0.113.9")).statusCode).toBe(429);
    expect((await joinVia("203.0.113.9")).statusCode).toBe(429);
    expect((await joinVia("203.0.113.10")).statusCode).toBe(201);
  });
});
