import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { addOk, newGuest, orderOk } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { guestQuery, paymentForm, startCheckout, submitPaymentPage } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";

async function pdfText(file: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(file));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe(`GST invoices (${testEngine})`, () => {
  let shop: TestShop;
  const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));

  beforeAll(async () => {
    shop = await createTestShop(
      {
        HOLD_SWEEP_INTERVAL_MS: "0",
        OUTBOX_INTERVAL_MS: "0",
        SHOP_GSTIN: "29ABCDE1234F1Z5",
        SHOP_STATE: "Karnataka",
      },
      { clock },
    );
  });
  afterAll(async () => shop.close());

  const tee = (price = 129_900) =>
    insertProduct(shop.database.db, { name: `Tee ${Math.random()}`, price, variants: [{ size: "M", stock: 200 }] });

  it("issues the invoice with the AWB, with its tax stored on the lines, and the owner downloads it", async () => {
    const product = await tee();
    const guest = newGuest();
    const started = await startCheckout(shop.app, guest, [
      { productId: product.id, variantId: product.variantIds[0]!, quantity: 2 },
    ]);
    const lines = await shop.database.db
      .selectFrom("order_items")
      .select(["hsn_code", "tax_rate_bp", "taxable_value", "tax_amount", "line_total"])
      .where("order_id", "=", started.orderId)
      .execute();
    expect(lines).toEqual([
      { hsn_code: "6109", tax_rate_bp: 500, taxable_value: 247_429, tax_amount: 12_371, line_total: 259_800 },
    ]);
    await submitPaymentPage(shop.app, started.token, paymentForm());
    await shop.app.outbox.drain();

    const access = guestQuery(guest.guestSessionId, started.orderSecret);
    const listed = await shop.app.inject({
      method: "GET",
      url: `/api/orders/${started.orderId}/tax-documents?${access}`,
    });
    expect(listed.statusCode).toBe(200);
    const [invoice] = listed.json().data.documents;
    expect(invoice).toMatchObject({ kind: "invoice", number: "VK/26-27/000001", total: 259_800, taxAmount: 12_371 });
    expect(invoice.number.length).toBeLessThanOrEqual(16);

    const pdf = await shop.app.inject({ method: "GET", url: `/api/orders/${started.orderId}/invoice.pdf?${access}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      "TAX INVOICE",
      "VK/26-27/000001",
      "29ABCDE1234F1Z5",
      "Vaki Apparel Private Limited",
      "Riya Sharma",
      "Uttar Pradesh",
      "6109",
      "5%",
      "₹2,474.29",
      "₹123.71",
      "₹2,598.00",
      "reverse charge",
      "Authorised signatory",
    ]) {
      expect(text).toContain(expected);
    }
    // Uttar Pradesh from Karnataka: IGST, no CGST column.
    expect(text).toContain("IGST");
    expect(text).not.toContain("CGST");

    // Someone else's request finds nothing.
    const stranger = await shop.app.inject({
      method: "GET",
      url: `/api/orders/${started.orderId}/invoice.pdf?guestSessionId=${newGuest().guestSessionId}`,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it("gives 50 concurrent dispatches 50 numbers with no duplicate and no gap, rolled-back ones given back", async () => {
    const product = await tee(99_900);
    const orderIds: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const guest = newGuest();
      await addOk(shop.app, guest, { productId: product.id, variantId: product.variantIds[0]! });
      orderIds.push((await orderOk(shop.app, guest)).id);
    }
    const { db } = shop.database;
    const before = await db.selectFrom("tax_documents").select("sequence").where("kind", "=", "invoice").execute();
    const failure = new Error("the AWB's transaction failed after the number was taken");
    // Every 10th dispatch fails after taking its number: its transaction rolls back, number and all.
    const outcomes = await Promise.allSettled(
      orderIds.map((orderId, index) =>
        db.transaction().execute(async (trx) => {
          const invoice = await shop.app.invoices.issueInvoice(trx, orderId);
          if (index % 10 === 9) throw failure;
          return invoice;
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === "rejected").map((outcome) => outcome.reason)).toEqual(
      Array(5).fill(failure),
    );
    const retried = await Promise.all(
      orderIds
        .filter((_id, index) => index % 10 === 9)
        .map((orderId) => db.transaction().execute((trx) => shop.app.invoices.issueInvoice(trx, orderId))),
    );
    expect(retried).toHaveLength(5);
    const rows = await db
      .selectFrom("tax_documents")
      .select(["sequence", "number", "order_id"])
      .where("kind", "=", "invoice")
      .orderBy("sequence")
      .execute();
    const fresh = rows.slice(before.length);
    expect(fresh.map((row) => row.sequence)).toEqual(Array.from({ length: 50 }, (_v, i) => before.length + i + 1));
    expect(new Set(rows.map((row) => row.number)).size).toBe(rows.length);
    expect(new Set(fresh.map((row) => row.order_id))).toEqual(new Set(orderIds));
    // Issuing again answers the same invoice.
    const again = await db.transaction().execute((trx) => shop.app.invoices.issueInvoice(trx, orderIds[0]!));
    expect(again.number).toBe(fresh.find((row) => row.order_id === orderIds[0])?.number);
  });

  it("issues a credit note of its own series for a refund, and none for an order never invoiced", async () => {
    const product = await tee();
    const guest = newGuest();
    const started = await startCheckout(shop.app, guest, [
      { productId: product.id, variantId: product.variantIds[0]! },
    ]);
    expect(await shop.app.invoices.creditNoteForRefund(started.orderId, "refund:early", 129_900)).toBeNull();
    await submitPaymentPage(shop.app, started.token, paymentForm());
    await shop.app.outbox.drain();
    const note = await shop.app.invoices.creditNoteForRefund(started.orderId, "refund:part", 50_000);
    expect(note).toMatchObject({ kind: "credit_note", number: "CN/26-27/000001", total: 50_000 });
    // Once per refund; and never more than what the invoice has left.
    expect((await shop.app.invoices.creditNoteForRefund(started.orderId, "refund:part", 50_000))?.id).toBe(note?.id);
    const rest = await shop.app.invoices.creditNoteForRefund(started.orderId, "refund:rest", 500_000);
    expect(rest).toMatchObject({ number: "CN/26-27/000002", total: 79_900 });
    expect(await shop.app.invoices.creditNoteForRefund(started.orderId, "refund:more", 100)).toBeNull();

    const access = guestQuery(guest.guestSessionId, started.orderSecret);
    const pdf = await shop.app.inject({
      method: "GET",
      url: `/api/orders/${started.orderId}/invoice.pdf?${access}&document=${note?.id}`,
    });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("CREDIT NOTE");
    expect(text).toContain("CN/26-27/000001");
    expect(text).toContain("₹500.00");
    expect(text).toMatch(/Against invoice:\s*VK\/26-27\/\d{6}/);
  });

  it("lets the owner save the settings (audited), the accountant read the documents, and refuses bad input", async () => {
    const owner = await setUpOwner(shop.app, clock);
    const accountant = await addStaff(shop.app, clock, "accountant");
    const settings = {
      legalName: "Vaki Clothing LLP",
      address: "4 MG Road, Bengaluru 560001",
      state: "Karnataka",
      gstin: "29abcde1234f1z5",
      invoicePrefix: "VKI",
      creditNotePrefix: "VKC",
      exportUnderLut: true,
    };
    const bad = await asStaff(shop.app, owner, {
      method: "PUT",
      url: "/api/admin/settings/shop",
      payload: { ...settings, gstin: "123", creditNotePrefix: "VKI" },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors ?? {})).toEqual(expect.arrayContaining(["gstin", "creditNotePrefix"]));
    const saved = await asStaff(shop.app, owner, { method: "PUT", url: "/api/admin/settings/shop", payload: settings });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ gstin: "29ABCDE1234F1Z5", invoicePrefix: "VKI" });
    const audited = await shop.database.db
      .selectFrom("audit_events")
      .select(["action", "changes"])
      .where("action", "=", "settings.update")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audited.changes)).toMatchObject({ legalName: { before: "Vaki Apparel Private Limited" } });
    const refused = await asStaff(shop.app, accountant, { method: "GET", url: "/api/admin/settings/shop" });
    expect(refused.statusCode).toBe(403);

    // The next invoice prints the saved settings and the new prefix.
    const product = await tee();
    const guest = newGuest();
    const started = await startCheckout(shop.app, guest, [
      { productId: product.id, variantId: product.variantIds[0]! },
    ]);
    await submitPaymentPage(shop.app, started.token, paymentForm({ "shippingAddress.state": "Karnataka" }));
    await shop.app.outbox.drain();
    const listed = await asStaff(shop.app, accountant, {
      method: "GET",
      url: `/api/admin/orders/${started.orderId}/tax-documents`,
    });
    expect(listed.statusCode).toBe(200);
    const [invoice] = listed.json().data.documents;
    expect(invoice.number).toMatch(/^VKI\/26-27\/\d{6}$/);
    const pdf = await asStaff(shop.app, accountant, {
      method: "GET",
      url: `/api/admin/orders/${started.orderId}/tax-documents/${invoice.id}/pdf`,
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    // Karnataka to Karnataka: CGST and SGST at 2.5% each.
    for (const expected of ["Vaki Clothing LLP", "CGST", "SGST", "2.5%", "₹1,299.00"]) expect(text).toContain(expected);
  });
});
