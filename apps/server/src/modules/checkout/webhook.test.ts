import { checkoutMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { getCart, holdsOf, newGuest, orderOk, stockOf } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import {
  checkoutDetails,
  guestQuery,
  initiate,
  orderRow,
  outboxRows,
  payAtSandboxGateway,
  paymentForm,
  paymentsOf,
  postWebhook,
  sandboxWebhook,
  shipmentsOf,
  startCheckout,
  submitPaymentPage,
} from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { readOutbox } from "../../../test/helpers/mail.js";
import { ManualClock } from "../../lib/clock.js";

describe(`payment confirmation: webhooks, the confirmation check and initiate (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));

  beforeAll(async () => {
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
  });
  afterAll(async () => shop.close());

  const product = (name: string, stock = 5, price = 129_900) =>
    insertProduct(shop.database.db, { name, price, variants: [{ size: "M", color: "Black", stock }] });

  /** The sandbox records a payment as the page would, without the page's in-process webhook. */
  const payAtGateway = (checkoutId: string, status: "SUCCESS" | "FAILED", email = "asha@example.com") =>
    payAtSandboxGateway(shop.database.db, clock, checkoutId, status, email);

  const webhookFor = (checkoutId: string, orderId: string, status: string) =>
    sandboxWebhook(shop.config, { event: "checkout.completed", checkout_id: checkoutId, order_id: orderId, status });

  it("completes the order from the webhook alone when the shopper never comes back from the payment page", async () => {
    const tee = await product("Lone Webhook Tee");
    const guest = newGuest();
    const started = await startCheckout(shop.app, guest, [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
    await payAtGateway(started.checkoutId, "SUCCESS", "lone@example.com");

    const response = await postWebhook(shop.app, webhookFor(started.checkoutId, started.orderId, "SUCCESS"));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      checkoutId: started.checkoutId,
      status: "SUCCESS",
      orderStatus: "CONFIRMED",
      paymentStatus: "SUCCESS",
    });
    await shop.app.outbox.drain();
    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({
      status: "PROCESSING",
      contact_email: "lone@example.com",
      tracking_number: expect.any(String),
    });
    expect(readOutbox(shop.config.dataDir).filter((mail) => mail.to === "lone@example.com")).toHaveLength(1);
    expect((await getCart(shop.app, guest)).json().data.items).toEqual([]);
  });

  it("applies a webhook replayed 5 times and out of order once: one payment, one shipment, one e-mail", async () => {
    const tee = await product("Replay Tee", 5);
    const started = await startCheckout(shop.app, newGuest(), [
      { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 2 },
    ]);
    await payAtGateway(started.checkoutId, "SUCCESS", "replay@example.com");
    const success = webhookFor(started.checkoutId, started.orderId, "SUCCESS");
    const failed = webhookFor(started.checkoutId, started.orderId, "FAILED");

    const answers = await Promise.all(Array.from({ length: 5 }, () => postWebhook(shop.app, success)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // A FAILED notice arriving after the SUCCESS: the gateway is asked again and still says SUCCESS.
    expect((await postWebhook(shop.app, failed)).json().data).toMatchObject({ status: "SUCCESS" });
    await shop.app.outbox.drain();
    for (let replay = 0; replay < 3; replay += 1) await postWebhook(shop.app, replay === 1 ? failed : success);
    await shop.app.outbox.drain();

    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({
      status: "PROCESSING",
      payment_status: "SUCCESS",
    });
    expect(await paymentsOf(shop.database.db, started.orderId)).toHaveLength(1);
    expect(await shipmentsOf(shop.database.db, started.orderId)).toHaveLength(1);
    const courier = await shop.database.db
      .selectFrom("sandbox_shipments")
      .select("shipment_id")
      .where("order_id", "=", started.orderId)
      .execute();
    expect(courier).toHaveLength(1);
    expect(readOutbox(shop.config.dataDir).filter((mail) => mail.to === "replay@example.com")).toHaveLength(1);
    expect(await outboxRows(shop.database.db, `order-confirmed-mail:${started.orderId}`)).toHaveLength(1);
    expect(await holdsOf(shop.database.db, tee.variantIds[0]!)).toMatchObject({ SOLD: 2, HELD: 0 });
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(3);
  });

  it("refuses an unsigned or forged webhook with 401 and changes nothing", async () => {
    const tee = await product("Forged Tee");
    const started = await startCheckout(shop.app, newGuest(), [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
    await payAtGateway(started.checkoutId, "SUCCESS");
    const genuine = webhookFor(started.checkoutId, started.orderId, "SUCCESS");

    const unsigned = await postWebhook(shop.app, {
      payload: genuine.payload,
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toMatchObject({ success: false, error: "Unauthorised" });
    const forged = await postWebhook(shop.app, {
      payload: genuine.payload,
      headers: { ...genuine.headers, "x-sandbox-signature": "0".repeat(64) },
    });
    expect(forged.statusCode).toBe(401);
    const tampered = await postWebhook(shop.app, {
      payload: genuine.payload.replace("SUCCESS", "SUCCESS "),
      headers: genuine.headers,
    });
    expect(tampered.statusCode).toBe(401);
    const otherType = await postWebhook(shop.app, { payload: "not json", headers: { "content-type": "text/plain" } });
    expect(otherType.statusCode).toBe(401);

    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({
      status: "CREATED",
      payment_status: "CREATED",
    });
    expect(await paymentsOf(shop.database.db, started.orderId)).toMatchObject([{ status: "CREATED" }]);
    expect(await outboxRows(shop.database.db, `order-confirmed-mail:${started.orderId}`)).toHaveLength(0);
  });

  it("ignores a gateway amount that differs from the order's total: not confirmed, flagged for review", async () => {
    const tee = await product("Tampered Tee", 5, 99_900);
    const started = await startCheckout(shop.app, newGuest(), [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
    const stored = await shop.database.db
      .selectFrom("sandbox_checkouts")
      .select("order_json")
      .where("checkout_id", "=", started.checkoutId)
      .executeTakeFirstOrThrow();
    await shop.database.db
      .updateTable("sandbox_checkouts")
      .set({ order_json: JSON.stringify({ ...JSON.parse(stored.order_json), amount: 100 }) })
      .where("checkout_id", "=", started.checkoutId)
      .execute();
    const paid = await submitPaymentPage(shop.app, started.token, paymentForm());
    expect(paid.statusCode).toBe(303);

    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({
      status: "CREATED",
      payment_status: "CREATED",
    });
    const [payment] = await paymentsOf(shop.database.db, started.orderId);
    expect(payment?.review_reason).toBe("gateway amount 100 paise ≠ order total 99900 paise");
    expect(await outboxRows(shop.database.db, `create-shipment:${started.orderId}`)).toHaveLength(0);
    expect(await holdsOf(shop.database.db, tee.variantIds[0]!)).toMatchObject({ HELD: 1, SOLD: 0 });
  });

  it("refuses another guest's checkout details with the spec's message", async () => {
    const tee = await product("Private Checkout Tee");
    const owner = newGuest();
    const started = await startCheckout(shop.app, owner, [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
    const stranger = newGuest();
    const session = await registerAndLogin(shop.app);

    for (const [query, headers] of [
      [`guestSessionId=${stranger.guestSessionId}`, {}],
      [`guestSessionId=${owner.guestSessionId}&orderSecret=wrong-secret`, {}],
      ["", {}],
      ["", session.headers],
    ] as const) {
      const response = await checkoutDetails(shop.app, started.checkoutId, query, headers);
      expect(response.statusCode, query).toBe(403);
      expect(response.json()).toMatchObject({
        success: false,
        message: "Not authorized to access this checkout session",
        error: "Unauthorised",
      });
    }
    const own = await checkoutDetails(shop.app, started.checkoutId, `guestSessionId=${owner.guestSessionId}`);
    expect(own.statusCode).toBe(200);
    // The order's secret alone opens it, on any device (the e-mail's link): R-SHOP-11.
    const elsewhere = `guestSessionId=${stranger.guestSessionId}&orderSecret=${started.orderSecret}`;
    expect((await checkoutDetails(shop.app, started.checkoutId, elsewhere)).statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ status: "PENDING", paymentDetails: { status: "CREATED" } });
    expect(
      (await checkoutDetails(shop.app, "sbx_chk_unknown", `guestSessionId=${owner.guestSessionId}`)).statusCode,
    ).toBe(404);
  });

  describe("initiate", () => {
    it("takes amount, currency and lines from the order, whatever the body says", async () => {
      const tee = await product("Honest Checkout Tee", 5, 129_900);
      const guest = newGuest();
      await shop.app.inject({
        method: "POST",
        url: "/api/cart/item/add",
        payload: { productId: tee.id, variantId: tee.variantIds[0], quantity: 2, guestSessionId: guest.guestSessionId },
      });
      const order = await orderOk(shop.app, guest);
      const response = await initiate(shop.app, guest, {
        orderId: order.id,
        orderSecret: order.orderSecret,
        amount: 1,
        currency: "USD",
        cartItems: [{ product_id: tee.id, variant_id: tee.variantIds[0], quantity: 99 }],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        token: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
        checkoutId: expect.stringMatching(/^sbx_chk_/),
        provider: "sandbox",
        // PUBLIC_URL is unset: links follow the origin of the request (app.inject's is http://localhost).
        scriptUrl: "http://localhost/sandbox/checkout.js",
        orderId: order.id,
        amount: 259_800,
        currency: "INR",
        expiresAt: expect.any(String),
        redirectUrl: `http://localhost/order-confirmation/${order.id}`,
      });
      const session = await shop.database.db
        .selectFrom("sandbox_checkouts")
        .select("order_json")
        .where("checkout_id", "=", response.json().data.checkoutId)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(session.order_json)).toMatchObject({
        amount: 259_800,
        currency: "INR",
        lines: [{ quantity: 2, unitPrice: 129_900 }],
      });
    });

    it("gives a second initiate a fresh token for the same checkout; the old token stops working", async () => {
      const tee = await product("Twice Tee");
      const guest = newGuest();
      const first = await startCheckout(shop.app, guest, [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
      const again = await initiate(shop.app, guest, { orderId: first.orderId, orderSecret: first.orderSecret });
      expect(again.statusCode).toBe(200);
      expect(again.json().data.checkoutId).toBe(first.checkoutId);
      expect(again.json().data.token).not.toBe(first.token);
      expect(await paymentsOf(shop.database.db, first.orderId)).toHaveLength(1);
      expect((await shop.app.inject({ method: "GET", url: `/sandbox/pay/${first.token}` })).statusCode).toBe(404);
      const page = await shop.app.inject({ method: "GET", url: `/sandbox/pay/${again.json().data.token}` });
      expect(page.statusCode).toBe(200);
      const orders = await shop.database.db
        .selectFrom("orders")
        .select("id")
        .where("guest_session_id", "=", guest.guestSessionId)
        .execute();
      expect(orders).toHaveLength(1);
    });

    it("answers 404 for someone else's order, like reading it", async () => {
      const tee = await product("Someone Else's Tee");
      const owner = await registerAndLogin(shop.app);
      const other = await registerAndLogin(shop.app);
      await shop.app.inject({
        method: "POST",
        url: "/api/cart/item/add",
        headers: owner.headers,
        payload: { productId: tee.id, variantId: tee.variantIds[0] },
      });
      const order = await orderOk(shop.app, { headers: owner.headers });
      expect((await initiate(shop.app, { headers: other.headers }, { orderId: order.id })).statusCode).toBe(404);
      expect((await initiate(shop.app, newGuest(), { orderId: order.id })).statusCode).toBe(404);
      expect(
        (await initiate(shop.app, { headers: other.headers }, { orderId: order.id, userId: owner.userId })).statusCode,
      ).toBe(403);
      expect((await initiate(shop.app, { headers: owner.headers }, { orderId: order.id })).statusCode).toBe(200);
    });

    it("refuses a guest without the order's secret, a paid order, another site's return address and a missing order id", async () => {
      const tee = await product("Guarded Tee");
      const guest = newGuest();
      const started = await startCheckout(shop.app, guest, [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
      expect((await initiate(shop.app, guest, { orderId: started.orderId })).statusCode).toBe(404);

      const evil = await initiate(shop.app, guest, {
        orderId: started.orderId,
        orderSecret: started.orderSecret,
        redirectUrl: "https://evil.example/order-confirmation",
      });
      expect(evil.statusCode).toBe(400);
      expect(evil.json().message).toBe(checkoutMessages.redirectNotAllowed);
      for (const redirectUrl of ["//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
        const refused = await initiate(shop.app, guest, {
          orderId: started.orderId,
          orderSecret: started.orderSecret,
          redirectUrl,
        });
        expect(refused.statusCode, redirectUrl).toBe(400);
      }
      const success = await initiate(shop.app, guest, {
        orderId: started.orderId,
        orderSecret: started.orderSecret,
        redirectUrl: "/order-success",
      });
      expect(success.json().data.redirectUrl).toBe(`http://localhost/order-success?orderId=${started.orderId}`);

      const missing = await initiate(shop.app, guest, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(checkoutMessages.orderIdRequired);

      await submitPaymentPage(shop.app, success.json().data.token, paymentForm());
      const paid = await initiate(shop.app, guest, { orderId: started.orderId, orderSecret: started.orderSecret });
      expect(paid.statusCode).toBe(409);
      expect(paid.json().message).toBe(checkoutMessages.alreadyPaid);
    });

    it("refuses an order whose stock hold has run out with 409", async () => {
      const tee = await product("Expired Hold Tee");
      const guest = newGuest();
      const started = await startCheckout(shop.app, guest, [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
      clock.advance(31 * 60_000);
      const late = await initiate(shop.app, guest, { orderId: started.orderId, orderSecret: started.orderSecret });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(checkoutMessages.holdExpired);
    });
  });

  it("refunds a payment whose stock sold out while the shopper paid, and says so by e-mail", async () => {
    const tee = await product("Last Piece Tee", 1);
    const slow = newGuest();
    const started = await startCheckout(shop.app, slow, [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
    // The hold lapses (the sweep would do this) and someone else buys the last piece.
    await shop.app.inject({ method: "GET", url: "/api/health" });
    await shop.database.db
      .updateTable("stock_holds")
      .set({ status: "RELEASED" })
      .where("order_id", "=", started.orderId)
      .execute();
    await shop.database.db
      .updateTable("variants")
      .set({ stock_quantity: 1 })
      .where("id", "=", tee.variantIds[0]!)
      .execute();
    const quick = await startCheckout(shop.app, newGuest(), [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
    await submitPaymentPage(shop.app, quick.token, paymentForm());

    const paid = await submitPaymentPage(shop.app, started.token, paymentForm({ "contact.email": "slow@example.com" }));
    expect(paid.statusCode).toBe(303);
    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({
      status: "CANCELLED",
      payment_status: "REFUND_PROCESSING",
    });
    await shop.app.outbox.drain();
    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({ payment_status: "REFUNDED" });
    expect(await paymentsOf(shop.database.db, started.orderId)).toMatchObject([
      { status: "REFUNDED", refund_id: expect.stringMatching(/^sbx_rfnd_/) },
    ]);
    const [mail] = readOutbox(shop.config.dataDir).filter((m) => m.to === "slow@example.com");
    expect(mail?.subject).toContain("has been cancelled");
    expect(mail?.text).toContain("sold out while you were paying");
    expect(mail?.text).toContain("5-7 business days");
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(0);
    expect(await shipmentsOf(shop.database.db, started.orderId)).toHaveLength(0);
  });

  it("refunds a payment that lands after the order was cancelled", async () => {
    const tee = await product("Too Late Tee");
    const session = await registerAndLogin(shop.app);
    const user = { headers: session.headers };
    const started = await startCheckout(shop.app, user, [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
    const cancelled = await shop.app.inject({
      method: "POST",
      url: "/api/orders/cancel/order",
      headers: session.headers,
      payload: { orderId: started.orderId },
    });
    expect(cancelled.json().message).toBe("Payment has been cancelled and no charges were made.");

    // The sandbox page refuses a cancelled order now; a gateway can still be paid in the race
    // before the cancel (or on its own page), and the webhook then brings that payment here.
    await payAtGateway(started.checkoutId, "SUCCESS", session.customer.email);
    await postWebhook(shop.app, webhookFor(started.checkoutId, started.orderId, "SUCCESS"));
    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({
      status: "CANCELLED",
      payment_status: "REFUND_PROCESSING",
    });
    await shop.app.outbox.drain();
    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({ payment_status: "REFUNDED" });
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(5);
  });

  it("resends the confirmation of a paid order at most once a minute, and only to its owner", async () => {
    const tee = await product("Resend Tee");
    const guest = newGuest();
    const started = await startCheckout(shop.app, guest, [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
    const send = (body: Record<string, unknown>) =>
      shop.app.inject({
        method: "POST",
        url: "/api/checkout/send/email",
        payload: { orderId: started.orderId, ...body },
      });

    const withSecret = { guestSessionId: guest.guestSessionId, orderSecret: started.orderSecret };
    const early = await send(withSecret);
    expect(early.statusCode).toBe(200);
    expect(early.json()).toMatchObject({ message: checkoutMessages.mailAfterPayment, data: { sent: false } });

    await submitPaymentPage(shop.app, started.token, paymentForm({ "contact.email": "resend@example.com" }));
    await shop.app.outbox.drain();
    const again = await send({ guestSessionId: guest.guestSessionId, orderSecret: started.orderSecret });
    expect(again.json()).toMatchObject({ message: checkoutMessages.mailSent, data: { sent: true } });
    const tooSoon = await send(withSecret);
    expect(tooSoon.statusCode).toBe(429);
    // The guest session alone may not have it sent again.
    expect((await send({ guestSessionId: guest.guestSessionId })).statusCode).toBe(404);
    expect(tooSoon.json().message).toBe(checkoutMessages.mailTooSoon);
    expect((await send({ guestSessionId: newGuest().guestSessionId })).statusCode).toBe(404);
    expect(readOutbox(shop.config.dataDir).filter((mail) => mail.to === "resend@example.com")).toHaveLength(2);

    clock.advance(61_000);
    expect((await send(withSecret)).statusCode).toBe(200);
    expect(
      (
        await checkoutDetails(shop.app, started.checkoutId, guestQuery(guest.guestSessionId, started.orderSecret))
      ).json().data.paymentDetails.status,
    ).toBe("SUCCESS");
  });
});
