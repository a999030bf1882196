import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { paymentForm, payOnPage, startCheckout } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";

/**
 * A SIGKILL after the gateway refunded but before `settleStaffRefund` recorded its answer leaves
 * the refund `processing` and its outbox row to run again: the gateway must not refund twice.
 */
describe(`a staff refund re-run after a crash (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-26T09:00:00.000Z"));
  let ops: StaffSession;

  beforeAll(async () => {
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
    await setUpOwner(shop.app, clock);
    ops = await addStaff(shop.app, clock, "operations");
  });
  afterAll(async () => shop.close());

  const gatewayRefunds = async (checkoutId: string) => {
    const row = await shop.database.db
      .selectFrom("sandbox_checkouts")
      .select("refunds")
      .where("checkout_id", "=", checkoutId)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.refunds) as { refundId: string; amount: number }[];
  };

  it("asks the gateway again with the same key and records the refund it already made, once", async () => {
    const tee = await insertProduct(shop.database.db, { name: "Retry tee", price: 149_900, variants: [{ stock: 3 }] });
    const session = await registerAndLogin(shop.app);
    const started = await startCheckout(shop.app, { headers: session.headers }, [
      { productId: tee.id, variantId: tee.variantIds[0] ?? 0, quantity: 1 },
    ]);
    await payOnPage(shop.app, started.token, paymentForm({ method: "upi", "contact.email": session.customer.email }));
    const refunded = await asStaff(shop.app, ops, {
      method: "POST",
      url: `/api/admin/orders/${started.orderId}/refunds`,
      payload: { amount: 40_000, reason: "Late delivery" },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    await shop.app.outbox.drain();
    const { checkoutId } = started;
    const [made] = await gatewayRefunds(checkoutId);
    expect(made?.amount).toBe(40_000);

    // What the kill leaves: the gateway's refund made, the shop's record of it and the outbox's DONE lost.
    const refund = await shop.database.db
      .selectFrom("order_refunds")
      .select(["id"])
      .where("order_id", "=", started.orderId)
      .executeTakeFirstOrThrow();
    await shop.database.db
      .updateTable("order_refunds")
      .set({ status: "processing", reference: null })
      .where("id", "=", refund.id)
      .execute();
    await shop.database.db
      .updateTable("outbox")
      .set({ status: "PENDING", next_attempt_at: clock.now().toISOString() })
      .where("kind", "=", "staff-refund")
      .where("dedupe_key", "=", `staff-refund:${refund.id}`)
      .execute();
    await shop.app.outbox.drain();

    expect(await gatewayRefunds(checkoutId)).toHaveLength(1);
    const after = await shop.database.db
      .selectFrom("order_refunds")
      .select(["status", "reference"])
      .where("id", "=", refund.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: "completed", reference: made?.refundId });
  });
});
