import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { dubaiFormFields, londonAddress } from "../../../test/helpers/checkout.js";
import { ManualClock } from "../../lib/clock.js";
import { Conflict, Gone, InvalidInput, NotFound, Unauthorised } from "../../lib/errors.js";
import type { CheckoutOrder } from "./payment-provider.js";
import { InMemorySandboxCheckoutStore } from "./sandbox-checkout-store.js";
import { SandboxPaymentProvider, sandboxSignatureHeader } from "./sandbox-payment.js";
import { readPaymentForm } from "./sandbox-payment-form.js";

/** The field errors of a refused form; fails the test when the form was accepted. */
function refusedWith(read: ReturnType<typeof readPaymentForm>) {
  if (read.ok) throw new Error(`expected the form to be refused, got ${JSON.stringify(read.payment)}`);
  return read.fieldErrors;
}

const secret = "sandbox-secret-for-tests-0123456789";

function order(overrides: Partial<CheckoutOrder> = {}): CheckoutOrder {
  return {
    orderId: "7d1e2f3a-0000-4000-8000-000000000042",
    orderNumber: "VK-100042",
    amount: 233_800,
    currency: "INR",
    lines: [
      {
        variantId: 11,
        sku: "VK-MOON-TEE-BLK-M",
        name: "Moonkid Tee",
        quantity: 2,
        unitPrice: 129_900,
        imageUrl: "/img/moon.svg",
      },
    ],
    discount: 26_000,
    couponCode: "VAKI10",
    redirectUrl: "http://localhost:3000/order-confirmation/7d1e2f3a-0000-4000-8000-000000000042",
    customer: { email: "riya@example.com", phone: "+919876543210" },
    ...overrides,
  };
}

/** The page's form as the browser posts it (flat names). */
function form(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    method: "upi",
    "contact.email": "Riya@Example.com",
    "contact.phone": "98765 43210",
    upiId: "",
    "shippingAddress.fullName": "Riya Sharma",
    "shippingAddress.line1": "Flat 4B, Lotus Towers",
    "shippingAddress.line2": "Sector 62",
    "shippingAddress.city": "Noida",
    "shippingAddress.state": "Uttar Pradesh",
    "shippingAddress.pincode": "201301",
    "shippingAddress.country": "India",
    "shippingAddress.phone": "+91 98765 43210",
    billingSameAsShipping: "on",
    ...overrides,
  };
}

/** A London shipping address as the page posts it, paid by card. */
function ukAddress(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    method: "card",
    "contact.phone": "+44 7700 900123",
    "shippingAddress.fullName": "Riya Sharma",
    "shippingAddress.line1": "221B Baker Street",
    "shippingAddress.line2": "",
    "shippingAddress.city": "London",
    "shippingAddress.state": "Greater London",
    "shippingAddress.pincode": "nw1 6xe",
    "shippingAddress.country": "United Kingdom",
    "shippingAddress.phone": "+44 20 7946 0958",
    ...overrides,
  };
}

/** The same address fields under billing's names (contact and method left out). */
function billingOf(fields: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([name]) => name.startsWith("shippingAddress."))
      .map(([name, value]) => [name.replace("shippingAddress.", "billingAddress."), value]),
  );
}

function sandbox(clock = new ManualClock()) {
  const store = new InMemorySandboxCheckoutStore();
  const provider = new SandboxPaymentProvider({ store, secret, clock, sessionTtlMs: 30 * 60_000 });
  return { provider, store, clock };
}

describe("the sandbox payment form", () => {
  it("accepts a complete Indian address and normalises e-mail and phone numbers", () => {
    const read = readPaymentForm(form());
    expect(read).toEqual({
      ok: true,
      payment: {
        method: "upi",
        contact: { email: "riya@example.com", phone: "9876543210" },
        upiId: "",
        shippingAddress: {
          fullName: "Riya Sharma",
          line1: "Flat 4B, Lotus Towers",
          line2: "Sector 62",
          city: "Noida",
          state: "Uttar Pradesh",
          pincode: "201301",
          country: "India",
          phone: "9876543210",
        },
        billingAddress: {
          fullName: "Riya Sharma",
          line1: "Flat 4B, Lotus Towers",
          line2: "Sector 62",
          city: "Noida",
          state: "Uttar Pradesh",
          pincode: "201301",
          country: "India",
          phone: "9876543210",
        },
      },
    });
  });

  it("refuses pincodes that are not 6 digits starting 1-9, keyed by the form's field name", () => {
    for (const pincode of ["011001", "20130", "2013011", "20130a", ""]) {
      const read = readPaymentForm(form({ "shippingAddress.pincode": pincode }));
      expect(read.ok, pincode).toBe(false);
      if (!read.ok) expect(read.fieldErrors).toEqual({ "shippingAddress.pincode": ["Enter a 6-digit pincode"] });
    }
  });

  it("refuses phone numbers that are not 10-digit Indian mobiles and e-mails that are not e-mails", () => {
    const read = readPaymentForm(
      form({ "contact.phone": "987654321", "shippingAddress.phone": "5876543210", "contact.email": "riya@" }),
    );
    expect(refusedWith(read)).toEqual({
      "contact.email": ["Enter a valid e-mail address"],
      "contact.phone": ["Enter a 10-digit mobile number"],
      "shippingAddress.phone": ["Enter a 10-digit mobile number"],
    });
    expect(readPaymentForm(form({ "contact.phone": "09876543210" })).ok).toBe(true);
    expect(readPaymentForm(form({ "contact.phone": "919876543210" })).ok).toBe(true);
  });

  it("names every missing address field, an unknown state and an unknown method", () => {
    const read = readPaymentForm({
      method: "bitcoin",
      "contact.email": "a@b.in",
      "contact.phone": "9876543210",
      "shippingAddress.state": "Gondwana",
      "shippingAddress.country": "India",
    });
    expect(Object.keys(refusedWith(read)).sort()).toEqual([
      "method",
      "shippingAddress.city",
      "shippingAddress.fullName",
      "shippingAddress.line1",
      "shippingAddress.phone",
      "shippingAddress.pincode",
      "shippingAddress.state",
    ]);
    expect(refusedWith(read).method).toEqual(["Choose how you want to pay"]);
    expect(refusedWith(read)["shippingAddress.state"]).toEqual(["Choose a state"]);
  });

  it("keeps India's rules: a state from the list in its own spelling, a 6-digit pincode, an Indian mobile", () => {
    const typed = readPaymentForm(form({ "shippingAddress.state": "  tamil   NADU ", "shippingAddress.country": "" }));
    expect(typed.ok && typed.payment.shippingAddress).toMatchObject({ state: "Tamil Nadu", country: "India" });
    const foreignPhone = readPaymentForm(form({ "shippingAddress.phone": "+44 20 7946 0958" }));
    expect(refusedWith(foreignPhone)).toEqual({ "shippingAddress.phone": ["Enter a 10-digit mobile number"] });
    const postcode = readPaymentForm(form({ "shippingAddress.pincode": "SW1A 1AA", "shippingAddress.state": "Kent" }));
    expect(refusedWith(postcode)).toEqual({
      "shippingAddress.pincode": ["Enter a 6-digit pincode"],
      "shippingAddress.state": ["Choose a state"],
    });
  });

  it("drops field names that are not the form's, so a posted form cannot reach an object's prototype", () => {
    const read = readPaymentForm(
      form({
        "__proto__.polluted": "yes",
        "constructor.prototype.polluted": "yes",
        "shippingAddress.__proto__": "x",
        "contact.email.extra": "x",
        role: "admin",
      }),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(read.ok && read.payment).toMatchObject({ method: "upi", contact: { email: "riya@example.com" } });
    expect(read.ok && Object.keys(read.payment).sort()).toEqual([
      "billingAddress",
      "contact",
      "method",
      "shippingAddress",
      "upiId",
    ]);
  });

  it("lets an address in a country without postal codes leave the code empty, and only there", () => {
    const read = readPaymentForm(form(ukAddress(dubaiFormFields)));
    expect(read.ok && read.payment.shippingAddress).toMatchObject({
      pincode: "",
      country: "United Arab Emirates",
      phone: "+971501234567",
    });
    expect(refusedWith(readPaymentForm(form(ukAddress({ "shippingAddress.pincode": "" }))))).toEqual({
      "shippingAddress.pincode": ["Enter the postal code: 3-10 letters, digits, spaces or dashes"],
    });
    expect(refusedWith(readPaymentForm(form({ "shippingAddress.pincode": "" })))).toEqual({
      "shippingAddress.pincode": ["Enter a 6-digit pincode"],
    });
  });

  it("accepts a UK address: a free-text region, the postcode in capitals, phones as +<digits>", () => {
    const read = readPaymentForm(form(ukAddress()));
    expect(read).toEqual({
      ok: true,
      payment: {
        method: "card",
        contact: { email: "riya@example.com", phone: "+447700900123" },
        upiId: "",
        shippingAddress: londonAddress,
        billingAddress: londonAddress,
      },
    });
  });

  it("accepts a US address given by country code, without a state, and reads 00 as +", () => {
    const read = readPaymentForm(
      form({
        method: "upi",
        "contact.phone": "001 212 555 0100",
        "shippingAddress.fullName": "Kabir Rao",
        "shippingAddress.line1": "350 Fifth Avenue",
        "shippingAddress.line2": "Apt 12",
        "shippingAddress.city": "New York",
        "shippingAddress.state": "",
        "shippingAddress.pincode": "10118-0110",
        "shippingAddress.country": "us",
        "shippingAddress.phone": "12125550100",
      }),
    );
    expect(read.ok && read.payment).toMatchObject({
      contact: { phone: "+12125550100" },
      shippingAddress: { state: "", pincode: "10118-0110", country: "United States", phone: "+12125550100" },
    });
  });

  it("refuses a foreign postal code the courier cannot read", () => {
    for (const pincode of ["", "N1", "SW1A 1AA 1234", "-10118", "NW1_6XE", "10118-"]) {
      const read = readPaymentForm(form(ukAddress({ "shippingAddress.pincode": pincode })));
      expect(read.ok, pincode).toBe(false);
      if (!read.ok) {
        expect(read.fieldErrors).toEqual({
          "shippingAddress.pincode": ["Enter the postal code: 3-10 letters, digits, spaces or dashes"],
        });
      }
    }
  });

  it("refuses international numbers that are too short, too long, lettered or have no country", () => {
    const message = "Enter a phone number with country code, like +44 20 7946 0958";
    for (const phone of ["+44 123", "+44 20 7946 0958 12345", "020 79", "+0 20 7946 0958", "+44 20 CALL ME", ""]) {
      const read = readPaymentForm(form(ukAddress({ "shippingAddress.phone": phone, "contact.phone": phone })));
      expect(read.ok, phone).toBe(false);
      if (!read.ok) {
        expect(read.fieldErrors, phone).toEqual({ "contact.phone": [message], "shippingAddress.phone": [message] });
      }
    }
  });

  it("gives a number typed without a country code the code of the address's country, its trunk prefix dropped", () => {
    const phonesOf = (country: string, phone: string) => {
      const read = readPaymentForm(
        form(ukAddress({ "shippingAddress.country": country, "shippingAddress.phone": phone, "contact.phone": phone })),
      );
      return read.ok ? [read.payment.shippingAddress.phone, read.payment.contact.phone] : read.fieldErrors;
    };
    expect(phonesOf("United Kingdom", "020 7946 0958")).toEqual(["+442079460958", "+442079460958"]);
    expect(phonesOf("United Kingdom", "(0)20 7946 0958")).toEqual(["+442079460958", "+442079460958"]);
    expect(phonesOf("United Kingdom", "44 20 7946 0958")).toEqual(["+442079460958", "+442079460958"]);
    expect(phonesOf("United States", "(212) 555-0100")).toEqual(["+12125550100", "+12125550100"]);
    expect(phonesOf("Germany", "030 1234567")).toEqual(["+49301234567", "+49301234567"]);
    // A number with its own country code keeps it, whatever the address's country.
    expect(phonesOf("Germany", "+44 20 7946 0958")).toEqual(["+442079460958", "+442079460958"]);
    // An unknown country gives no code to borrow: the number must bring its own.
    const atlantis = readPaymentForm(
      form(ukAddress({ "shippingAddress.country": "Atlantis", "shippingAddress.phone": "020 7946 0958" })),
    );
    expect(refusedWith(atlantis)).toMatchObject({
      "shippingAddress.country": ["Choose a country"],
      "shippingAddress.phone": ["Enter a phone number with country code, like +44 20 7946 0958"],
    });
  });

  it("reads the contact number as an Indian mobile, or with its country code, wherever the parcel goes", () => {
    const phoneOf = (phone: string, overrides: Record<string, string | undefined> = {}) => {
      const read = readPaymentForm(form({ ...overrides, "contact.phone": phone }));
      return read.ok ? read.payment.contact.phone : read.fieldErrors["contact.phone"];
    };
    expect(phoneOf("+44 20 7946 0958")).toBe("+442079460958");
    expect(phoneOf("0044 20 7946 0958")).toBe("+442079460958");
    // "(0)" is the trunk zero some countries write beside their code; it is not dialled from abroad.
    expect(phoneOf("+44 (0)20-7946-0958")).toBe("+442079460958");
    expect(phoneOf("+91 98765 43210")).toBe("9876543210");
    // Bare numbers are Indian while the parcel stays in India; India's code needs a mobile.
    expect(phoneOf("442079460958")).toEqual(["Enter a 10-digit mobile number"]);
    expect(phoneOf("+91 12345 678")).toEqual(["Enter a 10-digit mobile number"]);
    expect(phoneOf("98765 43210", ukAddress())).toBe("9876543210");
    expect(phoneOf("+91 98765 43210", ukAddress())).toBe("9876543210");
    expect(phoneOf("447700900123", ukAddress())).toBe("+447700900123");
    // Abroad, a bare number written the destination's way is read there, not as an Indian mobile.
    expect(phoneOf("07911 123456", ukAddress())).toBe("+447911123456");
    const dubai = ukAddress({
      "shippingAddress.country": "United Arab Emirates",
      "shippingAddress.phone": "+971 50 123 4567",
    });
    expect(phoneOf("050 123 4567", dubai)).toBe("+971501234567");
    // Digits that are both a US number and an Indian mobile need their country code.
    const newYork = ukAddress({
      "shippingAddress.country": "United States",
      "shippingAddress.phone": "+1 212 555 0142",
    });
    expect(phoneOf("917 555 0100", newYork)).toEqual([
      "Add the country code to this number: +91 for India, or your own country's",
    ]);
    expect(phoneOf("+1 917 555 0100", newYork)).toBe("+19175550100");
    expect(phoneOf("+91 91755 50100", newYork)).toBe("9175550100");
    expect(phoneOf("(212) 555-0142", newYork)).toBe("+12125550142");
  });

  it("offers cash on delivery only for a shipping address in India", () => {
    const abroad = readPaymentForm(form(ukAddress({ method: "cod" })));
    expect(abroad.ok).toBe(false);
    if (!abroad.ok) expect(abroad.fieldErrors).toEqual({ method: ["Cash on delivery is available only within India"] });
    const billedAbroad = readPaymentForm(
      form({ method: "cod", billingSameAsShipping: undefined, ...billingOf(ukAddress()) }),
    );
    expect(billedAbroad.ok && billedAbroad.payment).toMatchObject({
      method: "cod",
      shippingAddress: { country: "India" },
      billingAddress: { country: "United Kingdom", pincode: "NW1 6XE" },
    });
  });

  it("refuses a country the shop does not ship to, and still checks the rest of the address", () => {
    const read = readPaymentForm(
      form(ukAddress({ "shippingAddress.country": "Atlantis", "shippingAddress.pincode": "?" })),
    );
    expect(refusedWith(read)).toEqual({
      "shippingAddress.country": ["Choose a country"],
      "shippingAddress.pincode": ["Enter the postal code: 3-10 letters, digits, spaces or dashes"],
    });
    const billing = readPaymentForm(
      form({ billingSameAsShipping: undefined, ...billingOf(ukAddress({ "shippingAddress.country": "Narnia" })) }),
    );
    expect(!billing.ok && billing.fieldErrors).toEqual({ "billingAddress.country": ["Choose a country"] });
  });

  it("checks the billing address only when it is not the shipping one", () => {
    const unticked = readPaymentForm(form({ billingSameAsShipping: undefined, "billingAddress.pincode": "0" }));
    expect(refusedWith(unticked)["billingAddress.pincode"]).toEqual(["Enter a 6-digit pincode"]);
    expect(refusedWith(unticked)["billingAddress.fullName"]).toEqual(["Enter the full name"]);
    const billing = readPaymentForm(
      form({
        billingSameAsShipping: undefined,
        "billingAddress.fullName": "Kabir Rao",
        "billingAddress.line1": "12 MG Road",
        "billingAddress.city": "Bengaluru",
        "billingAddress.state": "Karnataka",
        "billingAddress.pincode": "560001",
        "billingAddress.country": "India",
        "billingAddress.phone": "9123456780",
      }),
    );
    expect(billing.ok && billing.payment.billingAddress).toMatchObject({ fullName: "Kabir Rao", pincode: "560001" });
  });

  it("reads the same thing given as nested objects", () => {
    const read = readPaymentForm({
      method: "cod",
      contact: { email: "riya@example.com", phone: "9876543210" },
      shippingAddress: {
        fullName: "Riya Sharma",
        line1: "Flat 4B",
        line2: "",
        city: "Noida",
        state: "Uttar Pradesh",
        pincode: "201301",
        country: "India",
        phone: "9876543210",
      },
    });
    expect(read.ok && read.payment.billingAddress.pincode).toBe("201301");
  });
});

describe("the sandbox payment gateway", () => {
  it("mints a random, URL-safe token per checkout and reports it pending", async () => {
    const { provider } = sandbox();
    const first = await provider.createCheckout(order());
    const second = await provider.createCheckout(order());
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.token).not.toBe(second.token);
    expect(first.checkoutId).not.toBe(second.checkoutId);
    expect(first.expiresAt.toISOString()).toBe("2026-11-22T10:30:00.000Z");
    expect(await provider.getCheckout(first.checkoutId)).toMatchObject({
      checkoutId: first.checkoutId,
      orderId: order().orderId,
      outcome: "PENDING",
      amount: 233_800,
      paymentType: null,
    });
  });

  it("refuses to open a checkout for 0 paise", async () => {
    await expect(sandbox().provider.createCheckout(order({ amount: 0 }))).rejects.toBeInstanceOf(InvalidInput);
  });

  it("describes the order to the hosted page by token", async () => {
    const { provider } = sandbox();
    const session = await provider.createCheckout(order());
    expect(await provider.describe(session.token)).toMatchObject({
      checkoutId: session.checkoutId,
      orderNumber: "VK-100042",
      amount: 233_800,
      discount: 26_000,
      couponCode: "VAKI10",
      prefill: { email: "riya@example.com", phone: "+919876543210" },
      lastAttemptFailed: false,
      completedRedirectUrl: null,
    });
  });

  it("does not find unknown or malformed tokens, and calls an expired one gone", async () => {
    const { provider, clock } = sandbox();
    await expect(provider.describe("A".repeat(32))).rejects.toBeInstanceOf(NotFound);
    await expect(provider.describe("../../etc/passwd")).rejects.toBeInstanceOf(NotFound);
    const session = await provider.createCheckout(order());
    clock.advance(30 * 60_000 + 1);
    await expect(provider.describe(session.token)).rejects.toBeInstanceOf(Gone);
    await expect(provider.complete(session.token, form())).rejects.toBeInstanceOf(Gone);
    expect((await provider.getCheckout(session.checkoutId)).outcome).toBe("FAILED");
  });

  it("completes a UPI payment: redirect with oid and ost, and a signed webhook the shop accepts", async () => {
    const { provider } = sandbox();
    const session = await provider.createCheckout(order());
    const done = await provider.complete(session.token, form());
    if (done.kind !== "completed") throw new Error("expected a completed payment");
    expect(done.outcome).toBe("SUCCESS");
    expect(done.redirectUrl).toBe(
      `http://localhost:3000/order-confirmation/7d1e2f3a-0000-4000-8000-000000000042?oid=${session.checkoutId}&ost=SUCCESS`,
    );
    expect(done.webhook.headers[sandboxSignatureHeader]).toBe(
      createHmac("sha256", secret).update(done.webhook.body).digest("hex"),
    );
    const verified = await provider.verifyWebhook({
      headers: done.webhook.headers,
      rawBody: Buffer.from(done.webhook.body),
    });
    expect(verified).toEqual({ checkoutId: session.checkoutId });

    const result = await provider.getCheckout(session.checkoutId);
    expect(result).toMatchObject({
      outcome: "SUCCESS",
      paymentType: "PREPAID",
      paymentId: expect.stringMatching(/^sbx_pay_/),
      gatewayTransactionId: expect.stringMatching(/^SBXUPI[0-9A-F]{12}$/),
      email: "riya@example.com",
      phone: "9876543210",
      shippingAddress: { city: "Noida", pincode: "201301" },
      billingAddress: { city: "Noida" },
    });
  });

  it("places a cash-on-delivery order as SUCCESS with outcome COD", async () => {
    const { provider } = sandbox();
    const session = await provider.createCheckout(order());
    const done = await provider.complete(session.token, form({ method: "cod" }));
    expect(done).toMatchObject({
      kind: "completed",
      outcome: "COD",
      redirectUrl: expect.stringContaining("ost=SUCCESS"),
    });
    expect(await provider.getCheckout(session.checkoutId)).toMatchObject({
      outcome: "COD",
      paymentType: "CASH_ON_DELIVERY",
      paymentId: null,
    });
  });

  it("declines when asked to fail, then lets the shopper try again", async () => {
    const { provider } = sandbox();
    const session = await provider.createCheckout(order());
    const declined = await provider.complete(session.token, form({ method: "fail" }));
    expect(declined).toMatchObject({
      kind: "completed",
      outcome: "FAILED",
      redirectUrl: expect.stringContaining("ost=FAILED"),
    });
    expect((await provider.describe(session.token)).lastAttemptFailed).toBe(true);
    expect((await provider.getCheckout(session.checkoutId)).outcome).toBe("FAILED");

    const retried = await provider.complete(session.token, form({ method: "card" }));
    expect(retried).toMatchObject({ kind: "completed", outcome: "SUCCESS" });
    expect((await provider.getCheckout(session.checkoutId)).gatewayTransactionId).toMatch(/^SBXCARD/);
  });

  it("answers field errors and records nothing when the form is invalid", async () => {
    const { provider } = sandbox();
    const session = await provider.createCheckout(order());
    const answer = await provider.complete(session.token, form({ "shippingAddress.pincode": "12345" }));
    expect(answer).toEqual({
      kind: "invalid",
      fieldErrors: { "shippingAddress.pincode": ["Enter a 6-digit pincode"] },
    });
    expect((await provider.getCheckout(session.checkoutId)).outcome).toBe("PENDING");
  });

  it("treats a second submit after success as the same payment (back button, double click)", async () => {
    const { provider } = sandbox();
    const session = await provider.createCheckout(order());
    const first = await provider.complete(session.token, form());
    const again = await provider.complete(session.token, form({ method: "fail", "shippingAddress.pincode": "x" }));
    expect(again).toEqual(first);
    expect((await provider.describe(session.token)).completedRedirectUrl).toBe(
      first.kind === "completed" ? first.redirectUrl : null,
    );
    expect((await provider.getCheckout(session.checkoutId)).outcome).toBe("SUCCESS");
  });

  it("records exactly one outcome when two submits race", async () => {
    const { provider } = sandbox();
    const session = await provider.createCheckout(order());
    const [a, b] = await Promise.all([
      provider.complete(session.token, form({ method: "upi" })),
      provider.complete(session.token, form({ method: "cod" })),
    ]);
    expect(a).toEqual(b);
    const result = await provider.getCheckout(session.checkoutId);
    expect(a).toMatchObject({ outcome: result.outcome });
  });

  it("refuses webhooks with a tampered body, another secret or no signature", async () => {
    const { provider } = sandbox();
    const session = await provider.createCheckout(order());
    const done = await provider.complete(session.token, form({ method: "fail" }));
    if (done.kind !== "completed") throw new Error("expected completion");
    const tampered = Buffer.from(done.webhook.body.replace('"FAILED"', '"SUCCESS"'));
    await expect(provider.verifyWebhook({ headers: done.webhook.headers, rawBody: tampered })).rejects.toBeInstanceOf(
      Unauthorised,
    );
    const other = new SandboxPaymentProvider({
      store: new InMemorySandboxCheckoutStore(),
      secret: "another-secret-0123456789abcdef",
      clock: new ManualClock(),
    });
    await expect(
      other.verifyWebhook({ headers: done.webhook.headers, rawBody: Buffer.from(done.webhook.body) }),
    ).rejects.toBeInstanceOf(Unauthorised);
    await expect(
      provider.verifyWebhook({ headers: {}, rawBody: Buffer.from(done.webhook.body) }),
    ).rejects.toBeInstanceOf(Unauthorised);
  });

  it("refunds online payments up to what was paid, and nothing for cash on delivery", async () => {
    const { provider } = sandbox();
    const paid = await provider.createCheckout(order());
    await provider.complete(paid.token, form());
    const refund = await provider.refund({
      checkoutId: paid.checkoutId,
      paymentId: null,
      amount: 100_000,
      reason: "size",
    });
    expect(refund).toEqual({ refundId: expect.stringMatching(/^sbx_rfnd_/), status: "COMPLETED" });
    await expect(
      provider.refund({ checkoutId: paid.checkoutId, paymentId: null, amount: 133_801, reason: "again" }),
    ).rejects.toBeInstanceOf(Conflict);
    await provider.refund({ checkoutId: paid.checkoutId, paymentId: null, amount: 133_800, reason: "rest" });
    expect((await provider.getCheckout(paid.checkoutId)).raw).toMatchObject({ refunded: 233_800 });

    const cod = await provider.createCheckout(order());
    await provider.complete(cod.token, form({ method: "cod" }));
    await expect(
      provider.refund({ checkoutId: cod.checkoutId, paymentId: null, amount: 1, reason: "cancelled" }),
    ).rejects.toBeInstanceOf(Conflict);
    await expect(
      provider.refund({ checkoutId: "sbx_chk_nope", paymentId: null, amount: 1, reason: "x" }),
    ).rejects.toBeInstanceOf(NotFound);
  });
});
