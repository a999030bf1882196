import { randomBytes } from "node:crypto";
import { fulfilmentMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { getCart, holdsOf, newGuest, stockOf } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import {
  checkoutDetails,
  guestQuery,
  orderRow,
  outboxRows,
  paymentForm,
  paymentsOf,
  payOnPage,
  shipmentsOf,
  startCheckout,
  submitPaymentPage,
} from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { readOutbox } from "../../../test/helpers/mail.js";
import { ManualClock } from "../../lib/clock.js";

const minutes = (n: number) => n * 60_000;

describe(`a whole purchase through the API and the sandbox pages (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));

  beforeAll(async () => {
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
  });
  afterAll(async () => shop.close());

  const product = (name: string, stock = 5, price = 129_900) =>
    insertProduct(shop.database.db, { name, price, variants: [{ size: "L", color: "Acid Lime", stock }] });
  const uniqueEmail = () => `riya.${randomBytes(4).toString("hex")}@example.com`;
  const mailsTo = (email: string) => readOutbox(shop.config.dataDir).filter((mail) => mail.to.includes(email));

  it("takes a guest from cart to a paid order, one e-mail, a shipment with an AWB and tracking", async () => {
    const tee = await product("Glow Tee");
    const guest = newGuest();
    const started = await startCheckout(shop.app, guest, [
      { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 2 },
    ]);
    const access = guestQuery(guest.guestSessionId, started.orderSecret);

    const page = await shop.app.inject({ method: "GET", url: `/sandbox/pay/${started.token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(page.body).toContain("Glow Tee");
    expect(page.body).toContain("Pay ₹2,598.00");
    expect(page.body).not.toMatch(/<script/i);

    const email = uniqueEmail();
    const paid = await submitPaymentPage(shop.app, started.token, paymentForm({ "contact.email": email }));
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/order-confirmation/${started.orderId}?oid=${started.checkoutId}&ost=SUCCESS`);

    const order = (await shop.app.inject({ method: "GET", url: `/api/orders/${started.orderId}?${access}` })).json()
      .data;
    expect(order).toMatchObject({
      status: "CONFIRMED",
      paymentStatus: "SUCCESS",
      paymentStatusLabel: "Paid",
      statusLabel: "Confirmed",
      contactEmail: email,
      contactPhone: "+919876543210",
      // A guest cannot cancel online, and is told why.
      cancellable: false,
      cancelBlockedReason: fulfilmentMessages.guestCannotCancel,
      shippingAddress: {
        fullName: "Riya Sharma",
        line1: "Flat 4B, Lotus Towers",
        addressLine1: "Flat 4B, Lotus Towers",
        pincode: "201301",
        postalCode: "201301",
        city: "Noida",
        state: "Uttar Pradesh",
      },
      billingAddress: { pincode: "201301" },
    });
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(3);
    expect(await holdsOf(shop.database.db, tee.variantIds[0]!)).toMatchObject({ HELD: 0, SOLD: 2 });
    expect((await getCart(shop.app, guest)).json().data.items).toEqual([]);
    expect(await paymentsOf(shop.database.db, started.orderId)).toMatchObject([
      { status: "SUCCESS", payment_type: "PREPAID", amount: 259_800, checkout_id: started.checkoutId },
    ]);

    expect(await shop.app.outbox.drain()).toBe(2);
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Your VAKI order ${order.orderNumber} is confirmed`);
    expect(mails[0]?.text).toContain("2 × Glow Tee (L / Acid Lime)");
    expect(mails[0]?.text).toContain("₹2,598.00");
    expect(mails[0]?.text).toContain("Flat 4B, Lotus Towers");
    // A guest has no My Orders: the terms say to write to the shop, and the e-mail says so.
    expect(mails[0]?.text).not.toContain("My Orders");
    expect(mails[0]?.text).toContain(`Reply to this e-mail with your order number ${order.orderNumber} within 6 hours`);
    expect(mails[0]?.text).toContain(
      `${shop.config.publicUrl}/order-confirmation/${started.orderId}?orderSecret=${started.orderSecret}`,
    );

    const [shipment] = await shipmentsOf(shop.database.db, started.orderId);
    expect(shipment).toMatchObject({
      provider: "sandbox",
      payment_method: "Prepaid",
      awb: expect.stringMatching(/^1490\d{10}$/),
      courier_name: "Delhivery Surface",
    });
    const shipped = await orderRow(shop.database.db, started.orderId);
    expect(shipped).toMatchObject({
      status: "PROCESSING",
      tracking_number: shipment?.awb,
      shiprocket_order_id: shipment?.provider_order_id,
      courier_name: "Delhivery Surface",
    });

    const details = await checkoutDetails(shop.app, started.checkoutId, access);
    expect(details.statusCode).toBe(200);
    expect(details.json().data).toEqual({
      paymentDetails: {
        status: "SUCCESS",
        paymentId: expect.stringMatching(/^sbx_pay_/),
        gatewayTransactionId: expect.stringMatching(/^SBXUPI/),
        amount: 259_800,
        paymentType: "PREPAID",
        currency: "INR",
      },
      status: "SUCCESS",
      orderStatus: "PROCESSING",
      orderDetails: {
        orderId: started.orderId,
        orderNumber: order.orderNumber,
        shippingAddress: expect.objectContaining({ pincode: "201301" }),
        billingAddress: expect.objectContaining({ pincode: "201301" }),
      },
      shiprocketDetails: {
        total_amount: 259_800,
        shipping_address: expect.objectContaining({ city: "Noida" }),
        billing_address: expect.objectContaining({ city: "Noida" }),
      },
      transactionHistory: { result: { payments: [{ created_at: expect.any(String) }] } },
    });

    const track = async () =>
      (await shop.app.inject({ method: "GET", url: `/api/orders/${started.orderId}/track?${access}` })).json().data;
    const early = await track();
    expect(early).toMatchObject({
      orderId: started.orderId,
      awb: shipment?.awb,
      courierName: "Delhivery Surface",
      status: "PROCESSING",
      tracking_data: {
        track_status: 1,
        shipment_track: [expect.objectContaining({ awb_code: shipment?.awb, courier_name: "Delhivery Surface" })],
        // A guest's tracking link is its order page with the secret: it works on any device.
        track_url: `http://localhost/order-confirmation/${started.orderId}?orderSecret=${started.orderSecret}`,
        etd: expect.any(String),
      },
    });
    expect(early.tracking_data.shipment_track_activities[0]).toEqual(
      expect.objectContaining({
        date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        "sr-status": "1",
        "sr-status-label": "AWB ASSIGNED",
        activity: expect.any(String),
        location: expect.any(String),
      }),
    );
    expect(early.timeline.map((step: { step: string; done: boolean }) => [step.step, step.done])).toEqual([
      ["Created", true],
      ["Processing", true],
      ["Shipped", false],
      ["Delivered", false],
    ]);

    clock.advance(minutes(20));
    const inTransit = await track();
    expect(inTransit.status).toBe("SHIPPED");
    expect(inTransit.timeline[2]).toMatchObject({ step: "Shipped", done: true, at: expect.any(String) });

    const byAwb = await shop.app.inject({ method: "GET", url: `/api/orders/track/awb/${shipment?.awb}?${access}` });
    expect(byAwb.statusCode).toBe(200);
    expect(byAwb.json().data.orderId).toBe(started.orderId);

    clock.advance(minutes(60));
    const delivered = await track();
    expect(delivered.status).toBe("DELIVERED");
    expect(delivered.timeline.every((step: { done: boolean }) => step.done)).toBe(true);
    expect(delivered.tracking_data.shipment_status).toBe(7);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("takes a logged-in user to a paid order and shows it on the orders page with everything it needs", async () => {
    const hoodie = await product("Orbit Hoodie", 4, 249_900);
    const session = await registerAndLogin(shop.app);
    const user = { headers: session.headers };
    const started = await startCheckout(shop.app, user, [{ productId: hoodie.id, variantId: hoodie.variantIds[0]! }]);
    expect(started.orderSecret).toBeUndefined();

    const page = await shop.app.inject({ method: "GET", url: `/sandbox/pay/${started.token}` });
    expect(page.body).toContain(`value="${session.customer.email}"`);
    const paid = await submitPaymentPage(
      shop.app,
      started.token,
      paymentForm({
        "contact.email": session.customer.email,
        "shippingAddress.city": "Mumbai",
        "shippingAddress.state": "Maharashtra",
        "shippingAddress.pincode": "400001",
      }),
    );
    expect(paid.headers.location).toBe(`/order-confirmation/${started.orderId}?oid=${started.checkoutId}&ost=SUCCESS`);
    expect((await getCart(shop.app, user)).json().data.items).toEqual([]);
    await shop.app.outbox.drain();

    const history = await shop.app.inject({ method: "GET", url: "/api/orders/orderHistory", headers: session.headers });
    expect(history.statusCode).toBe(200);
    const [listed] = history.json().data.content;
    expect(listed).toMatchObject({
      id: started.orderId,
      status: "PROCESSING",
      statusLabel: "Processing",
      paymentStatus: "SUCCESS",
      paymentStatusLabel: "Paid",
      trackingNumber: expect.any(String),
      courierName: expect.any(String),
      shiprocketOrderId: expect.any(String),
      contactEmail: session.customer.email,
      contactPhone: "+919876543210",
      shippingAddress: expect.objectContaining({ city: "Mumbai", pincode: "400001" }),
      billingAddress: expect.objectContaining({ city: "Mumbai" }),
      cancellable: true,
      cancellableUntil: expect.any(String),
      message: "The courier is scheduled to pick up your order.",
      timeline: [
        { step: "Created", done: true, at: expect.any(String) },
        { step: "Processing", done: true, at: expect.any(String) },
        { step: "Shipped", done: false },
        { step: "Delivered", done: false },
      ],
    });
    // Besides the account's welcome e-mail, one confirmation.
    const confirmations = mailsTo(session.customer.email).filter((mail) => !mail.subject.startsWith("Welcome"));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]?.text).toContain(`${shop.config.publicUrl}/order-confirmation/${started.orderId}`);
    expect(confirmations[0]?.text).not.toContain("orderSecret");

    const details = await checkoutDetails(shop.app, started.checkoutId, "", session.headers);
    expect(details.json().data.paymentDetails.status).toBe("SUCCESS");
  });

  it("places a cash-on-delivery order: payment COD_PENDING, order CONFIRMED, a COD shipment", async () => {
    const cap = await product("Moon Cap", 3, 79_900);
    const guest = newGuest();
    const started = await startCheckout(shop.app, guest, [{ productId: cap.id, variantId: cap.variantIds[0]! }]);
    const done = await payOnPage(
      shop.app,
      started.token,
      paymentForm({ method: "cod", "contact.email": uniqueEmail() }),
    );
    expect(done.headers.location).toBe(`/order-confirmation/${started.orderId}?oid=${started.checkoutId}&ost=SUCCESS`);
    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({
      status: "CONFIRMED",
      payment_status: "COD_PENDING",
    });
    expect(await paymentsOf(shop.database.db, started.orderId)).toMatchObject([
      { status: "COD_PENDING", payment_type: "CASH_ON_DELIVERY" },
    ]);
    await shop.app.outbox.drain();
    expect(await shipmentsOf(shop.database.db, started.orderId)).toMatchObject([{ payment_method: "COD" }]);
    const courier = await shop.database.db
      .selectFrom("sandbox_shipments")
      .select("payment_method")
      .where("order_id", "=", started.orderId)
      .executeTakeFirstOrThrow();
    expect(courier.payment_method).toBe("COD");
    const order = (
      await shop.app.inject({
        method: "GET",
        url: `/api/orders/${started.orderId}?${guestQuery(guest.guestSessionId, started.orderSecret)}`,
      })
    ).json().data;
    expect(order.paymentStatusLabel).toBe("Pending (Cash on Delivery)");
    expect(order.message).toBe("We're packing your order. Please pay in cash or UPI when it arrives.");
  });

  it("keeps the cart and gives the stock back when the payment fails, and lets a retry on the page succeed", async () => {
    const tee = await product("Fail Tee", 4);
    const guest = newGuest();
    const started = await startCheckout(shop.app, guest, [
      { productId: tee.id, variantId: tee.variantIds[0]!, quantity: 2 },
    ]);
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(2);

    const failed = await submitPaymentPage(shop.app, started.token, paymentForm({ method: "fail" }));
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(`/order-confirmation/${started.orderId}?oid=${started.checkoutId}&ost=FAILED`);
    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({
      status: "CREATED",
      payment_status: "FAILED",
    });
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(4);
    expect(await holdsOf(shop.database.db, tee.variantIds[0]!)).toMatchObject({ HELD: 0, RELEASED: 2 });
    expect((await getCart(shop.app, guest)).json().data.items).toMatchObject([{ quantity: 2 }]);
    expect(await shop.app.outbox.drain()).toBe(0);
    const details = (
      await checkoutDetails(shop.app, started.checkoutId, guestQuery(guest.guestSessionId, started.orderSecret))
    ).json().data;
    expect(details).toMatchObject({ status: "FAILED", paymentDetails: { status: "FAILED" } });

    const page = await shop.app.inject({ method: "GET", url: `/sandbox/pay/${started.token}` });
    expect(page.body).toContain("Your last payment attempt was declined");
    const retried = await submitPaymentPage(shop.app, started.token, paymentForm({ method: "card" }));
    expect(retried.headers.location).toContain("ost=SUCCESS");
    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({
      status: "CONFIRMED",
      payment_status: "SUCCESS",
    });
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(2);
    expect(await holdsOf(shop.database.db, tee.variantIds[0]!)).toMatchObject({ SOLD: 2, HELD: 0 });
    expect(await outboxRows(shop.database.db, `order-confirmed-mail:${started.orderId}`)).toHaveLength(1);
  });

  it("re-renders the page with the reasons when the form is wrong or the courier cannot reach the pincode", async () => {
    const tee = await product("Form Tee");
    const guest = newGuest();
    const started = await startCheckout(shop.app, guest, [{ productId: tee.id, variantId: tee.variantIds[0]! }]);

    const wrong = await submitPaymentPage(
      shop.app,
      started.token,
      paymentForm({ "contact.email": "riya@", "shippingAddress.pincode": "2013" }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.headers["content-type"]).toContain("text/html");
    expect(wrong.body).toContain("Enter a valid e-mail address");
    expect(wrong.body).toContain("Enter a 6-digit pincode");
    expect(wrong.body).toContain('value="riya@"');

    const nowhere = await submitPaymentPage(
      shop.app,
      started.token,
      paymentForm({ "shippingAddress.pincode": "011001" }),
    );
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.body).toContain("Enter a 6-digit pincode");

    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({
      status: "CREATED",
      payment_status: "CREATED",
    });
  });
});
