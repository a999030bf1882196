import { inboxMessages as im } from "@vaki/contract/admin/inbox";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoggedIn, registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { addOk, orderOk, stockOf } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { orderRow, paymentForm, payOnPage, startCheckout } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, nextStep, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";
import { totpCode } from "../staff/totp.js";

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe(`the order inbox's actions: allowed and refused states (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-21T09:00:00.000Z"));
  let owner: StaffSession;
  let ops: StaffSession;
  let support: StaffSession;

  beforeAll(async () => {
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" }, { clock });
    owner = await setUpOwner(shop.app, clock);
    ops = await addStaff(shop.app, clock, "operations");
    support = await addStaff(shop.app, clock, "support");
  });
  afterAll(async () => shop.close());

  /** A customer's order paid by UPI (confirmed; its shipment not created: the outbox waits). */
  async function paidOrder(price = 149_900) {
    const tee = await insertProduct(shop.database.db, {
      name: `Tee ${price}`,
      price,
      variants: [{ size: "M", stock: 5 }],
    });
    const session = await registerAndLogin(shop.app);
    const started = await startCheckout(shop.app, { headers: session.headers }, [
      { productId: tee.id, variantId: tee.variantIds[0] ?? 0, quantity: 1 },
    ]);
    await payOnPage(shop.app, started.token, paymentForm({ method: "upi", "contact.email": session.customer.email }));
    return { id: started.orderId, total: started.total, variantId: tee.variantIds[0] ?? 0, session };
  }

  async function unpaidOrder(): Promise<{ id: string; session: LoggedIn }> {
    const tee = await insertProduct(shop.database.db, { name: "Unpaid tee", price: 99_900, variants: [{ stock: 3 }] });
    const session = await registerAndLogin(shop.app);
    await addOk(shop.app, session, { productId: tee.id, variantId: tee.variantIds[0] ?? 0, quantity: 1 });
    const order = await orderOk(shop.app, session);
    return { id: String(order.id), session };
  }

  const post = (who: StaffSession, url: string, payload?: Record<string, unknown>) =>
    asStaff(shop.app, who, { method: "POST", url, ...(payload === undefined ? {} : { payload }) });
  const detail = async (id: string) =>
    (await asStaff(shop.app, owner, { method: "GET", url: `/api/admin/orders/${id}` })).json().data;
  const auditActions = async (id: string) =>
    (await shop.database.db.selectFrom("audit_events").select("action").where("entity_id", "=", id).execute()).map(
      (row) => row.action,
    );

  it("marks a confirmed order packed once (audited); refuses an unpaid one and a second time; support gets 403", async () => {
    const order = await paidOrder();
    expect((await detail(order.id)).actions).toMatchObject({ pack: true, ship: true, label: false, cancel: true });
    expect((await post(support, `/api/admin/orders/${order.id}/pack`)).statusCode).toBe(403);
    const packed = await post(ops, `/api/admin/orders/${order.id}/pack`);
    expect(packed.statusCode, packed.body).toBe(200);
    expect(packed.json().data.packedAt).toEqual(expect.any(String));
    expect(await auditActions(order.id)).toContain("order.pack");
    const again = await post(ops, `/api/admin/orders/${order.id}/pack`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(im.notPackable);
    const unpaid = await unpaidOrder();
    expect((await post(ops, `/api/admin/orders/${unpaid.id}/pack`)).statusCode).toBe(409);
    expect((await post(ops, "/api/admin/orders/no-such-order/pack")).statusCode).toBe(404);
    expect((await detail(order.id)).actions.pack).toBe(false);
  });

  it("creates the shipment and AWB through fulfilment once; the label is a PDF with the order number and AWB", async () => {
    const order = await paidOrder();
    expect(
      (await asStaff(shop.app, ops, { method: "GET", url: `/api/admin/orders/${order.id}/label` })).statusCode,
    ).toBe(409);
    expect((await post(support, `/api/admin/orders/${order.id}/shipment`)).statusCode).toBe(403);
    const shipped = await post(ops, `/api/admin/orders/${order.id}/shipment`);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const awb = shipped.json().data.awb as string;
    expect(awb).toEqual(expect.any(String));
    expect(shipped.json().data.status).toBe("PROCESSING");
    const again = await post(ops, `/api/admin/orders/${order.id}/shipment`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(im.alreadyHasAwb);
    expect(await auditActions(order.id)).toContain("order.ship");

    const label = await asStaff(shop.app, ops, { method: "GET", url: `/api/admin/orders/${order.id}/label` });
    expect(label.statusCode).toBe(200);
    expect(label.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(label.rawPayload);
    const { order_number } = await orderRow(shop.database.db, order.id);
    expect(text).toContain(order_number);
    expect(text).toContain(awb);
    expect(text).toContain("PREPAID");

    const unpaid = await unpaidOrder();
    expect((await post(ops, `/api/admin/orders/${unpaid.id}/shipment`)).statusCode).toBe(409);
  });

  it("cancels before dispatch through the shopper's cancel path: stock back, refund queued; refuses twice and after dispatch", async () => {
    const order = await paidOrder();
    expect(await stockOf(shop.database.db, order.variantId)).toBe(4);
    expect((await post(support, `/api/admin/orders/${order.id}/cancel`)).statusCode).toBe(403);
    const cancelled = await post(ops, `/api/admin/orders/${order.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: "CANCELLED", paymentStatus: "REFUND_PROCESSING" });
    expect(await stockOf(shop.database.db, order.variantId)).toBe(5);
    await shop.app.outbox.drain();
    expect((await orderRow(shop.database.db, order.id)).payment_status).toBe("REFUNDED");
    expect(await auditActions(order.id)).toContain("order.cancel");
    const again = await post(ops, `/api/admin/orders/${order.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(im.alreadyCancelled);

    const shipped = await paidOrder();
    await shop.database.db.updateTable("orders").set({ status: "SHIPPED" }).where("id", "=", shipped.id).execute();
    const late = await post(ops, `/api/admin/orders/${shipped.id}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(im.notCancellable);
  });

  it("refunds part of a prepaid order through the gateway, never above what is left; support cannot", async () => {
    const order = await paidOrder(149_900);
    const refundOf = (who: StaffSession, payload: Record<string, unknown>) =>
      post(who, `/api/admin/orders/${order.id}/refunds`, payload);
    expect((await refundOf(support, { amount: 10_000, reason: "Late" })).statusCode).toBe(403);
    const part = await refundOf(ops, { amount: 50_000, reason: "Late delivery" });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data).toMatchObject({ refundedAmount: 50_000, paymentStatus: "PARTIALLY_REFUNDED" });
    await shop.app.outbox.drain();
    const after = await detail(order.id);
    expect(after.refunds).toEqual([
      expect.objectContaining({ amount: 50_000, method: "gateway", status: "completed" }),
    ]);
    expect(after.refunds[0].reference).toMatch(/^sbx_rfnd_/);
    expect(after.actions.refundable).toBe(order.total - 50_000);
    expect(await auditActions(order.id)).toContain("order.refund");

    const tooMuch = await refundOf(ops, { amount: order.total - 50_000 + 1, reason: "All of it" });
    expect(tooMuch.statusCode).toBe(400);
    expect((await refundOf(ops, { amount: 0, reason: "Nothing" })).statusCode).toBe(400);
    expect((await refundOf(ops, { amount: 100, reason: "x", method: "upi", reference: "UPI1" })).statusCode).toBe(400);
    const rest = await refundOf(ops, { amount: order.total - 50_000, reason: "The rest" });
    expect(rest.json().data).toMatchObject({ refundedAmount: order.total, paymentStatus: "REFUNDED" });
    const none = await refundOf(ops, { amount: 100, reason: "More" });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(im.notRefundable);

    // What the customer sees: My Orders' answer carries the refunded amount.
    const mine = await shop.app.inject({
      method: "GET",
      url: `/api/orders/${order.id}`,
      headers: order.session.headers,
    });
    expect(mine.json().data.refundedAmount).toBe(order.total);

    const unpaid = await unpaidOrder();
    const nothing = await post(ops, `/api/admin/orders/${unpaid.id}/refunds`, { amount: 100, reason: "x" });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(im.nothingPaid);
  });

  it("asks for step-up above Rs 10,000, and records a COD refund by bank or UPI with its reference", async () => {
    const big = await paidOrder(2_500_000);
    clock.advance(6 * 60_000); // past any step-up the set-up left
    const over = await post(ops, `/api/admin/orders/${big.id}/refunds`, { amount: 1_000_001, reason: "Damaged" });
    expect(over.statusCode).toBe(403);
    expect(over.json().error).toBe("step_up_required");
    expect((await orderRow(shop.database.db, big.id)).refunded_amount).toBe(0);
    nextStep(clock);
    const stepUp = await post(ops, "/api/admin/auth/step-up", {
      password: ops.password,
      code: totpCode(ops.secret, clock.now()),
    });
    expect(stepUp.statusCode, stepUp.body).toBe(200);
    const allowed = await post(ops, `/api/admin/orders/${big.id}/refunds`, { amount: 1_000_001, reason: "Damaged" });
    expect(allowed.statusCode, allowed.body).toBe(200);

    const cod = await paidOrder(89_900);
    await shop.database.db
      .updateTable("orders")
      .set({ status: "DELIVERED", payment_status: "COD_COMPLETED", cod_state: "confirmed" })
      .where("id", "=", cod.id)
      .execute();
    await shop.database.db.deleteFrom("payments").where("order_id", "=", cod.id).execute();
    const viaGateway = await post(ops, `/api/admin/orders/${cod.id}/refunds`, { amount: 10_000, reason: "Size" });
    expect(viaGateway.statusCode).toBe(400);
    expect(viaGateway.json().message).toBe(im.codRefundMethod);
    const noReference = await post(ops, `/api/admin/orders/${cod.id}/refunds`, {
      amount: 10_000,
      reason: "Size",
      method: "upi",
    });
    expect(noReference.statusCode).toBe(400);
    const recorded = await post(ops, `/api/admin/orders/${cod.id}/refunds`, {
      amount: 10_000,
      reason: "Size",
      method: "upi",
      reference: "UPI-4471",
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect((await detail(cod.id)).refunds).toEqual([
      expect.objectContaining({ method: "upi", reference: "UPI-4471", status: "completed" }),
    ]);
  });

  it("gives a shipped (invoiced) order's part refund its GST credit note, once, after the gateway", async () => {
    const order = await paidOrder(199_900);
    expect((await post(ops, `/api/admin/orders/${order.id}/shipment`)).statusCode).toBe(200);
    const refunded = await post(ops, `/api/admin/orders/${order.id}/refunds`, {
      amount: 20_000,
      reason: "Faded print",
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    await shop.app.outbox.drain();
    await shop.app.outbox.drain();
    const documents = await shop.database.db
      .selectFrom("tax_documents")
      .select(["kind", "source_key", "total"])
      .where("order_id", "=", order.id)
      .execute();
    const notes = documents.filter((row) => row.kind === "credit_note");
    expect(notes).toHaveLength(1);
    expect(notes[0]?.source_key).toMatch(/^staff-refund:\d+$/);
  });

  it("resends the confirmation e-mail for a confirmed order (support may); refuses an unpaid one", async () => {
    const order = await paidOrder();
    const sent = await post(support, `/api/admin/orders/${order.id}/resend-confirmation`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await auditActions(order.id)).toContain("order.confirmation_resend");
    const rows = await shop.database.db
      .selectFrom("outbox")
      .select("dedupe_key")
      .where("dedupe_key", "like", `order-confirmed-mail:${order.id}%`)
      .execute();
    expect(rows.length).toBe(2);
    const unpaid = await unpaidOrder();
    expect((await post(support, `/api/admin/orders/${unpaid.id}/resend-confirmation`)).statusCode).toBe(409);
  });

  it("packs a selection in bulk, skipping what cannot be packed, and prints their labels as one PDF", async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    const unpaid = await unpaidOrder();
    const bulk = await post(ops, "/api/admin/orders/bulk/pack", { ids: [first.id, second.id, unpaid.id] });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().data.packed).toEqual([first.id, second.id]);
    expect(bulk.json().data.skipped).toEqual([{ id: unpaid.id, reason: im.notPackable }]);
    expect((await post(ops, "/api/admin/orders/bulk/pack", { ids: [] })).statusCode).toBe(400);

    expect((await post(ops, "/api/admin/orders/bulk/labels", { ids: [first.id] })).statusCode).toBe(409);
    await post(ops, `/api/admin/orders/${first.id}/shipment`);
    await post(ops, `/api/admin/orders/${second.id}/shipment`);
    const labels = await post(ops, "/api/admin/orders/bulk/labels", { ids: [first.id, second.id, unpaid.id] });
    expect(labels.statusCode).toBe(200);
    const text = await pdfText(labels.rawPayload);
    for (const id of [first.id, second.id]) {
      expect(text).toContain((await orderRow(shop.database.db, id)).order_number);
    }
    expect((await post(support, "/api/admin/orders/bulk/labels", { ids: [first.id] })).statusCode).toBe(403);

    // The pickup manifest of the same selection: the two shipped parcels, their AWBs, and totals.
    expect((await post(ops, "/api/admin/orders/bulk/manifest", { ids: [unpaid.id] })).statusCode).toBe(409);
    const manifest = await post(ops, "/api/admin/orders/bulk/manifest", { ids: [first.id, second.id, unpaid.id] });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["content-disposition"]).toBe('attachment; filename="pickup-manifest.pdf"');
    const sheet = await pdfText(manifest.rawPayload);
    expect(sheet).toContain("Pickup manifest");
    for (const id of [first.id, second.id]) {
      const row = await orderRow(shop.database.db, id);
      expect(sheet).toContain(row.order_number);
      const awb = await shop.database.db
        .selectFrom("shipments")
        .select("awb")
        .where("order_id", "=", id)
        .executeTakeFirstOrThrow();
      expect(sheet).toContain(awb.awb!);
    }
    expect(sheet).toMatch(/2 parcels, \d+ pieces; 0 cash on delivery/);
    expect(sheet).toContain("Received by");
    expect((await post(support, "/api/admin/orders/bulk/manifest", { ids: [first.id] })).statusCode).toBe(403);
  });
});
