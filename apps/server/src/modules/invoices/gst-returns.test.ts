import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { newGuest } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { guestQuery, paymentForm, startCheckout, submitPaymentPage } from "../../../test/helpers/checkout.js";
import { testEngine } from "../../../test/helpers/database.js";
import { readOutbox } from "../../../test/helpers/mail.js";
import { addStaff, asStaff, type StaffSession } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";
import { invoiceLinkLabel } from "../fulfilment/mail-templates.js";
import { gstr1Headers } from "./gstr1.js";

const minute = 60_000;

/*
 * The month's GSTR-1 for the accountant (invoices:read, each download audited) and the invoice
 * link of the order e-mails: the sandbox courier ships three minutes after the AWB, when the
 * invoice was issued, so the "shipped" e-mail carries it.
 */
describe(`GSTR-1 export and the invoice link in order e-mails (${testEngine})`, () => {
  let shop: TestShop;
  let accountant: StaffSession;
  let support: StaffSession;
  const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));
  const month = "2026-11";

  beforeAll(async () => {
    shop = await createTestShop(
      {
        HOLD_SWEEP_INTERVAL_MS: "0",
        OUTBOX_INTERVAL_MS: "0",
        COURIER_SYNC_INTERVAL_MS: "0",
        SANDBOX_COURIER_MINUTES_PER_STEP: "1",
        SHOP_GSTIN: "29ABCDE1234F1Z5",
        SHOP_STATE: "Karnataka",
      },
      { clock },
    );
    accountant = await addStaff(shop.app, clock, "accountant");
    support = await addStaff(shop.app, clock, "support");
  });
  afterAll(async () => shop.close());

  const tee = () =>
    insertProduct(shop.database.db, {
      name: `Tee ${Math.random()}`,
      price: 129_900,
      variants: [{ size: "M", stock: 50 }],
    });

  /** A guest's paid order, dispatched (AWB and invoice) by the outbox. */
  async function guestOrder(email: string, state: string) {
    const product = await tee();
    const guest = newGuest();
    const started = await startCheckout(shop.app, guest, [
      { productId: product.id, variantId: product.variantIds[0]! },
    ]);
    await submitPaymentPage(
      shop.app,
      started.token,
      paymentForm({ "contact.email": email, "shippingAddress.state": state }),
    );
    await shop.app.outbox.drain();
    return { guest, ...started };
  }

  const mailsTo = (email: string) => readOutbox(shop.config.dataDir).filter((mail) => mail.to.includes(email));
  const invoiceLinkIn = (text: string) => text.match(new RegExp(`${invoiceLinkLabel}: (\\S+)`))?.[1];

  it("puts a working invoice link in a guest's shipped e-mail: the right secret gets the PDF, a wrong one 404", async () => {
    const order = await guestOrder("guest.invoice@example.com", "Uttar Pradesh");
    clock.advance(3.5 * minute);
    // Reading the order asks the courier, which has shipped it by now.
    const details = await shop.app.inject({
      method: "GET",
      url: `/api/orders/${order.orderId}?${guestQuery(order.guest.guestSessionId, order.orderSecret)}`,
    });
    expect(details.json().data.status).toBe("SHIPPED");
    await shop.app.outbox.drain();

    const mails = mailsTo("guest.invoice@example.com");
    // The confirmation went before the invoice existed: no link there.
    expect(invoiceLinkIn(mails.find((mail) => mail.subject.endsWith("is confirmed"))?.text ?? "")).toBeUndefined();
    const shipped = mails.find((mail) => mail.subject.endsWith("is on its way"));
    const link = invoiceLinkIn(shipped?.text ?? "");
    expect(link).toBeDefined();
    expect(shipped?.html).toContain(`>${invoiceLinkLabel}</a>`);
    const url = new URL(link ?? "");
    expect(url.pathname).toBe(`/api/orders/${order.orderId}/invoice.pdf`);
    expect(url.searchParams.get("orderSecret")).toBe(order.orderSecret);

    // Opened from the e-mail: no session, no guest id, only the link.
    const pdf = await shop.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const wrong = `${order.orderSecret?.slice(0, -2)}xx`;
    for (const secret of [wrong, "", "not-a-secret"]) {
      const refused = await shop.app.inject({
        method: "GET",
        url: `${url.pathname}?orderSecret=${encodeURIComponent(secret)}`,
      });
      expect(refused.statusCode, secret).toBe(404);
    }
    // Another order's secret opens nothing of this one.
    const other = await guestOrder("guest.other@example.com", "Karnataka");
    const crossed = await shop.app.inject({
      method: "GET",
      url: `${url.pathname}?orderSecret=${encodeURIComponent(other.orderSecret ?? "")}`,
    });
    expect(crossed.statusCode).toBe(404);
  });

  it("links a customer's shipped e-mail to My Orders, where their session downloads the invoice", async () => {
    const product = await tee();
    const session = await registerAndLogin(shop.app);
    const started = await startCheckout(shop.app, { headers: session.headers }, [
      { productId: product.id, variantId: product.variantIds[0]! },
    ]);
    await submitPaymentPage(
      shop.app,
      started.token,
      paymentForm({ "contact.email": "customer.invoice@example.com", "shippingAddress.state": "Karnataka" }),
    );
    await shop.app.outbox.drain();
    clock.advance(3.5 * minute);
    await shop.app.inject({ method: "GET", url: `/api/orders/${started.orderId}`, headers: session.headers });
    await shop.app.outbox.drain();

    const shipped = mailsTo("customer.invoice@example.com").find((mail) => mail.subject.endsWith("is on its way"));
    const link = invoiceLinkIn(shipped?.text ?? "");
    expect(link).toBe(`${shop.config.publicUrl}/orders`);
    const own = await shop.app.inject({
      method: "GET",
      url: `/api/orders/${started.orderId}/invoice.pdf`,
      headers: session.headers,
    });
    expect(own.statusCode).toBe(200);
    const anonymous = await shop.app.inject({ method: "GET", url: `/api/orders/${started.orderId}/invoice.pdf` });
    expect(anonymous.statusCode).toBe(404);
  });

  it("answers the month's summary and its CSV sections to invoices:read, audited; 403 to a role without it", async () => {
    const credited = await guestOrder("guest.refund@example.com", "Karnataka");
    await shop.app.invoices.creditNoteForRefund(credited.orderId, "refund:gstr1", 50_000);

    const summary = await asStaff(shop.app, accountant, { method: "GET", url: `/api/admin/gst/gstr1?month=${month}` });
    expect(summary.statusCode).toBe(200);
    const data = summary.json().data;
    const invoiceCount = await shop.database.db
      .selectFrom("tax_documents")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("kind", "=", "invoice")
      .executeTakeFirstOrThrow();
    expect(data).toMatchObject({ month, invoices: Number(invoiceCount.count), creditNotes: 1 });
    const section = (name: string) => data.sections.find((entry: { name: string }) => entry.name === name);
    // Karnataka and Uttar Pradesh at 5%, under Rs 1,00,000: all b2cs; the credit note takes its part off.
    expect(section("b2cs")).toMatchObject({ rowCount: 2, documents: data.invoices + 1 });
    expect(section("b2cl")).toMatchObject({ rowCount: 0 });
    expect(section("hsn").taxableValue).toBe(data.taxableValue);
    expect(section("b2cs").taxableValue).toBe(data.taxableValue);
    // Viewing the summary is not an export.
    const exports = () =>
      shop.database.db
        .selectFrom("audit_events")
        .select(["actor_id", "entity_type", "entity_id", "changes"])
        .where("action", "=", "gst.gstr1_export")
        .orderBy("id")
        .execute();
    expect(await exports()).toEqual([]);

    const zip = await asStaff(shop.app, accountant, { method: "GET", url: `/api/admin/gst/gstr1.zip?month=${month}` });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    expect(zip.headers["content-disposition"]).toBe(`attachment; filename="GSTR1-${month}.zip"`);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const text = (name: string) => new TextDecoder().decode(files[name]);
    expect(Object.keys(files)).toEqual(["b2cs.csv", "b2cl.csv", "exp.csv", "cdnur.csv", "hsn.csv", "docs.csv"]);
    for (const name of ["b2cs", "b2cl", "exp", "cdnur", "hsn", "docs"] as const) {
      expect(text(`${name}.csv`).split("\r\n")[0]).toBe(gstr1Headers[name].join(","));
    }
    expect(text("b2cs.csv")).toContain("OE,29-Karnataka,5,,");
    expect(text("b2cs.csv")).toContain("OE,09-Uttar Pradesh,5,,");
    expect(text("docs.csv")).toContain(`Credit Note,CN/26-27/000001,CN/26-27/000001,1,0`);

    const csv = await asStaff(shop.app, accountant, {
      method: "GET",
      url: `/api/admin/gst/gstr1/hsn.csv?month=${month}`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="GSTR1-${month}-hsn.csv"`);
    expect(csv.body.split("\r\n")[0]).toBe(
      "HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount",
    );
    expect(csv.body.split("\r\n")[1]).toMatch(/^6109,"T-shirts, knitted",PCS-PIECES,\d+,/);

    const audited = await exports();
    expect(audited.map((row) => ({ ...row, changes: JSON.parse(row.changes) }))).toEqual([
      {
        actor_id: accountant.id,
        entity_type: "gst_return",
        entity_id: `GSTR1-${month}`,
        changes: { exported: { before: null, after: "zip" } },
      },
      {
        actor_id: accountant.id,
        entity_type: "gst_return",
        entity_id: `GSTR1-${month}`,
        changes: { exported: { before: null, after: "hsn.csv" } },
      },
    ]);

    for (const url of [
      `/api/admin/gst/gstr1?month=${month}`,
      `/api/admin/gst/gstr1.zip?month=${month}`,
      `/api/admin/gst/gstr1/b2cs.csv?month=${month}`,
    ]) {
      const refused = await asStaff(shop.app, support, { method: "GET", url });
      expect(refused.statusCode, url).toBe(403);
    }
    expect(await exports()).toHaveLength(2);
  });

  it("refuses a malformed or future month and an unknown section", async () => {
    for (const url of [
      "/api/admin/gst/gstr1?month=2026-13",
      "/api/admin/gst/gstr1?month=11-2026",
      "/api/admin/gst/gstr1.zip",
      "/api/admin/gst/gstr1.zip?month=2026-12",
      `/api/admin/gst/gstr1/b2b.csv?month=${month}`,
    ]) {
      const refused = await asStaff(shop.app, accountant, { method: "GET", url });
      expect(refused.statusCode, url).toBe(400);
    }
    // An earlier month with nothing issued: every section, empty.
    const empty = await asStaff(shop.app, accountant, { method: "GET", url: "/api/admin/gst/gstr1?month=2026-10" });
    expect(empty.json().data).toMatchObject({ invoices: 0, creditNotes: 0, taxableValue: 0, warnings: [] });
  });
});
