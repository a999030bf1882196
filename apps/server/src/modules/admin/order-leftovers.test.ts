import { inboxMessages as im } from "@vaki/contract/admin/inbox";
import { orderAddressMessages as am } from "@vaki/contract/admin/order-addresses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { addOk, orderOk } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { orderRow, paymentForm, payOnPage, startCheckout } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";
import { deliveryAddressKey } from "../cod/service.js";

const bengaluru = {
  fullName: "Asha Rao",
  line1: "12, 4th Cross, Indiranagar",
  line2: "",
  city: "Bengaluru",
  state: "Karnataka",
  pincode: "560038",
  country: "India",
  phone: "9876501234",
};

describe(`the order page's last actions: addresses, bulk shipments, refund by line (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-26T09:00:00.000Z"));
  let owner: StaffSession;
  let ops: StaffSession;
  let support: StaffSession;

  beforeAll(async () => {
    shop = await createTestShop(
      { HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0", SHOP_STATE: "Karnataka" },
      { clock },
    );
    owner = await setUpOwner(shop.app, clock);
    ops = await addStaff(shop.app, clock, "operations");
    support = await addStaff(shop.app, clock, "support");
  });
  afterAll(async () => shop.close());

  /** A customer's order paid by UPI, delivered to Noida (Uttar Pradesh): inter-state from Karnataka. */
  async function paidOrder(lines: { price: number; quantity: number }[] = [{ price: 149_900, quantity: 1 }]) {
    const picked: { productId: number; variantId: number; quantity: number }[] = [];
    for (const [index, line] of lines.entries()) {
      const tee = await insertProduct(shop.database.db, {
        name: `Tee ${index} ${Math.random()}`,
        price: line.price,
        variants: [{ size: "M", stock: 10 }],
      });
      picked.push({ productId: tee.id, variantId: tee.variantIds[0] ?? 0, quantity: line.quantity });
    }
    const session = await registerAndLogin(shop.app);
    const started = await startCheckout(shop.app, { headers: session.headers }, picked);
    await payOnPage(shop.app, started.token, paymentForm({ method: "upi", "contact.email": session.customer.email }));
    const items = await shop.database.db
      .selectFrom("order_items")
      .select(["id", "quantity", "taxable_value", "tax_amount", "line_total"])
      .where("order_id", "=", started.orderId)
      .orderBy("id")
      .execute();
    return { id: started.orderId, total: started.total, items };
  }

  async function unpaidOrder(): Promise<string> {
    const tee = await insertProduct(shop.database.db, { name: "Unpaid tee", price: 99_900, variants: [{ stock: 3 }] });
    const session = await registerAndLogin(shop.app);
    await addOk(shop.app, session, { productId: tee.id, variantId: tee.variantIds[0] ?? 0, quantity: 1 });
    return String((await orderOk(shop.app, session)).id);
  }

  const send = (who: StaffSession, method: "POST" | "PUT", url: string, payload?: Record<string, unknown>) =>
    asStaff(shop.app, who, { method, url, ...(payload === undefined ? {} : { payload }) });
  const detail = async (id: string) =>
    (await asStaff(shop.app, owner, { method: "GET", url: `/api/admin/orders/${id}` })).json().data;
  const auditOf = async (id: string, action: string) =>
    (
      await shop.database.db
        .selectFrom("audit_events")
        .select("changes")
        .where("entity_id", "=", id)
        .where("action", "=", action)
        .orderBy("id")
        .execute()
    ).map((row) => JSON.parse(row.changes));

  describe("PUT /orders/:id/addresses", () => {
    it("edits the shipping address before a shipment (audited), and the invoice then follows the new state", async () => {
      const order = await paidOrder();
      expect((await detail(order.id)).actions.editAddresses).toBe(true);
      const url = `/api/admin/orders/${order.id}/addresses`;
      expect((await send(support, "PUT", url, { shipping: bengaluru })).statusCode).toBe(403);

      const wrong = await send(ops, "PUT", url, { shipping: { ...bengaluru, pincode: "12" } });
      expect(wrong.statusCode).toBe(400);
      expect(Object.keys(wrong.json().fieldErrors)).toContain("shipping.pincode");
      expect((await send(ops, "PUT", url, {})).statusCode).toBe(400);

      const saved = await send(ops, "PUT", url, { shipping: bengaluru });
      expect(saved.statusCode, saved.body).toBe(200);
      const stored = JSON.parse((await orderRow(shop.database.db, order.id)).shipping_address ?? "null");
      expect(stored).toMatchObject({ city: "Bengaluru", state: "Karnataka", pincode: "560038" });
      // The inbox's name search follows the new delivery name and city.
      const found = await asStaff(shop.app, support, { method: "GET", url: "/api/admin/orders?q=asha%20bengal" });
      expect(found.json().data.items.map((o: { id: string }) => o.id)).toContain(order.id);
      const [audit] = await auditOf(order.id, "order.addresses_edit");
      expect(audit.shippingAddress.before).toMatchObject({ state: "Uttar Pradesh" });
      expect(audit.shippingAddress.after).toMatchObject({ state: "Karnataka" });
      expect(audit.billingAddress).toBeUndefined();

      // Uttar Pradesh was inter-state; Karnataka is the shop's own: the invoice (issued with the AWB) says CGST + SGST.
      expect((await send(ops, "POST", `/api/admin/orders/${order.id}/shipment`)).statusCode).toBe(200);
      const invoice = await shop.database.db
        .selectFrom("tax_documents")
        .select("document")
        .where("order_id", "=", order.id)
        .where("kind", "=", "invoice")
        .executeTakeFirstOrThrow();
      const content = JSON.parse(invoice.document);
      expect(content.supply).toBe("intra");
      expect(content.placeOfSupply).toBe("Karnataka");
      expect(content.totals.igst).toBe(0);
      expect(content.totals.cgst + content.totals.sgst).toBe(content.totals.tax);

      // Once a shipment exists, no more edits.
      const late = await send(ops, "PUT", url, { billing: bengaluru });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(am.notEditable);
      expect((await detail(order.id)).actions.editAddresses).toBe(false);
    });

    it("moves a COD order's address key with its parcel, and leaves other orders' keys alone", async () => {
      const cod = await paidOrder();
      const other = await paidOrder();
      // What the COD attempt recorded for the first delivery address (the open-COD limits count on it).
      await shop.database.db
        .updateTable("orders")
        .set({ cod_address_key: "before" })
        .where("id", "=", cod.id)
        .execute();
      expect(
        (await send(ops, "PUT", `/api/admin/orders/${cod.id}/addresses`, { shipping: bengaluru })).statusCode,
      ).toBe(200);
      expect(
        (await send(ops, "PUT", `/api/admin/orders/${other.id}/addresses`, { shipping: bengaluru })).statusCode,
      ).toBe(200);
      expect((await orderRow(shop.database.db, cod.id)).cod_address_key).toBe(deliveryAddressKey(bengaluru));
      expect((await orderRow(shop.database.db, other.id)).cod_address_key).toBeNull();
    });

    it("never ships to an old address when an edit and the shipment race (the courier's pincode is the order's)", async () => {
      const orders = await Promise.all(Array.from({ length: 8 }, () => paidOrder()));
      const answers = await Promise.all(
        orders.flatMap((order) => [
          send(ops, "POST", `/api/admin/orders/${order.id}/shipment`),
          send(ops, "PUT", `/api/admin/orders/${order.id}/addresses`, { shipping: bengaluru }),
        ]),
      );
      for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
      for (const order of orders) {
        const stored = JSON.parse((await orderRow(shop.database.db, order.id)).shipping_address ?? "null");
        const parcel = await shop.database.db
          .selectFrom("sandbox_shipments")
          .select("destination_pincode")
          .where("order_id", "=", order.id)
          .executeTakeFirstOrThrow();
        expect(parcel.destination_pincode).toBe(stored.pincode);
      }
    });

    it("edits the billing address alone; refuses a move abroad, a cancelled order and a delivered one", async () => {
      const order = await paidOrder();
      const url = `/api/admin/orders/${order.id}/addresses`;
      const billing = await send(owner, "PUT", url, { billing: { ...bengaluru, fullName: "Asha Rao (billing)" } });
      expect(billing.statusCode, billing.body).toBe(200);
      const row = await orderRow(shop.database.db, order.id);
      expect(JSON.parse(row.billing_address ?? "null")).toMatchObject({ fullName: "Asha Rao (billing)" });
      expect(JSON.parse(row.shipping_address ?? "null")).toMatchObject({ state: "Uttar Pradesh" });

      const abroad = await send(ops, "PUT", url, {
        shipping: {
          fullName: "Riya Sharma",
          line1: "221B Baker Street",
          line2: "",
          city: "London",
          state: "Greater London",
          pincode: "NW1 6XE",
          country: "United Kingdom",
          phone: "+44 20 7946 0958",
        },
      });
      expect(abroad.statusCode, abroad.body).toBe(409);
      expect(abroad.json().message).toBe(am.countryChange);

      const delivered = await paidOrder();
      await shop.database.db
        .updateTable("orders")
        .set({ status: "DELIVERED" })
        .where("id", "=", delivered.id)
        .execute();
      const refused = await send(ops, "PUT", `/api/admin/orders/${delivered.id}/addresses`, { shipping: bengaluru });
      expect(refused.statusCode).toBe(409);

      const cancelled = await paidOrder();
      expect((await send(ops, "POST", `/api/admin/orders/${cancelled.id}/cancel`)).statusCode).toBe(200);
      expect(
        (await send(ops, "PUT", `/api/admin/orders/${cancelled.id}/addresses`, { shipping: bengaluru })).statusCode,
      ).toBe(409);
      expect(
        (await send(ops, "PUT", "/api/admin/orders/no-such-order/addresses", { shipping: bengaluru })).statusCode,
      ).toBe(404);
    });
  });

  describe("POST /orders/bulk/shipments", () => {
    it("creates each allowed order's shipment (each audited) and lists the others with why; support gets 403", async () => {
      const first = await paidOrder();
      const second = await paidOrder();
      const unpaid = await unpaidOrder();
      expect((await send(support, "POST", "/api/admin/orders/bulk/shipments", { ids: [first.id] })).statusCode).toBe(
        403,
      );
      expect((await send(ops, "POST", "/api/admin/orders/bulk/shipments", { ids: [] })).statusCode).toBe(400);
      expect((await send(ops, "POST", `/api/admin/orders/${second.id}/shipment`)).statusCode).toBe(200);

      const bulk = await send(ops, "POST", "/api/admin/orders/bulk/shipments", {
        ids: [first.id, second.id, unpaid, first.id, "no-such-order"],
      });
      expect(bulk.statusCode, bulk.body).toBe(200);
      expect(bulk.json().message).toBe(im.bulkShipments(1));
      expect(bulk.json().data.created).toEqual([first.id]);
      expect(bulk.json().data.skipped).toEqual([
        { id: second.id, reason: im.alreadyHasAwb },
        { id: unpaid, reason: im.notShippable },
        { id: "no-such-order", reason: expect.any(String) },
      ]);
      const shipment = await shop.database.db
        .selectFrom("shipments")
        .select("awb")
        .where("order_id", "=", first.id)
        .executeTakeFirstOrThrow();
      expect(shipment.awb).toEqual(expect.any(String));
      const [audit] = await auditOf(first.id, "order.ship");
      expect(audit.awb.after).toBe(shipment.awb);
    });
  });

  describe("POST /orders/:id/refunds by line", () => {
    it("computes the amount from each line's paid value, keeps per-line quantities, refuses a line twice", async () => {
      const order = await paidOrder([
        { price: 129_900, quantity: 2 },
        { price: 99_900, quantity: 1 },
      ]);
      const [two, one] = order.items;
      if (!two || !one) throw new Error("two lines expected");
      const paidOf = (item: typeof two) => (item.taxable_value ?? 0) + (item.tax_amount ?? 0);
      const url = `/api/admin/orders/${order.id}/refunds`;
      const before = await detail(order.id);
      expect(before.actions.refundLines).toEqual([
        { orderItemId: two.id, quantity: 2, paidPerUnit: Math.round(paidOf(two) / 2) },
        { orderItemId: one.id, quantity: 1, paidPerUnit: paidOf(one) },
      ]);

      expect(
        (await send(support, "POST", url, { lines: [{ orderItemId: two.id, quantity: 1 }], reason: "Torn" }))
          .statusCode,
      ).toBe(403);
      const unknown = await send(ops, "POST", url, { lines: [{ orderItemId: 999_999, quantity: 1 }], reason: "x" });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fieldErrors).toHaveProperty(["lines.0.orderItemId"]);
      const both = await send(ops, "POST", url, {
        amount: 100,
        lines: [{ orderItemId: two.id, quantity: 1 }],
        reason: "x",
      });
      expect(both.statusCode).toBe(400);

      const first = await send(ops, "POST", url, {
        lines: [{ orderItemId: two.id, quantity: 1 }],
        reason: "Torn seam",
      });
      expect(first.statusCode, first.body).toBe(200);
      const firstAmount = Math.round(paidOf(two) / 2);
      expect(first.json().data).toMatchObject({ refundedAmount: firstAmount, paymentStatus: "PARTIALLY_REFUNDED" });

      const tooMany = await send(ops, "POST", url, { lines: [{ orderItemId: two.id, quantity: 2 }], reason: "x" });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().fieldErrors["lines.0.quantity"]).toEqual([im.refundLineTooMany(1)]);

      // The line's last unit takes what is left of it: the two refunds add up to what the line paid.
      const rest = await send(ops, "POST", url, {
        lines: [
          { orderItemId: two.id, quantity: 1 },
          { orderItemId: one.id, quantity: 1 },
        ],
        reason: "Wrong parcel",
      });
      expect(rest.statusCode, rest.body).toBe(200);
      expect(rest.json().data.refundedAmount).toBe(paidOf(two) + paidOf(one));

      const lines = await shop.database.db
        .selectFrom("order_refund_lines")
        .innerJoin("order_refunds", "order_refunds.id", "order_refund_lines.refund_id")
        .select(["order_refund_lines.order_item_id", "order_refund_lines.quantity", "order_refund_lines.amount"])
        .where("order_refunds.order_id", "=", order.id)
        .orderBy("order_refund_lines.id")
        .execute();
      expect(lines).toEqual([
        { order_item_id: two.id, quantity: 1, amount: firstAmount },
        { order_item_id: two.id, quantity: 1, amount: paidOf(two) - firstAmount },
        { order_item_id: one.id, quantity: 1, amount: paidOf(one) },
      ]);
      // Nothing of the line is left: refused (409 once the whole payment is back, else 400 for the line).
      const again = await send(ops, "POST", url, { lines: [{ orderItemId: one.id, quantity: 1 }], reason: "x" });
      expect(again.statusCode).toBe(order.total === paidOf(two) + paidOf(one) ? 409 : 400);
      const audits = await auditOf(order.id, "order.refund");
      expect(audits.at(-1).refund.after.lines).toEqual([
        { orderItemId: two.id, quantity: 1 },
        { orderItemId: one.id, quantity: 1 },
      ]);
    });

    it("caps a refund by line at what remains refundable after a refund by amount", async () => {
      const order = await paidOrder([{ price: 149_900, quantity: 1 }]);
      const [line] = order.items;
      if (!line) throw new Error("one line expected");
      const url = `/api/admin/orders/${order.id}/refunds`;
      expect((await send(ops, "POST", url, { amount: 100_000, reason: "Goodwill" })).statusCode).toBe(200);
      const capped = await send(ops, "POST", url, { lines: [{ orderItemId: line.id, quantity: 1 }], reason: "Return" });
      expect(capped.statusCode, capped.body).toBe(200);
      expect(capped.json().data).toMatchObject({ refundedAmount: order.total, paymentStatus: "REFUNDED" });
      const stored = await shop.database.db
        .selectFrom("order_refunds")
        .select("amount")
        .where("order_id", "=", order.id)
        .orderBy("id")
        .execute();
      expect(stored.map((row) => row.amount)).toEqual([100_000, order.total - 100_000]);
    });

    it("gives a shipped order's refund by line its credit note for that amount", async () => {
      const order = await paidOrder([{ price: 129_900, quantity: 2 }]);
      const [line] = order.items;
      if (!line) throw new Error("one line expected");
      expect((await send(ops, "POST", `/api/admin/orders/${order.id}/shipment`)).statusCode).toBe(200);
      const refunded = await send(ops, "POST", `/api/admin/orders/${order.id}/refunds`, {
        lines: [{ orderItemId: line.id, quantity: 1 }],
        reason: "Faded print",
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      await shop.app.outbox.drain();
      await shop.app.outbox.drain();
      const notes = await shop.database.db
        .selectFrom("tax_documents")
        .select(["total", "document"])
        .where("order_id", "=", order.id)
        .where("kind", "=", "credit_note")
        .execute();
      expect(notes).toHaveLength(1);
      expect(notes[0]?.total).toBe(refunded.json().data.refundedAmount);
      expect(JSON.parse(notes[0]?.document ?? "{}").lines[0].quantity).toBe(1);
    });
  });
});
