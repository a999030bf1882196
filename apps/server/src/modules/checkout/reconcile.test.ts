import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { newGuest, stockOf } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { orderRow, payAtSandboxGateway, startCheckout } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { ManualClock } from "../../lib/clock.js";

const minutes = (n: number) => n * 60_000;

describe(`checkouts the webhook never reached (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));

  beforeAll(async () => {
    // The sweep and the reconciliation pass run on a real timer; time itself is the test's clock.
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "100", OUTBOX_INTERVAL_MS: "0" }, { clock });
  });
  afterAll(async () => shop.close());

  const product = (name: string) =>
    insertProduct(shop.database.db, { name, price: 129_900, variants: [{ size: "M", color: "Black", stock: 5 }] });

  /** The gateway took the money; its webhook was lost. */
  const payAtGateway = (checkoutId: string) =>
    payAtSandboxGateway(shop.database.db, clock, checkoutId, "SUCCESS", "lost.webhook@example.com");

  it("asks the gateway before the hold sweep cancels: a paid order is confirmed, not cancelled", async () => {
    const tee = await product("Lost Webhook Tee");
    const started = await startCheckout(shop.app, newGuest(), [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
    await payAtGateway(started.checkoutId);
    clock.advance(minutes(31));
    await expect
      .poll(async () => (await orderRow(shop.database.db, started.orderId))?.status, { timeout: 5_000 })
      .toBe("CONFIRMED");
    expect(await orderRow(shop.database.db, started.orderId)).toMatchObject({
      payment_status: "SUCCESS",
      contact_email: "lost.webhook@example.com",
    });
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(4);
  });

  it("still cancels an expired order whose checkout was never paid", async () => {
    const tee = await product("Unpaid Tee");
    const started = await startCheckout(shop.app, newGuest(), [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
    clock.advance(minutes(31));
    await expect
      .poll(async () => (await orderRow(shop.database.db, started.orderId))?.status, { timeout: 5_000 })
      .toBe("CANCELLED");
    expect(await stockOf(shop.database.db, tee.variantIds[0]!)).toBe(5);
  });

  it("confirms a paid checkout whose webhook was lost before its hold runs out (reconciliation pass)", async () => {
    const tee = await product("Early Tee");
    const started = await startCheckout(shop.app, newGuest(), [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
    await payAtGateway(started.checkoutId);
    clock.advance(minutes(11));
    await expect
      .poll(async () => (await orderRow(shop.database.db, started.orderId))?.status, { timeout: 5_000 })
      .toBe("CONFIRMED");
  });
});
