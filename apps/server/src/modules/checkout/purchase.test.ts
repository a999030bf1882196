import { randomBytes } from "node:crypto";
import { fulfilmentMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { addOk, applyPromo, getCart, holdsOf, newGuest, stockOf } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import {
  checkoutDetails,
  dubaiFormFields,
  guestQuery,
  orderRow,
  outboxRows,
  paymentForm,
  paymentsOf,
  payOnPage,
  shipmentsOf,
  startCheckout,
  submitPaymentPage,
  ukPaymentForm,
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
    expect(mailsTo(session.customer.email)).toHaveLength(1);
    expect(mailsTo(session.customer.email)[0]?.text).toContain(
      `${shop.config.publicUrl}/order-confirmation/${started.orderId}`,
    );
    expect(mailsTo(session.customer.email)[0]?.text).not.toContain("orderSecret");

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

  it("takes a guest in the UK to a paid order: their address on the order and the e-mail, and a DHL shipment", async () => {
    const tee = await product("Abroad Tee");
    const guest = newGuest();
    const started = await startCheckout(shop.app, guest, [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
    const access = guestQuery(guest.guestSessionId, started.orderSecret);

    const page = await shop.app.inject({ method: "GET", url: `/sandbox/pay/${started.token}` });
    expect(page.body).toContain("<option selected>India</option>");
    expect(page.body).toContain("<option>United Kingdom</option>");

    const cod = await submitPaymentPage(shop.app, started.token, ukPaymentForm({ method: "cod" }));
    expect(cod.statusCode).toBe(400);
    expect(cod.body).toContain("Cash on delivery is available only within India");
    expect(cod.body).toContain("<option selected>United Kingdom</option>");
    expect(cod.body).toContain('value="NW1 6XE"');
    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({ status: "CREATED" });

    const email = uniqueEmail();
    const paid = await submitPaymentPage(shop.app, started.token, ukPaymentForm({ "contact.email": email }));
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/order-confirmation/${started.orderId}?oid=${started.checkoutId}&ost=SUCCESS`);

    const london = {
      fullName: "Riya Sharma",
      line1: "221B Baker Street",
      line2: "Marylebone",
      city: "London",
      state: "Greater London",
      pincode: "NW1 6XE",
      country: "United Kingdom",
      phone: "+442079460958",
    };
    const read = async () =>
      (await shop.app.inject({ method: "GET", url: `/api/orders/${started.orderId}?${access}` })).json().data;
    expect(await read()).toMatchObject({
      status: "CONFIRMED",
      paymentStatus: "SUCCESS",
      contactEmail: email,
      contactPhone: "+447700900123",
      shippingAddress: { ...london, postalCode: "NW1 6XE", addressLine1: "221B Baker Street" },
      billingAddress: london,
    });

    expect(await outboxRows(shop.database.db, `order-confirmed-mail:${started.orderId}`)).toHaveLength(1);
    await shop.app.outbox.drain();
    const [mail] = mailsTo(email);
    expect(mail?.text).toContain("London, Greater London, NW1 6XE");
    expect(mail?.text).toContain("United Kingdom");
    expect(mail?.text).toContain("Phone +442079460958");

    const [shipment] = await shipmentsOf(shop.database.db, started.orderId);
    expect(shipment).toMatchObject({
      provider: "sandbox",
      payment_method: "Prepaid",
      awb: expect.stringMatching(/^\d{10}$/),
      courier_name: "DHL Express",
    });
    const courier = await shop.database.db
      .selectFrom("sandbox_shipments")
      .selectAll()
      .where("order_id", "=", started.orderId)
      .executeTakeFirstOrThrow();
    expect(courier).toMatchObject({ region: "international", destination_pincode: "NW1 6XE" });
    const tracked = (
      await shop.app.inject({ method: "GET", url: `/api/orders/${started.orderId}/track?${access}` })
    ).json().data;
    expect(tracked).toMatchObject({ status: "PROCESSING", courierName: "DHL Express", awb: shipment?.awb });
  });

  it("ships to Dubai with no postal code, as the UAE has none", async () => {
    const tee = await product("Desert Tee");
    const guest = newGuest();
    const started = await startCheckout(shop.app, guest, [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
    const email = uniqueEmail();
    const paid = await submitPaymentPage(
      shop.app,
      started.token,
      ukPaymentForm({
        "contact.email": email,
        "contact.phone": "+971 50 123 4567",
        ...dubaiFormFields,
      }),
    );
    expect(paid.statusCode).toBe(303);
    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({
      status: "CONFIRMED",
      contact_phone: "+971501234567",
    });
    await shop.app.outbox.drain();
    const courier = await shop.database.db
      .selectFrom("sandbox_shipments")
      .selectAll()
      .where("order_id", "=", started.orderId)
      .executeTakeFirstOrThrow();
    expect(courier).toMatchObject({ region: "international", destination_pincode: "", destination_city: "Dubai" });
    const [mail] = mailsTo(email);
    expect(mail?.text).toContain("Dubai, Dubai\n");
    expect(mail?.text).toContain("United Arab Emirates");
  });

  it("checks a guest's first-order code abroad against earlier paid orders by their international phone", async () => {
    const cap = await product("Abroad Cap");
    const phone = "+1 (212) 555-0142";
    const first = await startCheckout(shop.app, newGuest(), [{ productId: cap.id, variantId: cap.variantIds[0]! }]);
    const us = {
      "contact.phone": phone,
      "shippingAddress.line1": "350 Fifth Avenue",
      "shippingAddress.city": "New York",
      "shippingAddress.state": "NY",
      "shippingAddress.pincode": "10118",
      "shippingAddress.country": "United States",
      "shippingAddress.phone": phone,
    };
    await submitPaymentPage(shop.app, first.token, ukPaymentForm({ ...us, "contact.email": uniqueEmail() }));
    expect(await orderRow(shop.database.db, first.orderId)).toMatchObject({
      status: "CONFIRMED",
      contact_phone: "+12125550142",
    });

    // A returning guest with VAKI10: the page refuses the payment before any money moves.
    const again = newGuest();
    await addOk(shop.app, again, { productId: cap.id, variantId: cap.variantIds[0]! });
    expect((await applyPromo(shop.app, again, "VAKI10")).statusCode).toBe(200);
    const second = await startCheckout(shop.app, again, []);
    const refused = await submitPaymentPage(
      shop.app,
      second.token,
      ukPaymentForm({ ...us, "contact.email": uniqueEmail() }),
    );
    expect(refused.statusCode).toBe(400);
    const reused =
      "VAKI10 is for a first order only, and this e-mail or phone has ordered before. Go back to your cart, remove the code and check out again.";
    expect(refused.body).toContain(reused);
    expect(await orderRow(shop.database.db, second.orderId)).toMatchObject({
      status: "CREATED",
      payment_status: "CREATED",
      promo_code: "VAKI10",
    });

    // Without the code the same shopper pays the full price.
    expect(
      (await shop.app.inject({ method: "DELETE", url: `/api/cart/promo?guestSessionId=${again.guestSessionId}` }))
        .statusCode,
    ).toBe(200);
    const third = await startCheckout(shop.app, again, []);
    const paid = await submitPaymentPage(
      shop.app,
      third.token,
      ukPaymentForm({ ...us, "contact.email": uniqueEmail() }),
    );
    expect(paid.statusCode).toBe(303);
    expect(await orderRow(shop.database.db, third.orderId)).toMatchObject({
      status: "CONFIRMED",
      promo_code: null,
      discount_amount: 0,
      review_note: null,
    });
  });

  it("refuses a guest's first-order code on the page when the e-mail alone has a paid order", async () => {
    const tee = await product("Returning Tee");
    const email = uniqueEmail();
    const first = await startCheckout(shop.app, newGuest(), [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
    await submitPaymentPage(shop.app, first.token, paymentForm({ "contact.email": email }));
    expect((await orderRow(shop.database.db, first.orderId)).status).toBe("CONFIRMED");

    const again = newGuest();
    await addOk(shop.app, again, { productId: tee.id, variantId: tee.variantIds[0]! });
    await applyPromo(shop.app, again, "VAKI10");
    const second = await startCheckout(shop.app, again, []);
    const otherPhone = { "contact.phone": "9000000001", "shippingAddress.phone": "9000000001" };
    const refused = await submitPaymentPage(
      shop.app,
      second.token,
      paymentForm({ ...otherPhone, "contact.email": email.toUpperCase() }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("VAKI10 is for a first order only");
    // A new customer on the same page is welcome to the code.
    const welcomed = await submitPaymentPage(
      shop.app,
      second.token,
      paymentForm({ ...otherPhone, "contact.email": uniqueEmail() }),
    );
    expect(welcomed.statusCode).toBe(303);
    expect(await orderRow(shop.database.db, second.orderId)).toMatchObject({
      status: "CONFIRMED",
      promo_code: "VAKI10",
    });
  });

  it("answers unknown and expired payment links with a friendly HTML page", async () => {
    const unknown = await shop.app.inject({ method: "GET", url: "/sandbox/pay/NoSuchToken_0123456789" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["content-type"]).toContain("text/html");
    expect(unknown.body).toContain("This payment link is not valid");
    expect(unknown.body).not.toMatch(/<script/i);

    const tee = await product("Late Tee");
    const started = await startCheckout(shop.app, newGuest(), [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
    clock.advance(minutes(31));
    const expired = await shop.app.inject({ method: "GET", url: `/sandbox/pay/${started.token}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain("This payment link has expired");
    const posted = await submitPaymentPage(shop.app, started.token, paymentForm());
    expect(posted.statusCode).toBe(410);
  });

  it("refuses to take a payment for a cancelled order on the page, saying why (nothing charged, nothing refunded)", async () => {
    const tee = await product("Cancelled Page Tee");
    const session = await registerAndLogin(shop.app);
    const started = await startCheckout(shop.app, { headers: session.headers }, [
      { productId: tee.id, variantId: tee.variantIds[0]! },
    ]);
    const cancelled = await shop.app.inject({
      method: "POST",
      url: "/api/orders/cancel/order",
      headers: session.headers,
      payload: { orderId: started.orderId },
    });
    expect(cancelled.statusCode).toBe(200);

    const page = await shop.app.inject({ method: "GET", url: `/sandbox/pay/${started.token}` });
    expect(page.statusCode).toBe(410);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("This order has been cancelled, so it can no longer be paid");
    const posted = await submitPaymentPage(
      shop.app,
      started.token,
      paymentForm({ "contact.email": session.customer.email }),
    );
    expect(posted.statusCode).toBe(410);
    expect(posted.body).toContain("This order has been cancelled");
    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({
      status: "CANCELLED",
      payment_status: "CANCELLED",
    });
    const gateway = await shop.database.db
      .selectFrom("sandbox_checkouts")
      .select("status")
      .where("checkout_id", "=", started.checkoutId)
      .executeTakeFirstOrThrow();
    expect(gateway.status).not.toBe("SUCCESS");
  });

  it("serves the sandbox's browser script", async () => {
    const script = await shop.app.inject({ method: "GET", url: "/sandbox/checkout.js" });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toContain("application/javascript");
    expect(script.body).toContain("VakiSandboxCheckout");
  });
});
