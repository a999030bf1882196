import { cancellationMessages } from "@vaki/contract/fulfilment";
import { fulfilmentMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAs, registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { newGuest } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { paymentForm, startCheckout, submitPaymentPage } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { ManualClock } from "../../lib/clock.js";

const hours = (n: number) => n * 3_600_000;

describe(`order answers match what the viewer may do (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));

  beforeAll(async () => {
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
  });
  afterAll(async () => shop.close());

  const tee = () => insertProduct(shop.database.db, { name: "Viewer Tee", variants: [{ size: "M", stock: 5 }] });
  const read = async (orderId: string, query: string, headers: Record<string, string> = {}) =>
    (await shop.app.inject({ method: "GET", url: `/api/orders/${orderId}?${query}`, headers })).json().data;

  it("tells a guest their order cannot be cancelled online, and why", async () => {
    const product = await tee();
    const guest = newGuest();
    const started = await startCheckout(shop.app, guest, [
      { productId: product.id, variantId: product.variantIds[0]! },
    ]);
    await submitPaymentPage(shop.app, started.token, paymentForm());
    const order = await read(started.orderId, `orderSecret=${started.orderSecret}`);
    expect(order).toMatchObject({ cancellable: false, cancelBlockedReason: fulfilmentMessages.guestCannotCancel });
  });

  it("lets a customer cancel within 6 hours, says why not after, and ends a cancelled order's timeline with Cancelled", async () => {
    const product = await tee();
    const session = await registerAndLogin(shop.app);
    const shopper = { headers: session.headers };
    const started = await startCheckout(shop.app, shopper, [
      { productId: product.id, variantId: product.variantIds[0]! },
    ]);
    await submitPaymentPage(shop.app, started.token, paymentForm({ "contact.email": session.customer.email }));
    expect(await read(started.orderId, "", session.headers)).toMatchObject({
      cancellable: true,
      cancelBlockedReason: null,
    });

    const late = await startCheckout(shop.app, shopper, [{ productId: product.id, variantId: product.variantIds[0]! }]);
    await submitPaymentPage(shop.app, late.token, paymentForm({ "contact.email": session.customer.email }));
    clock.advance(hours(7));
    // The 15-minute access token has lapsed by then: log in again.
    const later = await loginAs(shop.app, session.customer);
    expect(await read(late.orderId, "", later.headers)).toMatchObject({
      cancellable: false,
      cancelBlockedReason: cancellationMessages.outsideWindow,
    });
    clock.advance(-hours(7));

    const cancelled = await shop.app.inject({
      method: "POST",
      url: "/api/orders/cancel/order",
      headers: session.headers,
      payload: { orderId: started.orderId },
    });
    expect(cancelled.statusCode).toBe(200);
    const order = await read(started.orderId, "", session.headers);
    expect(order).toMatchObject({ status: "CANCELLED", cancellable: false, cancelBlockedReason: null });
    expect(order.timeline).toEqual([
      { step: "Created", done: true, at: "2026-11-22T10:00:00.000Z" },
      { step: "Cancelled", done: true, at: "2026-11-22T10:00:00.000Z" },
    ]);
  });
});
