import { checkoutMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeShiprocketApi, startFakeShiprocketApi } from "../../../test/fakes/fake-shiprocket-api.js";
import {
  type FakeShiprocketCheckout,
  startFakeShiprocketCheckout,
} from "../../../test/fakes/fake-shiprocket-checkout.js";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { addOk, applyPromo, getCart, holdsOf, newGuest } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import {
  checkoutDetails,
  guestQuery,
  orderRow,
  paymentForm,
  paymentsOf,
  postWebhook,
  shipmentsOf,
  startCheckout,
  submitPaymentPage,
  ukPaymentForm,
} from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { readOutbox } from "../../../test/helpers/mail.js";

const apiKey = "sr-checkout-key-test";
const secret = "sr-checkout-secret-0123456789";
const courierUser = { email: "api-user@vaki.test", password: "courier-Pass-42" };

/** The shop's settings for the Shiprocket courier at the fake, with the timers off (the tests drive them). */
const shiprocketCourierEnv = (courierApi: FakeShiprocketApi) => ({
  SHIPPING_PROVIDER: "shiprocket",
  SHIPROCKET_API_URL: `${courierApi.url}/v1/external`,
  SHIPROCKET_EMAIL: courierUser.email,
  SHIPROCKET_PASSWORD: courierUser.password,
  SHIPROCKET_PICKUP_PINCODE: "110020",
  HOLD_SWEEP_INTERVAL_MS: "0",
  OUTBOX_INTERVAL_MS: "0",
});

/** How Shiprocket Checkout's order details end for a paid checkout (docs/providers.md "Switching to Shiprocket"). */
const paidOutcome = {
  status: "SUCCESS",
  payment_status: "Success",
  payment_type: "PREPAID",
  email: "Asha.Rao@Example.com",
  phone: "9123456780",
  payment_id: "pay_SR123",
  shipping_address: {
    first_name: "Asha",
    last_name: "Rao",
    address1: "12 MG Road",
    address2: "Near Metro",
    city: "Bengaluru",
    state: "Karnataka",
    zip: "560001",
    country: "India",
    phone: "9123456780",
  },
};

describe(`Shiprocket Checkout and Shiprocket shipping, end to end against local fakes (${testEngine})`, () => {
  let shop: TestShop;
  let checkoutApi: FakeShiprocketCheckout;
  let courierApi: FakeShiprocketApi;

  beforeAll(async () => {
    checkoutApi = await startFakeShiprocketCheckout({ apiKey, secret });
    courierApi = await startFakeShiprocketApi(courierUser);
    shop = await createTestShop({
      PAYMENT_PROVIDER: "shiprocket",
      SHIPROCKET_CHECKOUT_API_URL: checkoutApi.url,
      SHIPROCKET_CHECKOUT_API_KEY: apiKey,
      SHIPROCKET_CHECKOUT_SECRET: secret,
      ...shiprocketCourierEnv(courierApi),
    });
  });
  afterAll(async () => {
    await shop.close();
    await checkoutApi.close();
    await courierApi.close();
  });

  // The fake prices every variant at Rs. 999, as the catalogue published to Shiprocket would.
  const product = (name: string) =>
    insertProduct(shop.database.db, { name, price: 99_900, variants: [{ size: "L", stock: 6 }] });

  it("confirms a purchase when the webhook only triggers and the signed order-details call decides", async () => {
    const tee = await product("Shiprocket Tee");
    const guest = newGuest();
    const started = await startCheckout(shop.app, guest, [
      { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 2 },
    ]);
    const initiated = checkoutApi.requestsTo("/api/v1/access-token/checkout").at(-1);
    expect(initiated?.json).toMatchObject({
      cart_data: { items: [{ variant_id: String(tee.variantIds[0]), quantity: 2 }] },
      // PUBLIC_URL unset: the return address follows the request's origin (app.inject's).
      redirect_url: `http://localhost/order-confirmation/${started.orderId}`,
    });
    expect(checkoutApi.orders.has(started.checkoutId)).toBe(true);
    expect(started.token).toBe(checkoutApi.orders.get(started.checkoutId)?.token);

    // A webhook sent while the checkout was still open: the details say INITIATED, nothing moves.
    const early = checkoutApi.webhook(started.checkoutId);
    const pending = await postWebhook(shop.app, { payload: early.rawBody, headers: early.headers });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data).toMatchObject({ status: "PENDING", orderStatus: "CREATED" });

    const forged = checkoutApi.webhook(started.checkoutId, { secret: "not-the-secret" });
    expect((await postWebhook(shop.app, { payload: forged.rawBody, headers: forged.headers })).statusCode).toBe(401);

    // The shopper pays; Shiprocket retries its (stale) webhook. The details call decides: SUCCESS.
    checkoutApi.setOutcome(started.checkoutId, paidOutcome);
    const replayed = await postWebhook(shop.app, { payload: early.rawBody, headers: early.headers });
    expect(replayed.json().data).toMatchObject({
      status: "SUCCESS",
      orderStatus: "CONFIRMED",
      paymentStatus: "SUCCESS",
    });
    const detailsCalls = checkoutApi.requestsTo("/api/v1/custom-platform-order/details");
    expect(detailsCalls.at(-1)?.json).toMatchObject({ order_id: started.checkoutId });

    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({
      status: "CONFIRMED",
      payment_status: "SUCCESS",
      contact_email: "asha.rao@example.com",
      contact_phone: "+919123456780",
    });
    expect(await paymentsOf(shop.database.db, started.orderId)).toMatchObject([
      { provider: "shiprocket", status: "SUCCESS", payment_type: "PREPAID", payment_id: "pay_SR123", amount: 199_800 },
    ]);
    expect(await holdsOf(shop.database.db, tee.variantIds[0]!)).toMatchObject({ SOLD: 2, HELD: 0 });
    expect((await getCart(shop.app, guest)).json().data.items).toEqual([]);

    await shop.app.outbox.drain();
    const created = courierApi.requestsTo("orders/create/adhoc");
    expect(created).toHaveLength(1);
    expect(created[0]?.json).toMatchObject({
      order_id: expect.stringMatching(/^VK-1\d{5}$/),
      payment_method: "Prepaid",
      sub_total: 1998,
      billing_pincode: "560001",
      billing_email: "asha.rao@example.com",
      billing_phone: "9123456780",
      shipping_is_billing: true,
      order_items: [{ units: 2, selling_price: 999 }],
    });
    expect(courierApi.requestsTo("courier/assign/awb")).toHaveLength(1);
    expect(courierApi.requestsTo("courier/generate/pickup")).toHaveLength(1);
    const [shipment] = await shipmentsOf(shop.database.db, started.orderId);
    const sentOrderId = (created[0]?.json as { order_id?: string } | undefined)?.order_id;
    const fakeOrder = [...courierApi.orders.values()].find((order) => order.body.order_id === sentOrderId);
    expect(shipment).toMatchObject({
      provider: "shiprocket",
      provider_order_id: String(fakeOrder?.id),
      awb: fakeOrder?.awb,
      courier_name: "Delhivery Surface",
    });
    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({
      status: "PROCESSING",
      tracking_number: fakeOrder?.awb,
      shiprocket_order_id: String(fakeOrder?.id),
    });
    expect(readOutbox(shop.config.dataDir).filter((mail) => mail.to === "asha.rao@example.com")).toHaveLength(1);

    // The confirmation page's check and ensure calls change nothing more.
    const access = guestQuery(guest.guestSessionId, started.orderSecret);
    const details = await checkoutDetails(shop.app, started.checkoutId, access);
    expect(details.json().data).toMatchObject({
      status: "SUCCESS",
      paymentDetails: { status: "SUCCESS", paymentId: "pay_SR123", amount: 199_800, paymentType: "PREPAID" },
      orderDetails: { shippingAddress: { fullName: "Asha Rao", line1: "12 MG Road", pincode: "560001" } },
    });
    const ensured = await shop.app.inject({
      method: "POST",
      url: "/api/orders/create/shiprocket",
      payload: { orderId: started.orderId, guestSessionId: guest.guestSessionId, orderSecret: started.orderSecret },
    });
    expect(ensured.json()).toMatchObject({ courierId: 10, data: { awb: fakeOrder?.awb } });
    expect(courierApi.requestsTo("orders/create/adhoc")).toHaveLength(1);

    // Tracking: nothing scanned yet, then the courier's in-transit scan moves the order to SHIPPED.
    const track = async () =>
      (await shop.app.inject({ method: "GET", url: `/api/orders/${started.orderId}/track?${access}` })).json().data;
    expect((await track()).tracking_data.track_status).toBe(0);
    courierApi.tracking.set(fakeOrder!.awb!, {
      tracking_data: {
        track_status: 1,
        shipment_status: 18,
        shipment_track: [{ awb_code: fakeOrder?.awb, current_status: "In Transit", courier_name: "Delhivery Surface" }],
        shipment_track_activities: [
          {
            date: "2026-11-23 09:12:00",
            status: "X-DLL2F",
            activity: "Bag received at hub",
            location: "Bhiwandi",
            "sr-status": "18",
            "sr-status-label": "IN TRANSIT",
          },
          {
            date: "2026-11-22 18:40:00",
            status: "X-PPOM",
            activity: "Picked up",
            location: "Okhla",
            "sr-status": "42",
            "sr-status-label": "PICKED UP",
          },
        ],
        track_url: "https://shiprocket.co/tracking/x",
        etd: "2026-11-26 18:00:00",
      },
    });
    const moving = await track();
    expect(moving.status).toBe("SHIPPED");
    expect(moving.timeline[2]).toEqual({ step: "Shipped", done: true, at: "2026-11-22T13:10:00.000Z" });
    expect(moving.tracking_data.shipment_track_activities).toHaveLength(2);
  });

  it("leaves a cancelled order's refund in REFUND_PROCESSING, because Shiprocket Checkout has no refund API", async () => {
    const tee = await product("No Refund API Tee");
    const session = await registerAndLogin(shop.app);
    const started = await startCheckout(shop.app, { headers: session.headers }, [
      { productId: tee.id, variantId: tee.variantIds[0]! },
    ]);
    checkoutApi.setOutcome(started.checkoutId, {
      ...paidOutcome,
      total_amount_payable: 999,
      email: session.customer.email,
    });
    const webhook = checkoutApi.webhook(started.checkoutId);
    await postWebhook(shop.app, { payload: webhook.rawBody, headers: webhook.headers });
    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({ status: "CONFIRMED" });

    const cancelled = await shop.app.inject({
      method: "POST",
      url: "/api/orders/cancel/order",
      headers: session.headers,
      payload: { orderId: started.orderId },
    });
    expect(cancelled.json().data).toMatchObject({ status: "CANCELLED", paymentStatus: "REFUND_PROCESSING" });
    await shop.app.outbox.drain();
    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({ payment_status: "REFUND_PROCESSING" });
    const refund = await shop.database.db
      .selectFrom("outbox")
      .select(["status", "attempts"])
      .where("dedupe_key", "=", `refund-payment:${started.orderId}`)
      .executeTakeFirstOrThrow();
    expect(refund).toEqual({ status: "DONE", attempts: 1 });
    // The shipment handler found the order cancelled; the cancel handler left a cancelled claim.
    expect(await shipmentsOf(shop.database.db, started.orderId)).toMatchObject([
      { cancelled_at: expect.any(String), provider_order_id: null },
    ]);
  });

  it("ignores a paid checkout whose amount is not the order's", async () => {
    const tee = await product("Mispriced Tee");
    const started = await startCheckout(shop.app, newGuest(), [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
    checkoutApi.setOutcome(started.checkoutId, { ...paidOutcome, total_amount_payable: 1 });
    const webhook = checkoutApi.webhook(started.checkoutId);
    await postWebhook(shop.app, { payload: webhook.rawBody, headers: webhook.headers });
    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({ status: "CREATED" });
    expect((await paymentsOf(shop.database.db, started.orderId))[0]?.review_reason).toContain("≠ order total");
  });

  it("keeps a returning guest's first-order discount that Shiprocket already charged, and notes it for the owner", async () => {
    const tee = await product("Second Visit Tee");
    const first = await startCheckout(shop.app, newGuest(), [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
    checkoutApi.setOutcome(first.checkoutId, paidOutcome);
    const firstHook = checkoutApi.webhook(first.checkoutId);
    await postWebhook(shop.app, { payload: firstHook.rawBody, headers: firstHook.headers });
    expect((await orderRow(shop.database.db, first.orderId)).status).toBe("CONFIRMED");

    // Shiprocket collects e-mail and phone on its own page: the shop learns them after the charge.
    const again = newGuest();
    await addOk(shop.app, again, { productId: tee.id, variantId: tee.variantIds[0]! });
    expect((await applyPromo(shop.app, again, "VAKI10")).statusCode).toBe(200);
    const second = await startCheckout(shop.app, again, []);
    expect(second.total).toBe(89_910);
    checkoutApi.setOutcome(second.checkoutId, {
      ...paidOutcome,
      payment_id: "pay_SR_VAKI10",
      coupon_codes: ["VAKI10"],
      coupon_discount: 99.9,
      total_discount: 99.9,
      total_amount_payable: 899.1,
    });
    const hook = checkoutApi.webhook(second.checkoutId);
    await postWebhook(shop.app, { payload: hook.rawBody, headers: hook.headers });
    expect(await orderRow(shop.database.db, second.orderId)).toMatchObject({
      status: "CONFIRMED",
      promo_code: "VAKI10",
      total: 89_910,
      review_note: "first-order code VAKI10 used by an e-mail or phone with an earlier paid order",
    });
  });
});

describe(`the sandbox payment page with the Shiprocket courier (${testEngine})`, () => {
  let shop: TestShop;
  let courierApi: FakeShiprocketApi;

  beforeAll(async () => {
    courierApi = await startFakeShiprocketApi(courierUser);
    shop = await createTestShop({
      ...shiprocketCourierEnv(courierApi),
    });
  });
  afterAll(async () => {
    await shop.close();
    await courierApi.close();
  });

  it("refuses an address abroad, which the domestic shipping API cannot ship, and takes one in India", async () => {
    const tee = await insertProduct(shop.database.db, { name: "Domestic Tee", variants: [{ size: "M", stock: 3 }] });
    const started = await startCheckout(shop.app, newGuest(), [{ productId: tee.id, variantId: tee.variantIds[0]! }]);

    const abroad = await submitPaymentPage(shop.app, started.token, ukPaymentForm());
    expect(abroad.statusCode).toBe(400);
    expect(abroad.body).toContain(checkoutMessages.unserviceableCountry.replace("'", "&#39;"));
    expect(abroad.body).toContain('<a href="#f-shippingAddress-country">');
    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({ status: "CREATED" });

    const home = await submitPaymentPage(shop.app, started.token, paymentForm());
    expect(home.statusCode).toBe(303);
    await shop.app.outbox.drain();
    const [created] = courierApi.requestsTo("orders/create/adhoc");
    expect(created?.json).toMatchObject({
      billing_pincode: "201301",
      billing_country: "India",
      billing_phone: "9876543210",
    });
  });
});
