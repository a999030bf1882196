import { createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeShiprocketCheckout,
  startFakeShiprocketCheckout,
} from "../../../test/fakes/fake-shiprocket-checkout.js";
import { ManualClock } from "../../lib/clock.js";
import { InvalidInput, NotFound, Unauthorised } from "../../lib/errors.js";
import { type CheckoutOrder, PaymentProviderError, RefundNotSupported } from "./payment-provider.js";
import { ShiprocketCheckoutProvider } from "./shiprocket-checkout.js";

const apiKey = "sr-checkout-key-7f3a";
const secret = "sr-checkout-secret-very-long-9c1e";

function order(overrides: Partial<CheckoutOrder> = {}): CheckoutOrder {
  return {
    orderId: "5b2c3f0e-1d7a-4d84-9a41-1f9f0c1c2d3e",
    orderNumber: "VK-100042",
    amount: 309_700,
    currency: "INR",
    lines: [
      {
        variantId: 101,
        sku: "VK-MOON-TEE-BLK-M",
        name: "Moonkid Tee",
        quantity: 2,
        unitPrice: 129_900,
        imageUrl: null,
      },
      { variantId: 205, sku: "VK-ORB-CAP-LIM", name: "Orb Cap", quantity: 1, unitPrice: 49_900, imageUrl: null },
    ],
    discount: 0,
    couponCode: null,
    redirectUrl: "https://vaki.example/order-confirmation/5b2c3f0e-1d7a-4d84-9a41-1f9f0c1c2d3e",
    ...overrides,
  };
}

describe("Shiprocket Checkout against a local fake of its API", () => {
  let fake: FakeShiprocketCheckout;
  const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));
  const provider = (options: { key?: string; secret?: string; webhookHeader?: { name: string; value: string } } = {}) =>
    new ShiprocketCheckoutProvider({
      apiUrl: fake.url,
      apiKey: options.key ?? apiKey,
      secret: options.secret ?? secret,
      webhookHeader: options.webhookHeader,
      clock,
    });

  beforeAll(async () => {
    fake = await startFakeShiprocketCheckout({ apiKey, secret, prices: { "101": 1299, "205": 499 } });
  });
  afterAll(async () => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  describe("creating a checkout token", () => {
    it("signs the exact body bytes with Base64 HMAC-SHA256 and sends the bare API key", async () => {
      const session = await provider().createCheckout(order());

      const [sent] = fake.requestsTo("/api/v1/access-token/checkout");
      expect(sent?.status).toBe(200);
      expect(sent?.headers["x-api-key"]).toBe(apiKey);
      expect(sent?.headers["content-type"]).toBe("application/json");
      const expected = createHmac("sha256", secret).update(sent!.rawBody).digest("base64");
      expect(sent?.headers["x-api-hmac-sha256"]).toBe(expected);
      expect(session.checkoutId).toMatch(/^\d{8}$/);
      expect(fake.orders.get(session.checkoutId)?.token).toBe(session.token);
      expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now());
    });

    it("sends variant ids as strings, quantities, the redirect URL and an ISO timestamp", async () => {
      await provider().createCheckout(order());
      expect(fake.requestsTo("/api/v1/access-token/checkout")[0]?.json).toEqual({
        cart_data: {
          items: [
            { variant_id: "101", quantity: 2 },
            { variant_id: "205", quantity: 1 },
          ],
        },
        redirect_url: "https://vaki.example/order-confirmation/5b2c3f0e-1d7a-4d84-9a41-1f9f0c1c2d3e",
        timestamp: "2026-11-22T10:00:00.000Z",
      });
    });

    it("reads the order id from result.order_id too, and gives the token a lifetime when none is said", async () => {
      fake.failNext({ status: 200, body: { ok: true, result: { token: "tok-abc", order_id: 12345678 } } });
      const session = await provider().createCheckout(order());
      expect(session).toEqual({
        checkoutId: "12345678",
        token: "tok-abc",
        expiresAt: new Date("2026-11-22T10:30:00.000Z"),
      });
    });

    it("is refused by the API with a wrong secret, surfacing a PaymentProviderError that names no secret", async () => {
      const error = await provider({ secret: "not-the-secret" })
        .createCheckout(order())
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaymentProviderError);
      expect((error as PaymentProviderError).upstreamStatus).toBe(401);
      expect((error as PaymentProviderError).retryable).toBe(false);
      expect((error as Error).message).toMatch(/HMAC signature mismatch/);
      expect((error as Error).message).not.toContain("not-the-secret");
      expect(fake.requests[0]?.status).toBe(401);
    });

    it("is refused with a wrong API key", async () => {
      await expect(provider({ key: "wrong-key" }).createCheckout(order())).rejects.toMatchObject({
        upstreamStatus: 401,
        message: expect.stringMatching(/invalid api key/),
      });
    });

    it("treats ok:false as a failure even with HTTP 200", async () => {
      fake.failNext({ status: 200, body: { ok: false, message: "Variant 101 is not in the published catalogue" } });
      await expect(provider().createCheckout(order())).rejects.toMatchObject({
        name: "PaymentProviderError",
        upstreamStatus: 200,
        message: expect.stringMatching(/not in the published catalogue/),
      });
    });

    it("reports a 5xx as a retryable failure", async () => {
      fake.failNext({ status: 503, body: { ok: false, message: "upstream busy" } });
      await expect(provider().createCheckout(order())).rejects.toMatchObject({ upstreamStatus: 503, retryable: true });
    });

    it("reports an answer that is not JSON", async () => {
      fake.failNext({ status: 502, body: "<html>Bad gateway</html>" });
      await expect(provider().createCheckout(order())).rejects.toMatchObject({ upstreamStatus: 502, retryable: true });
    });

    it("scrubs the key and secret from whatever the API echoes back", async () => {
      fake.failNext({ status: 400, body: { ok: false, message: `bad key ${apiKey} for secret ${secret}` } });
      const error = (await provider()
        .createCheckout(order())
        .catch((e: unknown) => e)) as Error;
      expect(error.message).not.toContain(apiKey);
      expect(error.message).not.toContain(secret);
      expect(error.message).toContain("[redacted]");
    });

    it("reports an unreachable API as retryable", async () => {
      const unreachable = new ShiprocketCheckoutProvider({ apiUrl: "http://127.0.0.1:9", apiKey, secret, clock });
      await expect(unreachable.createCheckout(order())).rejects.toMatchObject({
        upstreamStatus: null,
        retryable: true,
      });
    });

    it("never sends an amount of 0 or a relative return URL", async () => {
      await expect(provider().createCheckout(order({ amount: 0 }))).rejects.toBeInstanceOf(InvalidInput);
      await expect(provider().createCheckout(order({ redirectUrl: "/order-confirmation/x" }))).rejects.toBeInstanceOf(
        InvalidInput,
      );
      expect(fake.requests).toHaveLength(0);
    });
  });

  describe("reading a checkout's outcome", () => {
    async function checkoutWith(outcome: Record<string, unknown>) {
      const session = await provider().createCheckout(order());
      fake.setOutcome(session.checkoutId, outcome);
      return provider().getCheckout(session.checkoutId);
    }

    it("signs the order-details call and sends the order id and timestamp", async () => {
      const session = await provider().createCheckout(order());
      await provider().getCheckout(session.checkoutId);
      const sent = fake.requestsTo("/api/v1/custom-platform-order/details")[0];
      expect(sent?.status).toBe(200);
      expect(sent?.json).toEqual({ order_id: session.checkoutId, timestamp: "2026-11-22T10:00:00.000Z" });
      expect(sent?.headers["x-api-hmac-sha256"]).toBe(
        createHmac("sha256", secret).update(sent!.rawBody).digest("base64"),
      );
    });

    it("maps a prepaid success with its amount in paise, contact and both addresses", async () => {
      const result = await checkoutWith({
        status: "SUCCESS",
        payment_status: "Success",
        payment_type: "PREPAID",
        email: "riya@example.com",
        phone: "9876543210",
        total_amount_payable: 2797.5,
        payment_id: "pay_Nx81",
        order_created_date: "2026-11-22 15:30:00",
        shipping_address: {
          first_name: "Riya",
          last_name: "Sharma",
          address1: "Flat 4B, Lotus Towers",
          address2: "Sector 62",
          city: "Noida",
          state: "Uttar Pradesh",
          zip: "201301",
          country: "India",
        },
        billing_address: {
          name: "Riya Sharma",
          address_line_1: "12 MG Road",
          city: "Bengaluru",
          state: "Karnataka",
          postal_code: "560001",
          phone: "9123456780",
        },
      });
      expect(result).toMatchObject({
        outcome: "SUCCESS",
        paymentType: "PREPAID",
        amount: 279_750,
        paymentId: "pay_Nx81",
        email: "riya@example.com",
        phone: "9876543210",
        createdAt: "2026-11-22T10:00:00.000Z",
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
          line1: "12 MG Road",
          line2: "",
          city: "Bengaluru",
          pincode: "560001",
          country: "India",
          phone: "9123456780",
        },
      });
      expect(result.raw).toMatchObject({ fastrr_order_id: expect.any(String) });
    });

    it("reads line1/pincode addresses as well", async () => {
      const result = await checkoutWith({
        status: "SUCCESS",
        payment_type: "PREPAID",
        shipping_address: {
          name: "Aman Gill",
          line1: "House 7",
          line2: "Model Town",
          city: "Ludhiana",
          state: "Punjab",
          pincode: 141002,
        },
      });
      expect(result.shippingAddress).toMatchObject({ fullName: "Aman Gill", line1: "House 7", pincode: "141002" });
      expect(result.billingAddress).toBeNull();
    });

    it("calls a successful cash-on-delivery order COD", async () => {
      const result = await checkoutWith({ status: "SUCCESS", payment_type: "CASH_ON_DELIVERY" });
      expect(result).toMatchObject({ outcome: "COD", paymentType: "CASH_ON_DELIVERY" });
    });

    it("maps FAILED to FAILED and PENDING or INITIATED to PENDING", async () => {
      expect((await checkoutWith({ status: "FAILED", payment_type: "PREPAID" })).outcome).toBe("FAILED");
      expect((await checkoutWith({ status: "PENDING" })).outcome).toBe("PENDING");
      expect((await checkoutWith({ status: "INITIATED" })).outcome).toBe("PENDING");
    });

    it("falls back to payment_status when status is missing", async () => {
      const result = await checkoutWith({ status: null, payment_status: "Success", payment_type: "PREPAID" });
      expect(result.outcome).toBe("SUCCESS");
    });

    it("answers NotFound for a checkout the API does not know", async () => {
      await expect(provider().getCheckout("404404")).rejects.toBeInstanceOf(NotFound);
    });
  });

  describe("webhooks", () => {
    it("accepts a body signed with the secret and names its order as the checkout id", async () => {
      const session = await provider().createCheckout(order());
      const { rawBody, headers } = fake.webhook(session.checkoutId);
      expect(await provider().verifyWebhook({ headers, rawBody })).toEqual({ checkoutId: session.checkoutId });
    });

    it("refuses a body signed with another secret, a tampered body and an unsigned one", async () => {
      const session = await provider().createCheckout(order());
      const wrong = fake.webhook(session.checkoutId, { secret: "someone-else" });
      await expect(provider().verifyWebhook(wrong)).rejects.toBeInstanceOf(Unauthorised);

      const good = fake.webhook(session.checkoutId);
      const tampered = Buffer.from(good.rawBody.toString("utf8").replace('"INITIATED"', '"SUCCESS"'));
      expect(tampered.equals(good.rawBody)).toBe(false);
      await expect(provider().verifyWebhook({ headers: good.headers, rawBody: tampered })).rejects.toBeInstanceOf(
        Unauthorised,
      );

      const unsigned = fake.webhook(session.checkoutId, { sign: false });
      await expect(provider().verifyWebhook(unsigned)).rejects.toBeInstanceOf(Unauthorised);
    });

    it("accepts the dashboard's custom header instead of a signature, compared exactly", async () => {
      const session = await provider().createCheckout(order());
      const withHeader = provider({ webhookHeader: { name: "x-vaki-hook", value: "hook-token-5521" } });
      const good = fake.webhook(session.checkoutId, {
        sign: false,
        customHeader: { name: "X-Vaki-Hook", value: "hook-token-5521" },
      });
      expect(await withHeader.verifyWebhook(good)).toEqual({ checkoutId: session.checkoutId });

      const bad = fake.webhook(session.checkoutId, {
        sign: false,
        customHeader: { name: "X-Vaki-Hook", value: "hook-token-5522" },
      });
      await expect(withHeader.verifyWebhook(bad)).rejects.toBeInstanceOf(Unauthorised);
      const missing = fake.webhook(session.checkoutId, { sign: false });
      await expect(withHeader.verifyWebhook(missing)).rejects.toBeInstanceOf(Unauthorised);
    });

    it("still accepts a valid signature when a custom header is configured but absent", async () => {
      const session = await provider().createCheckout(order());
      const withHeader = provider({ webhookHeader: { name: "x-vaki-hook", value: "hook-token-5521" } });
      expect(await withHeader.verifyWebhook(fake.webhook(session.checkoutId))).toEqual({
        checkoutId: session.checkoutId,
      });
    });

    it("refuses a verified body that names no order", async () => {
      const rawBody = Buffer.from(JSON.stringify({ cart_id: "c1", latest_stage: "PHONE_VERIFIED" }));
      const headers = { "x-api-hmac-sha256": createHmac("sha256", secret).update(rawBody).digest("base64") };
      await expect(provider().verifyWebhook({ headers, rawBody })).rejects.toBeInstanceOf(InvalidInput);
    });
  });

  it("says refunds are done in the Shiprocket dashboard", async () => {
    await expect(
      provider().refund({ checkoutId: "1", paymentId: null, amount: 100, reason: "cancelled" }),
    ).rejects.toBeInstanceOf(RefundNotSupported);
  });
});
