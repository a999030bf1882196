import { codFieldMessages } from "@vaki/contract/admin/cod";
import { codMessages } from "@vaki/contract/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { holdsOf, newGuest } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import {
  orderRow,
  outboxRows,
  paymentForm,
  paymentsOf,
  payOnPage,
  startCheckout,
  submitPaymentPage,
} from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";

const unknownId = "00000000-0000-4000-8000-000000000000";

/** A COD order of `quantity` tees at Rs. 999 placed with a verified phone; over Rs. 3,000 it waits for a person. */
async function codOrder(shop: TestShop, name: string, quantity: number, phone: string) {
  const tee = await insertProduct(shop.database.db, { name, price: 99_900, variants: [{ size: "M", stock: 20 }] });
  const started = await startCheckout(shop.app, newGuest(), [
    { productId: tee.id, variantId: tee.variantIds[0]!, quantity },
  ]);
  const form = paymentForm({ method: "cod", "contact.phone": phone, "shippingAddress.phone": phone });
  const placed = await payOnPage(shop.app, started.token, form);
  if (placed.statusCode !== 303) throw new Error(`COD page answered ${placed.statusCode}: ${placed.body}`);
  return { ...started, variantId: tee.variantIds[0]! };
}

async function auditActions(shop: TestShop, owner: StaffSession, entityId: string): Promise<string[]> {
  const response = await asStaff(shop.app, owner, { method: "GET", url: `/api/admin/audit?entityId=${entityId}` });
  expect(response.statusCode).toBe(200);
  return response.json().data.items.map((item: { action: string }) => item.action);
}

describe(`the admin's COD to confirm and COD blocks (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;
  let owner: StaffSession;
  let operations: StaffSession;
  let support: StaffSession;
  let catalogue: StaffSession;

  beforeAll(async () => {
    clock = new ManualClock(new Date());
    shop = await createTestShop(
      {
        HOLD_SWEEP_INTERVAL_MS: "0",
        OUTBOX_INTERVAL_MS: "0",
        COD_MAX_OPEN_ORDERS: "50",
        COD_MAX_UNITS_PER_DAY: "500",
      },
      { clock },
    );
    owner = await setUpOwner(shop.app, clock);
    operations = await addStaff(shop.app, clock, "operations");
    support = await addStaff(shop.app, clock, "support");
    catalogue = await addStaff(shop.app, clock, "catalogue");
  });
  afterAll(async () => shop.close());

  it("lists the COD orders waiting, with the phone and whether it was verified, to those who may read orders", async () => {
    const waiting = await codOrder(shop, "List Tee", 4, "97000 33333");
    const small = await codOrder(shop, "Small Tee", 1, "97000 44444");

    expect((await shop.app.inject({ method: "GET", url: "/api/admin/cod/orders" })).statusCode).toBe(401);
    const refused = await asStaff(shop.app, catalogue, { method: "GET", url: "/api/admin/cod/orders" });
    expect(refused.statusCode).toBe(403);

    const listed = await asStaff(shop.app, support, { method: "GET", url: "/api/admin/cod/orders" });
    expect(listed.statusCode).toBe(200);
    const ids = listed.json().data.items.map((item: { id: string }) => item.id);
    expect(ids).toContain(waiting.orderId);
    // Verified and under the limit: confirmed at once, so not waiting.
    expect(ids).not.toContain(small.orderId);
    expect(listed.json().data.items.find((item: { id: string }) => item.id === waiting.orderId)).toMatchObject({
      phone: "+919700033333",
      phoneVerified: true,
      total: waiting.total,
      itemCount: 4,
      email: expect.any(String),
    });
  });

  it("confirms one through the COD service: stock sold, shipment booked, audited; twice is 409", async () => {
    const order = await codOrder(shop, "Confirm Tee", 4, "97000 55555");
    const url = `/api/admin/cod/orders/${order.orderId}/confirm`;

    expect((await asStaff(shop.app, support, { method: "POST", url })).statusCode).toBe(403);
    expect(
      (await asStaff(shop.app, operations, { method: "POST", url: url.replace(order.orderId, unknownId) })).statusCode,
    ).toBe(404);
    // Writes need the session's CSRF token.
    expect((await asStaff(shop.app, { ...operations, csrfToken: "wrong" }, { method: "POST", url })).statusCode).toBe(
      403,
    );

    const confirmed = await asStaff(shop.app, operations, { method: "POST", url });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: codMessages.codConfirmed,
      data: { id: order.orderId, status: "CONFIRMED", paymentStatus: "COD_PENDING" },
    });
    expect(await orderRow(shop.database.db, order.orderId)).toMatchObject({
      cod_state: "confirmed",
      cod_confirmed_by: operations.email,
    });
    expect(await outboxRows(shop.database.db, `create-shipment:${order.orderId}`)).toHaveLength(1);
    expect(await holdsOf(shop.database.db, order.variantId)).toMatchObject({ HELD: 0, SOLD: 4 });
    expect(await auditActions(shop, owner, order.orderId)).toEqual(["order.cod_confirm"]);

    const again = await asStaff(shop.app, operations, { method: "POST", url });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(codMessages.notToConfirm);
    // A confirmed order is not cancelled from this list.
    const cancel = await asStaff(shop.app, operations, { method: "POST", url: url.replace("/confirm", "/cancel") });
    expect(cancel.statusCode).toBe(409);
  });

  it("cancels one the shop will not send: stock back on sale, no shipment, the shopper told, audited", async () => {
    const order = await codOrder(shop, "Refuse Tee", 5, "97000 66666");
    const url = `/api/admin/cod/orders/${order.orderId}/cancel`;
    expect((await asStaff(shop.app, catalogue, { method: "POST", url })).statusCode).toBe(403);
    expect(
      (await asStaff(shop.app, operations, { method: "POST", url: url.replace(order.orderId, unknownId) })).statusCode,
    ).toBe(404);

    const cancelled = await asStaff(shop.app, owner, { method: "POST", url });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: "CANCELLED", paymentStatus: "CANCELLED" });
    expect(await holdsOf(shop.database.db, order.variantId)).toMatchObject({ HELD: 0, SOLD: 0 });
    expect(await outboxRows(shop.database.db, `create-shipment:${order.orderId}`)).toHaveLength(0);
    expect(await outboxRows(shop.database.db, `order-cancelled-mail:${order.orderId}`)).toHaveLength(1);
    expect(await auditActions(shop, owner, order.orderId)).toEqual(["order.cod_cancel"]);

    const listed = await asStaff(shop.app, operations, { method: "GET", url: "/api/admin/cod/orders" });
    expect(listed.json().data.items.map((item: { id: string }) => item.id)).not.toContain(order.orderId);
    expect((await asStaff(shop.app, operations, { method: "POST", url })).statusCode).toBe(409);
    const confirm = url.replace("/cancel", "/confirm");
    expect((await asStaff(shop.app, operations, { method: "POST", url: confirm })).statusCode).toBe(409);
  });

  it("blocks and unblocks a phone or a pincode with a reason, audited; bad input is 400 with field errors", async () => {
    const url = "/api/admin/cod/blocks";
    expect((await asStaff(shop.app, support, { method: "GET", url })).statusCode).toBe(403);
    expect(
      (await asStaff(shop.app, support, { method: "POST", url, payload: { kind: "phone", value: "9600012345" } }))
        .statusCode,
    ).toBe(403);

    const badPhone = await asStaff(shop.app, operations, {
      method: "POST",
      url,
      payload: { kind: "phone", value: "12345" },
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().fieldErrors.value).toEqual([codFieldMessages.phone]);
    const badPincode = await asStaff(shop.app, operations, {
      method: "POST",
      url,
      payload: { kind: "pincode", value: "0110" },
    });
    expect(badPincode.json().fieldErrors.value).toEqual([codFieldMessages.pincode]);
    const badKind = await asStaff(shop.app, operations, {
      method: "POST",
      url,
      payload: { kind: "email", value: "x" },
    });
    expect(badKind.statusCode).toBe(400);

    const added = await asStaff(shop.app, operations, {
      method: "POST",
      url,
      payload: { kind: "phone", value: "96000 12345", reason: "Returned to origin twice" },
    });
    expect(added.statusCode).toBe(201);
    const block = added.json().data;
    expect(block).toMatchObject({ kind: "phone", value: "+919600012345", reason: "Returned to origin twice" });
    const repeated = await asStaff(shop.app, operations, {
      method: "POST",
      url,
      payload: { kind: "phone", value: "+91 96000-12345" },
    });
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json().data.id).toBe(block.id);
    const pincode = await asStaff(shop.app, owner, {
      method: "POST",
      url,
      payload: { kind: "pincode", value: "110001" },
    });
    expect(pincode.statusCode).toBe(201);

    const listed = await asStaff(shop.app, operations, { method: "GET", url });
    expect(
      listed
        .json()
        .data.items.map((item: { value: string }) => item.value)
        .sort(),
    ).toEqual(["+919600012345", "110001"]);
    // The block holds at the hosted page: no code is texted, prepaid is offered.
    const tee = await insertProduct(shop.database.db, { name: "Blocked Tee", variants: [{ size: "M", stock: 5 }] });
    const started = await startCheckout(shop.app, newGuest(), [{ productId: tee.id, variantId: tee.variantIds[0]! }]);
    const refused = await submitPaymentPage(
      shop.app,
      started.token,
      paymentForm({ method: "cod", "contact.phone": "9600012345", "shippingAddress.phone": "9600012345" }),
    );
    expect(refused.body).toContain("Cash on delivery is not available for this phone number or pincode.");

    const removed = await asStaff(shop.app, operations, { method: "DELETE", url: `${url}/${block.id}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(codMessages.blockRemoved);
    expect((await asStaff(shop.app, operations, { method: "DELETE", url: `${url}/${block.id}` })).statusCode).toBe(404);
    expect(await auditActions(shop, owner, block.id)).toEqual(["cod.block_remove", "cod.block_add"]);
    const after = await asStaff(shop.app, operations, { method: "GET", url });
    expect(after.json().data.items.map((item: { value: string }) => item.value)).toEqual(["110001"]);
  });
});

describe(`the admin's payments kept after an amount mismatch (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;
  let owner: StaffSession;
  let operations: StaffSession;
  let support: StaffSession;

  /** A purchase whose gateway reports 100 paise for the order's total (the sandbox checkout tampered with). */
  async function mismatchedPayment(name: string) {
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
    await shop.app.outbox.drain();
    return started;
  }

  beforeAll(async () => {
    clock = new ManualClock(new Date());
    shop = await createTestShop(
      { HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0", MISMATCHED_PAYMENT: "keep" },
      { clock },
    );
    owner = await setUpOwner(shop.app, clock);
    operations = await addStaff(shop.app, clock, "operations");
    support = await addStaff(shop.app, clock, "support");
  });
  afterAll(async () => shop.close());

  it("lists them to those who may refund, and refunds or keeps one once, audited", async () => {
    const toRefund = await mismatchedPayment("Mismatch Tee A");
    const toKeep = await mismatchedPayment("Mismatch Tee B");
    const url = "/api/admin/payments/review";
    expect((await asStaff(shop.app, support, { method: "GET", url })).statusCode).toBe(403);
    const listed = await asStaff(shop.app, operations, { method: "GET", url });
    expect(listed.statusCode).toBe(200);
    const items = listed.json().data.items as { paymentId: string; orderId: string }[];
    expect(items.map((item) => item.orderId).sort()).toEqual([toRefund.orderId, toKeep.orderId].sort());
    expect(items[0]).toMatchObject({ orderAmount: 99_900, gatewayAmount: 100 });

    const [refundPayment] = await paymentsOf(shop.database.db, toRefund.orderId);
    const resolveUrl = `${url}/${refundPayment!.id}/resolve`;
    expect(
      (await asStaff(shop.app, support, { method: "POST", url: resolveUrl, payload: { decision: "refund" } }))
        .statusCode,
    ).toBe(403);
    const bad = await asStaff(shop.app, operations, {
      method: "POST",
      url: resolveUrl,
      payload: { decision: "later" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.decision).toBeDefined();
    const unknown = await asStaff(shop.app, operations, {
      method: "POST",
      url: `${url}/${unknownId}/resolve`,
      payload: { decision: "refund" },
    });
    expect(unknown.statusCode).toBe(404);

    const refunded = await asStaff(shop.app, operations, {
      method: "POST",
      url: resolveUrl,
      payload: { decision: "refund" },
    });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().message).toBe(codMessages.paymentRefunded);
    expect((await paymentsOf(shop.database.db, toRefund.orderId))[0]).toMatchObject({
      review_outcome: "refunded",
      status: "REFUNDED",
    });
    expect(await auditActions(shop, owner, toRefund.orderId)).toEqual(["payment.review_refund"]);
    const twice = await asStaff(shop.app, operations, {
      method: "POST",
      url: resolveUrl,
      payload: { decision: "keep" },
    });
    expect(twice.statusCode).toBe(409);

    const [keepPayment] = await paymentsOf(shop.database.db, toKeep.orderId);
    const kept = await asStaff(shop.app, owner, {
      method: "POST",
      url: `${url}/${keepPayment!.id}/resolve`,
      payload: { decision: "keep" },
    });
    expect(kept.statusCode).toBe(200);
    expect((await paymentsOf(shop.database.db, toKeep.orderId))[0]).toMatchObject({ review_outcome: "kept" });
    expect(await auditActions(shop, owner, toKeep.orderId)).toEqual(["payment.review_keep"]);
    expect((await asStaff(shop.app, operations, { method: "GET", url })).json().data.items).toEqual([]);
  });
});
