import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { addOk, applyPromo, newGuest } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import {
  dubaiFormFields,
  guestQuery,
  orderRow,
  outboxRows,
  paymentForm,
  shipmentsOf,
  startCheckout,
  submitPaymentPage,
  ukPaymentForm,
} from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { readOutbox } from "../../../test/helpers/mail.js";
import { ManualClock } from "../../lib/clock.js";

const minutes = (n: number) => n * 60_000;

describe(`a whole purchase through the API and the sandbox pages: abroad, first-order codes and payment links (${testEngine})`, () => {
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
