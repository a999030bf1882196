import { checkoutMessages, commonMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { addOk, newGuest, orderOk } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { paymentForm } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";

/** A phone on the shop's Wi-Fi, reaching the laptop that runs the shop. */
const phone = { host: "192.168.1.20:3000" };

async function unpaidOrder(shop: TestShop) {
  const tee = await insertProduct(shop.database.db, { name: "Origin Tee", variants: [{ size: "M", stock: 5 }] });
  const guest = newGuest();
  await addOk(shop.app, guest, { productId: tee.id, variantId: tee.variantIds[0]! });
  const order = await orderOk(shop.app, guest);
  return { guest, orderId: order.id, orderSecret: order.orderSecret! };
}

function initiateFrom(shop: TestShop, headers: Record<string, string>, body: Record<string, unknown>) {
  return shop.app.inject({ method: "POST", url: "/api/checkout/initiate", headers, payload: body });
}

describe(`links follow the shopper's address when PUBLIC_URL is unset (${testEngine})`, () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({
      HOLD_SWEEP_INTERVAL_MS: "0",
      OUTBOX_INTERVAL_MS: "0",
      ALLOWED_HOSTS: "localhost,127.0.0.1,192.168.1.20",
    });
  });
  afterAll(async () => shop.close());

  it("returns the shopper to the origin they used after paying, with the sandbox script from there", async () => {
    const order = await unpaidOrder(shop);
    const response = await initiateFrom(shop, phone, {
      ...order.guest,
      orderId: order.orderId,
      orderSecret: order.orderSecret,
    });
    expect(response.statusCode).toBe(200);
    const session = response.json().data;
    expect(session.redirectUrl).toBe(`http://192.168.1.20:3000/order-confirmation/${order.orderId}`);
    expect(session.scriptUrl).toBe("http://192.168.1.20:3000/sandbox/checkout.js");

    // The hosted page is opened from the phone too; paying lands back on the phone's address.
    const paid = await shop.app.inject({
      method: "POST",
      url: `/sandbox/pay/${session.token}?fallback=${encodeURIComponent("http://192.168.1.20:3000/order-success")}`,
      headers: { ...phone, "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(paymentForm()).toString(),
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(new RegExp(`^/order-success\\?orderId=${order.orderId}&oid=`));
  });

  it("accepts an absolute redirectUrl on the shopper's origin and refuses any other site", async () => {
    const order = await unpaidOrder(shop);
    const body = { ...order.guest, orderId: order.orderId, orderSecret: order.orderSecret };
    const own = await initiateFrom(shop, phone, { ...body, redirectUrl: "http://192.168.1.20:3000/order-success" });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.redirectUrl).toBe(`http://192.168.1.20:3000/order-success?orderId=${order.orderId}`);
    const loopback = await initiateFrom(shop, { host: "127.0.0.1:3000" }, body);
    expect(loopback.json().data.redirectUrl).toBe(`http://127.0.0.1:3000/order-confirmation/${order.orderId}`);
    for (const redirectUrl of ["http://192.168.1.99:3000/order-success", "https://evil.example/order-confirmation"]) {
      const refused = await initiateFrom(shop, phone, { ...body, redirectUrl });
      expect(refused.statusCode, redirectUrl).toBe(400);
      expect(refused.json().message).toBe(checkoutMessages.redirectNotAllowed);
    }
  });

  it("ignores X-Forwarded-* from a client when no proxy is trusted, and refuses a Host it does not serve", async () => {
    const order = await unpaidOrder(shop);
    const body = { ...order.guest, orderId: order.orderId, orderSecret: order.orderSecret };
    const forwarded = await initiateFrom(
      shop,
      { ...phone, "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
      body,
    );
    expect(forwarded.json().data.redirectUrl).toBe(`http://192.168.1.20:3000/order-confirmation/${order.orderId}`);
    for (const host of ["evil.example/path?", "evil.example"]) {
      const refused = await initiateFrom(shop, { host }, body);
      expect(refused.statusCode, host).toBe(400);
      expect(refused.json().message).toBe(commonMessages.unknownHost);
    }
  });
});

describe(`PUBLIC_URL, when set, wins everywhere (${testEngine})`, () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({
      PUBLIC_URL: "https://shop.example.in",
      ALLOWED_HOSTS: "localhost,192.168.1.20",
      HOLD_SWEEP_INTERVAL_MS: "0",
      OUTBOX_INTERVAL_MS: "0",
    });
  });
  afterAll(async () => shop.close());

  it("uses PUBLIC_URL for the return address and the script whatever Host the request came with", async () => {
    const order = await unpaidOrder(shop);
    const body = { ...order.guest, orderId: order.orderId, orderSecret: order.orderSecret };
    const session = (await initiateFrom(shop, phone, body)).json().data;
    expect(session.redirectUrl).toBe(`https://shop.example.in/order-confirmation/${order.orderId}`);
    expect(session.scriptUrl).toBe("https://shop.example.in/sandbox/checkout.js");
    const phoneAddress = await initiateFrom(shop, phone, { ...body, redirectUrl: "http://192.168.1.20:3000/x" });
    expect(phoneAddress.statusCode).toBe(400);
  });
});
