import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { form, order, sandbox, secret } from "../../../test/helpers/sandbox-payment.js";
import { ManualClock } from "../../lib/clock.js";
import { Conflict, Gone, InvalidInput, NotFound, Unauthorised } from "../../lib/errors.js";
import { InMemorySandboxCheckoutStore } from "./sandbox-checkout-store.js";
import { SandboxPaymentProvider, sandboxSignatureHeader } from "./sandbox-payment.js";

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

  it("answers a refund asked again with the same idempotency key instead of refunding twice", async () => {
    const { provider } = sandbox();
    const paid = await provider.createCheckout(order());
    await provider.complete(paid.token, form());
    const ask = (key: string) =>
      provider.refund({
        checkoutId: paid.checkoutId,
        paymentId: null,
        amount: 50_000,
        reason: "size",
        idempotencyKey: key,
      });
    const first = await ask("staff-refund:7");
    // The shop crashed before recording the answer and asks again: the same refund, nothing more.
    expect(await ask("staff-refund:7")).toEqual(first);
    expect((await provider.getCheckout(paid.checkoutId)).raw).toMatchObject({ refunded: 50_000 });
    // Asked together (two processes), still one refund.
    const [a, b] = await Promise.all([ask("staff-refund:8"), ask("staff-refund:8")]);
    expect(a.refundId).toBe(b.refundId);
    expect((await provider.getCheckout(paid.checkoutId)).raw).toMatchObject({ refunded: 100_000 });
  });
});
