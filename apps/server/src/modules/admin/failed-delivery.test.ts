import { failedDeliveryCustomerText, failedDeliveryMessages as fm } from "@vaki/contract/admin/failed-delivery";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { stockOf } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { orderRow, paymentForm, payOnPage, startCheckout } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";
import { sandboxFailDeliveryMarker } from "../../providers/shipping/sandbox-courier.js";
import { returnRefundReason } from "./failed-delivery-actions.js";

const minute = 60_000;

/*
 * The sandbox courier moves a step a minute here. A parcel addressed to "… FAIL DELIVERY" goes
 * out for delivery at 6 minutes from its AWB and is Undelivered (ORDER code 36) at 7; after a
 * re-attempt it is out again a minute later and delivered the next; after a return, RTO
 * initiated, in transit and delivered back (16) a minute apart. The courier is read when the
 * shopper opens the order and when an action asks it first.
 */
describe(`failed deliveries: re-attempt, return to origin, receive the return (${testEngine})`, () => {
  let shop: TestShop;
  // 14:30 in India: the re-attempt window is 21 to 28 November.
  const clock = new ManualClock(new Date("2026-11-21T09:00:00.000Z"));
  let owner: StaffSession;
  let ops: StaffSession;
  let support: StaffSession;
  let made = 0;

  beforeAll(async () => {
    shop = await createTestShop(
      {
        HOLD_SWEEP_INTERVAL_MS: "0",
        OUTBOX_INTERVAL_MS: "0",
        COURIER_SYNC_INTERVAL_MS: "0",
        SANDBOX_COURIER_MINUTES_PER_STEP: "1",
      },
      { clock },
    );
    owner = await setUpOwner(shop.app, clock);
    ops = await addStaff(shop.app, clock, "operations");
    support = await addStaff(shop.app, clock, "support");
  });
  afterAll(async () => shop.close());

  /** A customer's order shipped by the sandbox courier to an address meant to fail; AWB assigned now. */
  async function shippedOrder(options: { quantity?: number; cod?: boolean; fails?: boolean } = {}) {
    made += 1;
    const quantity = options.quantity ?? 1;
    const tee = await insertProduct(shop.database.db, {
      name: `Return Tee ${made}`,
      price: 99_900,
      variants: [{ size: "M", stock: 5 }],
    });
    const variantId = tee.variantIds[0] ?? 0;
    const session = await registerAndLogin(shop.app);
    const started = await startCheckout(shop.app, { headers: session.headers }, [
      { productId: tee.id, variantId, quantity },
    ]);
    const phone = `96${String(10_000_000 + made * 7919).slice(-8)}`;
    const form = paymentForm({
      method: options.cod ? "cod" : "upi",
      "contact.email": session.customer.email,
      "contact.phone": phone,
      "shippingAddress.phone": phone,
      "shippingAddress.fullName": options.fails === false ? "Riya Sharma" : `Riya ${sandboxFailDeliveryMarker}`,
    });
    const placed = await payOnPage(shop.app, started.token, form);
    expect(placed.statusCode, placed.body).toBe(303);
    await shop.app.outbox.drain();
    const shopperView = async () =>
      (await shop.app.inject({ method: "GET", url: `/api/orders/${started.orderId}`, headers: session.headers })).json()
        .data;
    return { id: started.orderId, total: started.total, variantId, shopperView };
  }

  const post = (who: StaffSession, url: string, payload?: Record<string, unknown>) =>
    asStaff(shop.app, who, { method: "POST", url, ...(payload === undefined ? {} : { payload }) });
  const detail = async (id: string) =>
    (await asStaff(shop.app, owner, { method: "GET", url: `/api/admin/orders/${id}` })).json().data;
  const auditActions = async (id: string) =>
    (
      await shop.database.db
        .selectFrom("audit_events")
        .select("action")
        .where("entity_id", "=", id)
        .orderBy("id")
        .execute()
    ).map((row) => row.action);
  const reattempt = { date: "2026-11-22", phone: "98765 43210" };

  it("refuses both answers while the parcel is on its way, and the support role gets 403", async () => {
    const order = await shippedOrder();
    clock.advance(4.5 * minute);
    expect((await order.shopperView()).status).toBe("SHIPPED");
    expect((await detail(order.id)).actions).toMatchObject({
      reattempt: false,
      returnToOrigin: false,
      receiveReturn: false,
    });
    for (const url of ["reattempt", "return-to-origin"]) {
      const early = await post(ops, `/api/admin/orders/${order.id}/${url}`, url === "reattempt" ? reattempt : {});
      expect(early.statusCode, early.body).toBe(409);
      expect(early.json().message).toBe(fm.notFailed);
    }
    expect((await post(support, `/api/admin/orders/${order.id}/reattempt`, reattempt)).statusCode).toBe(403);
    expect((await post(support, `/api/admin/orders/${order.id}/return-to-origin`, {})).statusCode).toBe(403);
    expect((await post(support, `/api/admin/orders/${order.id}/receive-return`, { lines: [] })).statusCode).toBe(403);
    expect((await post(ops, "/api/admin/orders/no-such-order/return-to-origin", {})).statusCode).toBe(404);
    const early = await post(ops, `/api/admin/orders/${order.id}/receive-return`, { lines: [] });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(fm.notBack);
  });

  it("re-attempts a failed delivery once, on a day within a week; the courier then delivers", async () => {
    const order = await shippedOrder();
    clock.advance(7.5 * minute);
    expect((await order.shopperView()).status).toBe("SHIPPED");
    expect((await orderRow(shop.database.db, order.id)).courier_status_code).toBe(36);
    expect((await detail(order.id)).actions).toMatchObject({
      reattempt: true,
      returnToOrigin: true,
      receiveReturn: false,
    });

    for (const date of ["2026-11-20", "2026-11-29"]) {
      const refused = await post(ops, `/api/admin/orders/${order.id}/reattempt`, { ...reattempt, date });
      expect(refused.statusCode, date).toBe(400);
      expect(refused.json().fieldErrors.date).toEqual([fm.dateOutOfRange]);
    }
    const badPhone = await post(ops, `/api/admin/orders/${order.id}/reattempt`, { ...reattempt, phone: "12345" });
    expect(badPhone.statusCode).toBe(400);

    const asked = await post(ops, `/api/admin/orders/${order.id}/reattempt`, reattempt);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(fm.reattemptRequested("2026-11-22"));
    expect(await orderRow(shop.database.db, order.id)).toMatchObject({
      ndr_action: "re-attempt",
      reattempt_date: "2026-11-22",
    });
    expect(await auditActions(order.id)).toContain("order.reattempt");
    expect((await detail(order.id)).actions).toMatchObject({ reattempt: false, returnToOrigin: true });
    const again = await post(ops, `/api/admin/orders/${order.id}/reattempt`, reattempt);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(fm.reattemptPending);
    expect((await order.shopperView()).message).toBe(failedDeliveryCustomerText.reattempt("22 Nov 2026"));

    clock.advance(2.5 * minute);
    expect((await order.shopperView()).status).toBe("DELIVERED");
    const late = await post(ops, `/api/admin/orders/${order.id}/return-to-origin`, {});
    expect(late.statusCode).toBe(409);
  });

  it("returns a prepaid parcel to origin, then receives it: checked units restocked, the rest written off, refunded in full, once", async () => {
    const order = await shippedOrder({ quantity: 3 });
    expect(await stockOf(shop.database.db, order.variantId)).toBe(2);
    clock.advance(7.5 * minute);
    await order.shopperView();

    const rto = await post(ops, `/api/admin/orders/${order.id}/return-to-origin`, {});
    expect(rto.statusCode, rto.body).toBe(200);
    expect(rto.json().message).toBe(fm.returnRequested);
    expect((await orderRow(shop.database.db, order.id)).ndr_action).toBe("return");
    const twice = await post(ops, `/api/admin/orders/${order.id}/return-to-origin`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(fm.alreadyReturning);
    expect((await post(ops, `/api/admin/orders/${order.id}/reattempt`, reattempt)).statusCode).toBe(409);
    expect((await order.shopperView()).message).toBe(failedDeliveryCustomerText.returning);

    // On its way back (RTO initiated, in transit): not receivable yet.
    clock.advance(1.5 * minute);
    await order.shopperView();
    const early = await post(ops, `/api/admin/orders/${order.id}/receive-return`, { lines: [] });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(fm.notBack);

    clock.advance(2 * minute);
    expect((await order.shopperView()).status).toBe("SHIPPED");
    expect((await orderRow(shop.database.db, order.id)).courier_status_code).toBe(16);
    const page = await detail(order.id);
    expect(page.actions).toMatchObject({ reattempt: false, returnToOrigin: false, receiveReturn: true });
    const itemId = page.lines[0].id as number;

    const unknownLine = await post(ops, `/api/admin/orders/${order.id}/receive-return`, {
      lines: [{ itemId: 999_999_999, restock: 1 }],
    });
    expect(unknownLine.statusCode).toBe(400);
    const tooMany = await post(ops, `/api/admin/orders/${order.id}/receive-return`, {
      lines: [{ itemId, restock: 4 }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(fm.tooManyUnits(3));

    const received = await post(ops, `/api/admin/orders/${order.id}/receive-return`, {
      lines: [{ itemId, restock: 2 }],
      note: "One tee torn at the seam",
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({
      message: fm.returnReceivedRefunded,
      data: { refunded: order.total, order: { status: "CANCELLED", paymentStatus: "REFUNDED" } },
    });
    expect(await stockOf(shop.database.db, order.variantId)).toBe(4);
    const ledger = await shop.database.db
      .selectFrom("stock_ledger")
      .select(["reason", "change", "note"])
      .where("variant_id", "=", order.variantId)
      .where("order_id", "=", order.id)
      .orderBy("id")
      .execute();
    expect(ledger.filter((row) => ["returned", "damaged"].includes(row.reason))).toEqual([
      { reason: "returned", change: 3, note: "One tee torn at the seam" },
      { reason: "damaged", change: -1, note: "One tee torn at the seam" },
    ]);
    // Every unit the variant ever had is accounted for: 5 opening, 3 sold, 3 back, 1 written off.
    const all = await shop.database.db
      .selectFrom("stock_ledger")
      .select("change")
      .where("variant_id", "=", order.variantId)
      .execute();
    expect(all.reduce((sum, row) => sum + row.change, 0)).toBe(4);

    const row = await orderRow(shop.database.db, order.id);
    expect(row).toMatchObject({
      status: "CANCELLED",
      payment_status: "REFUNDED",
      refunded_amount: order.total,
      returned_at: expect.any(String),
    });
    const refunds = await shop.database.db
      .selectFrom("order_refunds")
      .selectAll()
      .where("order_id", "=", order.id)
      .execute();
    expect(refunds).toMatchObject([{ amount: order.total, method: "gateway", reason: returnRefundReason }]);
    expect(await auditActions(order.id)).toEqual(
      expect.arrayContaining(["order.return_to_origin", "order.refund", "order.return_received"]),
    );

    const again = await post(ops, `/api/admin/orders/${order.id}/receive-return`, { lines: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(fm.alreadyReceived);
    expect(await stockOf(shop.database.db, order.variantId)).toBe(4);
    expect((await detail(order.id)).actions).toMatchObject({ receiveReturn: false, refundable: 0 });

    const view = await order.shopperView();
    expect(view).toMatchObject({
      status: "CANCELLED",
      statusLabel: failedDeliveryCustomerText.returnedLabel,
      refundedAmount: order.total,
    });
    expect([failedDeliveryCustomerText.returnedRefunded, failedDeliveryCustomerText.returnedRefunding]).toContain(
      view.message,
    );
  });

  it("receives a cash-on-delivery return without a refund: nothing was collected", async () => {
    const order = await shippedOrder({ cod: true });
    expect((await orderRow(shop.database.db, order.id)).payment_status).toBe("COD_PENDING");
    clock.advance(7.5 * minute);
    await order.shopperView();
    expect((await post(ops, `/api/admin/orders/${order.id}/return-to-origin`, {})).statusCode).toBe(200);
    clock.advance(3.5 * minute);
    await order.shopperView();
    const received = await post(ops, `/api/admin/orders/${order.id}/receive-return`, {});
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({
      message: fm.returnReceived,
      data: { refunded: 0, order: { status: "CANCELLED", paymentStatus: "CANCELLED" } },
    });
    expect(await stockOf(shop.database.db, order.variantId)).toBe(5);
    const refunds = await shop.database.db
      .selectFrom("order_refunds")
      .select("id")
      .where("order_id", "=", order.id)
      .execute();
    expect(refunds).toEqual([]);
    expect(await auditActions(order.id)).toContain("order.return_received");
    expect(await auditActions(order.id)).not.toContain("order.refund");
    expect((await order.shopperView()).message).toBe(failedDeliveryCustomerText.returnedCod);
    expect((await post(ops, `/api/admin/orders/${order.id}/receive-return`, {})).statusCode).toBe(409);
  });

  it("leaves an ordinary parcel alone: delivered, no failed-delivery action offered", async () => {
    const order = await shippedOrder({ fails: false });
    clock.advance(8 * minute);
    expect((await order.shopperView()).status).toBe("DELIVERED");
    expect((await detail(order.id)).actions).toMatchObject({
      reattempt: false,
      returnToOrigin: false,
      receiveReturn: false,
    });
  });
});
