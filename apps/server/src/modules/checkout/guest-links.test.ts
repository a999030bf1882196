import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { newGuest } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { checkoutDetails, paymentForm, startCheckout, submitPaymentPage } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { readOutbox } from "../../../test/helpers/mail.js";
import { ManualClock } from "../../lib/clock.js";

describe(`a guest's order link works on any device; the session id alone reveals no address (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));

  beforeAll(async () => {
    shop = await createTestShop(
      { HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0", ALLOWED_HOSTS: "localhost,192.168.1.20" },
      { clock },
    );
  });
  afterAll(async () => shop.close());

  /** A guest's paid order, its e-mail sent and its shipment made. */
  async function paidGuestOrder(email: string) {
    const tee = await insertProduct(shop.database.db, { name: "Link Tee", variants: [{ size: "M", stock: 5 }] });
    const guest = newGuest();
    const started = await startCheckout(shop.app, guest, [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
    await submitPaymentPage(shop.app, started.token, paymentForm({ "contact.email": email }));
    await shop.app.outbox.drain();
    return { guest, ...started, orderSecret: started.orderSecret! };
  }

  it("opens the order and its tracking with the secret from the e-mail alone, in another browser", async () => {
    const order = await paidGuestOrder("any.device@example.com");
    const mail = readOutbox(shop.config.dataDir).find((m) => m.to.includes("any.device@example.com"));
    const link = `/order-confirmation/${order.orderId}?orderSecret=${order.orderSecret}`;
    expect(mail?.text).toContain(link);

    // Another device: no guest session id, no login; only what the link carries.
    const read = await shop.app.inject({
      method: "GET",
      url: `/api/orders/${order.orderId}?orderSecret=${order.orderSecret}`,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({
      id: order.orderId,
      paymentStatus: "SUCCESS",
      shippingAddress: { city: "Noida" },
      contactEmail: "any.device@example.com",
    });
    const tracking = await shop.app.inject({
      method: "GET",
      url: `/api/orders/${order.orderId}/track?orderSecret=${order.orderSecret}`,
      headers: { host: "192.168.1.20:3000" },
    });
    expect(tracking.statusCode).toBe(200);
    expect(tracking.json().data.tracking_data.track_url).toBe(`http://192.168.1.20:3000${link}`);
    const details = await checkoutDetails(shop.app, order.checkoutId, `orderSecret=${order.orderSecret}`);
    expect(details.statusCode).toBe(200);
    expect(details.json().data.orderDetails.shippingAddress).toMatchObject({ city: "Noida" });
  });

  it("tells the guest session alone how the payment ended, without the addresses, and nothing more", async () => {
    const order = await paidGuestOrder("session.only@example.com");
    const session = `guestSessionId=${order.guest.guestSessionId}`;

    const details = await checkoutDetails(shop.app, order.checkoutId, session);
    expect(details.statusCode).toBe(200);
    expect(details.json().data).toMatchObject({
      status: "SUCCESS",
      paymentDetails: { status: "SUCCESS" },
      orderDetails: { orderId: order.orderId, shippingAddress: null, billingAddress: null },
      shiprocketDetails: { shipping_address: null, billing_address: null },
    });
    expect(details.body).not.toContain("Noida");

    const post = (url: string) =>
      shop.app.inject({ method: "POST", url, payload: { orderId: order.orderId, ...order.guest } });
    expect((await post("/api/orders/create/shiprocket")).statusCode).toBe(404);
    expect((await post("/api/orders/generate/awb")).statusCode).toBe(404);
    expect((await post("/api/checkout/send/email")).statusCode).toBe(404);
    expect((await shop.app.inject({ method: "GET", url: `/api/orders/${order.orderId}?${session}` })).statusCode).toBe(
      404,
    );
    expect(
      (await shop.app.inject({ method: "GET", url: `/api/orders/${order.orderId}/track?${session}` })).statusCode,
    ).toBe(404);
  });

  it("refuses a wrong secret even with the right session id", async () => {
    const order = await paidGuestOrder("wrong.secret@example.com");
    const wrong = `${order.orderSecret.slice(0, -3)}abc`;
    const details = await checkoutDetails(
      shop.app,
      order.checkoutId,
      `guestSessionId=${order.guest.guestSessionId}&orderSecret=${wrong}`,
    );
    expect(details.statusCode).toBe(403);
    expect(
      (await shop.app.inject({ method: "GET", url: `/api/orders/${order.orderId}?orderSecret=${wrong}` })).statusCode,
    ).toBe(404);
  });
});
