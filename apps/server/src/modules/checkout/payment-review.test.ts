import { codMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { newGuest } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { orderRow, paymentForm, paymentsOf, startCheckout, submitPaymentPage } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { readOutbox } from "../../../test/helpers/mail.js";
import { ManualClock } from "../../lib/clock.js";
import { createCommerceModules } from "../commerce.js";

/** A purchase whose gateway reports 100 paise for the order's total: the sandbox checkout tampered with. */
async function mismatchedPayment(shop: TestShop, name: string) {
  const tee = await insertProduct(shop.database.db, { name, price: 99_900, variants: [{ size: "M", stock: 5 }] });
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
  expect((await submitPaymentPage(shop.app, started.token, paymentForm())).statusCode).toBe(303);
  return started;
}

/** The refunds the sandbox gateway recorded for a checkout. */
async function sandboxRefunds(shop: TestShop, checkoutId: string): Promise<{ amount: number }[]> {
  const row = await shop.database.db
    .selectFrom("sandbox_checkouts")
    .select("refunds")
    .where("checkout_id", "=", checkoutId)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.refunds);
}

describe(`a payment for another amount is refunded, never stranded (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-25T10:00:00.000Z"));
  beforeAll(async () => {
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
  });
  afterAll(async () => shop.close());

  it("refunds what the gateway took, and the hold sweep then cancels the order with the money already back", async () => {
    const started = await mismatchedPayment(shop, "Refund Tee");
    await shop.app.outbox.drain();
    const [payment] = await paymentsOf(shop.database.db, started.orderId);
    expect(payment).toMatchObject({ status: "REFUNDED", review_outcome: "refunded", gateway_amount: 100 });
    expect(payment?.refund_id).toMatch(/^sbx_rfnd_/);
    expect(await sandboxRefunds(shop, started.checkoutId)).toMatchObject([{ amount: 100 }]);
    expect(await shop.app.paymentReview.listToReview()).toEqual([]);

    clock.advance(31 * 60_000);
    const sweeper = createCommerceModules({
      db: shop.database.db,
      dialect: shop.database.dialect,
      clock,
      config: shop.config,
    });
    expect(await sweeper.orders.releaseExpiredHolds()).toBe(1);
    expect((await orderRow(shop.database.db, started.orderId)).status).toBe("CANCELLED");
    expect((await paymentsOf(shop.database.db, started.orderId))[0]).toMatchObject({ status: "REFUNDED" });
  });
});

describe(`a payment for another amount kept for a person (${testEngine})`, () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({
      HOLD_SWEEP_INTERVAL_MS: "0",
      OUTBOX_INTERVAL_MS: "0",
      MISMATCHED_PAYMENT: "keep",
      OWNER_EMAIL: "owner@vaki.example",
    });
  });
  afterAll(async () => shop.close());

  it("e-mails the owner, lists the payment, and refunds or keeps it as the person decides", async () => {
    const refundIt = await mismatchedPayment(shop, "Keep Tee A");
    const keepIt = await mismatchedPayment(shop, "Keep Tee B");
    await shop.app.outbox.drain();
    const alerts = readOutbox(shop.config.dataDir).filter((mail) => mail.to.includes("owner@vaki.example"));
    expect(alerts).toHaveLength(2);
    expect(alerts[0]?.subject).toBe("VAKI: a payment needs your decision");
    expect(alerts[0]?.text).toContain("₹1.00");
    expect(alerts[0]?.text).toContain("₹999.00");
    expect(await sandboxRefunds(shop, refundIt.checkoutId)).toEqual([]);

    const listed = await shop.app.paymentReview.listToReview();
    expect(listed.map((item) => item.orderId).sort()).toEqual([refundIt.orderId, keepIt.orderId].sort());
    expect(listed[0]).toMatchObject({ orderAmount: 99_900, gatewayAmount: 100 });

    const [toRefund] = await paymentsOf(shop.database.db, refundIt.orderId);
    await shop.app.paymentReview.resolve(toRefund!.id, "refund", "owner@vaki.example");
    expect(await sandboxRefunds(shop, refundIt.checkoutId)).toMatchObject([{ amount: 100 }]);
    const [toKeep] = await paymentsOf(shop.database.db, keepIt.orderId);
    await shop.app.paymentReview.resolve(toKeep!.id, "keep", "owner@vaki.example");
    expect((await paymentsOf(shop.database.db, keepIt.orderId))[0]).toMatchObject({ review_outcome: "kept" });
    expect(await shop.app.paymentReview.listToReview()).toEqual([]);
    await expect(shop.app.paymentReview.resolve(toKeep!.id, "refund", "owner@vaki.example")).rejects.toThrow(
      codMessages.paymentNotInReview,
    );
  });
});
