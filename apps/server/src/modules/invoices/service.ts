import { randomUUID } from "node:crypto";
import { type Gstr1SectionName, gstReturnMessages } from "@vaki/contract/admin/gst-returns";
import { type ShopSettings, shopSettingsSchema, type TaxDocumentSummary } from "@vaki/contract/invoices";
import { orderMessages } from "@vaki/contract/messages";
import { zipSync } from "fflate";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { InvalidInput, NotFound } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import type { OrderReader, OrdersService } from "../orders/service.js";
import type { OrderRecord } from "../orders/types.js";
import { indiaDate } from "../tax/tax.js";
import {
  creditNoteContent,
  documentNumber,
  fiscalYearOf,
  invoiceContent,
  type TaxDocumentContent,
} from "./document.js";
import { type Gstr1Report, gstr1Files, gstr1Report, monthRange, sectionCsv } from "./gstr1.js";
import { renderTaxDocumentPdf } from "./pdf.js";
import type { InvoicesRepo, TaxDocumentRecord } from "./repo.js";

export interface InvoicesServiceDeps {
  repo: InvoicesRepo;
  clock: Clock;
  log: Logger;
  orders: OrdersService;
  /** The environment's defaults (SHOP_LEGAL_NAME...), until the owner saves Settings. */
  defaults: ShopSettings;
}

export const invoiceMessages = {
  noInvoice: "This order has no invoice yet: it is issued when the parcel is handed to the courier.",
  documentNotFound: "Document not found",
} as const;

/** Settings whose values are text in the settings table. */
const settingKeys = [
  "legalName",
  "address",
  "state",
  "gstin",
  "invoicePrefix",
  "creditNotePrefix",
  "exportUnderLut",
] as const;

/**
 * GST invoices and credit notes (issue 29, decision 0017): the invoice is issued in the
 * transaction that records the shipment's AWB, the credit note in the one that records a refund;
 * each takes the next number of its series for the financial year in that transaction.
 */
export class InvoicesService {
  constructor(private readonly deps: InvoicesServiceDeps) {}

  /** The shop's tax settings: each saved value over its environment default. */
  async settings(repo: InvoicesRepo = this.deps.repo): Promise<ShopSettings> {
    const saved = await repo.settings();
    const merged: Record<string, unknown> = { ...this.deps.defaults };
    for (const key of settingKeys) {
      const value = saved.get(key);
      if (value !== undefined) merged[key] = key === "exportUnderLut" ? value === "true" : value;
    }
    const parsed = shopSettingsSchema.safeParse(merged);
    return parsed.success ? parsed.data : this.deps.defaults;
  }

  /**
   * Saves the owner's settings (already validated) in one transaction with `alsoInTransaction`
   * (the audit event), which gets the settings as they were.
   */
  updateSettings(
    settings: ShopSettings,
    alsoInTransaction: (trx: Db, before: ShopSettings) => Promise<void>,
  ): Promise<ShopSettings> {
    return this.deps.repo.transaction(async (repo, trx) => {
      const before = await this.settings(repo);
      const values = Object.fromEntries(settingKeys.map((key) => [key, String(settings[key])]));
      await repo.saveSettings(values, this.deps.clock.now().toISOString());
      await alsoInTransaction(trx, before);
      return settings;
    });
  }

  /**
   * Issues the order's invoice inside the caller's transaction (the AWB's), once: a second call
   * answers the first invoice. Its number is the next of the financial year's series.
   */
  async issueInvoice(trx: Db, orderId: string): Promise<TaxDocumentRecord> {
    const repo = this.deps.repo.in(trx);
    const existing = await repo.findBySource(orderId, "invoice", "invoice");
    if (existing) return existing;
    const found = await this.deps.orders.findRecord(orderId, trx);
    if (!found) throw new NotFound(orderMessages.notFound);
    const settings = await this.settings(repo);
    const now = this.deps.clock.now();
    const fiscalYear = fiscalYearOf(now);
    const sequence = await repo.nextNumber("invoice", fiscalYear);
    const number = documentNumber(settings.invoicePrefix, fiscalYear, sequence);
    const content = invoiceContent(found.record, found.items, settings, { number, issuedAt: now.toISOString() });
    return repo.insert(rowOf(content, orderId, "invoice", fiscalYear, sequence));
  }

  /**
   * A credit note for a refund of `amount` paise, inside the refund's transaction; once per
   * `refundKey`. Nothing when the order has no invoice (refunded before it was shipped) or is
   * already credited in full.
   */
  async issueCreditNote(
    trx: Db,
    orderId: string,
    refundKey: string,
    amount: number,
    lines?: readonly { orderItemId: number; quantity: number; amount: number }[],
  ): Promise<TaxDocumentRecord | null> {
    const repo = this.deps.repo.in(trx);
    const existing = await repo.findBySource(orderId, "credit_note", refundKey);
    if (existing) return existing;
    const invoice = await repo.findBySource(orderId, "invoice", "invoice");
    if (!invoice) return null;
    const left = invoice.total - (await repo.creditedTotal(orderId));
    if (left <= 0 || amount <= 0) return null;
    const settings = await this.settings(repo);
    const now = this.deps.clock.now();
    const fiscalYear = fiscalYearOf(now);
    const sequence = await repo.nextNumber("credit_note", fiscalYear);
    const number = documentNumber(settings.creditNotePrefix, fiscalYear, sequence);
    const byLine = lines?.length ? await this.invoiceLinesOf(trx, orderId, lines) : undefined;
    const content = creditNoteContent(
      contentOf(invoice),
      Math.min(amount, left),
      { number, issuedAt: now.toISOString() },
      byLine,
    );
    return repo.insert(rowOf(content, orderId, refundKey, fiscalYear, sequence));
  }

  /**
   * A refund by line's lines as the invoice's line indexes (the invoice has a line per order
   * item, in the order's item order); undefined (credit in proportion) when they do not match.
   */
  private async invoiceLinesOf(
    trx: Db,
    orderId: string,
    lines: readonly { orderItemId: number; quantity: number; amount: number }[],
  ): Promise<Map<number, { amount: number; quantity: number }> | undefined> {
    const found = await this.deps.orders.findRecord(orderId, trx);
    if (!found) return undefined;
    const byLine = new Map<number, { amount: number; quantity: number }>();
    for (const line of lines) {
      const index = found.items.findIndex((item) => item.id === line.orderItemId);
      if (index < 0) return undefined;
      const before = byLine.get(index) ?? { amount: 0, quantity: 0 };
      byLine.set(index, { amount: before.amount + line.amount, quantity: before.quantity + line.quantity });
    }
    return byLine;
  }

  /** Same, in a transaction of its own (refund handlers that have none open). */
  creditNoteForRefund(
    orderId: string,
    refundKey: string,
    amount: number,
    lines?: readonly { orderItemId: number; quantity: number; amount: number }[],
  ): Promise<TaxDocumentRecord | null> {
    return this.deps.repo.transaction((_repo, trx) => this.issueCreditNote(trx, orderId, refundKey, amount, lines));
  }

  /** The order's invoices and credit notes, for its owner (anyone else 404). */
  async documentsForOwner(orderId: string, reader: OrderReader): Promise<TaxDocumentSummary[]> {
    await this.deps.orders.findForOwner(orderId, reader);
    return this.documentsOf(orderId);
  }

  /** The order's documents, for staff. */
  async documentsOf(orderId: string): Promise<TaxDocumentSummary[]> {
    return (await this.deps.repo.findForOrder(orderId)).map(summaryOf);
  }

  /** A document's PDF for the order's owner; the order's invoice when no document is named. */
  async pdfForOwner(
    orderId: string,
    reader: OrderReader,
    documentId?: string,
  ): Promise<{ file: Buffer; name: string }> {
    await this.deps.orders.findForOwner(orderId, reader);
    return this.pdfOf(orderId, documentId);
  }

  /** The same for staff (invoices:read). */
  async pdfOf(orderId: string, documentId?: string): Promise<{ file: Buffer; name: string }> {
    const documents = await this.deps.repo.findForOrder(orderId);
    const document = documentId
      ? documents.find((row) => row.id === documentId)
      : documents.find((row) => row.kind === "invoice");
    if (!document) throw new NotFound(documentId ? invoiceMessages.documentNotFound : invoiceMessages.noInvoice);
    const file = await renderTaxDocumentPdf(contentOf(document));
    return { file, name: `${document.number.replaceAll("/", "-")}.pdf` };
  }

  /**
   * GSTR-1 of a calendar month (India time): the documents issued in it, each credit note with
   * its invoice's total (b2cs or cdnur), read in one transaction, in which `alsoInTransaction`
   * writes the export's audit event.
   */
  async gstr1(month: string, alsoInTransaction?: (trx: Db) => Promise<void>): Promise<Gstr1Report> {
    if (month > indiaDate(this.deps.clock.now()).slice(0, 7)) {
      throw new InvalidInput(gstReturnMessages.futureMonth, {
        fieldErrors: { month: [gstReturnMessages.futureMonth] },
      });
    }
    const { from, to } = monthRange(month);
    return this.deps.repo.transaction(async (repo, trx) => {
      const rows = await repo.findIssuedBetween(from, to);
      const noteOrders = [...new Set(rows.filter((row) => row.kind === "credit_note").map((row) => row.order_id))];
      const invoiceTotals = new Map((await repo.findInvoicesOf(noteOrders)).map((row) => [row.order_id, row.total]));
      const report = gstr1Report({
        month,
        documents: rows.map((row) => ({
          content: contentOf(row),
          sequence: row.sequence,
          ...(row.kind === "credit_note" ? { originalInvoiceTotal: invoiceTotals.get(row.order_id) ?? null } : {}),
        })),
      });
      if (alsoInTransaction) await alsoInTransaction(trx);
      return report;
    });
  }

  /** The month's GSTR-1 sections as CSV files in one zip (audited by `alsoInTransaction`). */
  async gstr1Zip(
    month: string,
    alsoInTransaction: (trx: Db) => Promise<void>,
  ): Promise<{ file: Buffer; name: string }> {
    const report = await this.gstr1(month, alsoInTransaction);
    const encoder = new TextEncoder();
    const entries = Object.fromEntries(gstr1Files(report).map((file) => [file.name, encoder.encode(file.text)]));
    return { file: Buffer.from(zipSync(entries, { level: 6 })), name: `GSTR1-${month}.zip` };
  }

  /** One section of the month's GSTR-1 as CSV (audited by `alsoInTransaction`). */
  async gstr1Csv(
    month: string,
    section: Gstr1SectionName,
    alsoInTransaction: (trx: Db) => Promise<void>,
  ): Promise<{ file: string; name: string }> {
    const report = await this.gstr1(month, alsoInTransaction);
    return { file: sectionCsv(report.sections[section]), name: `GSTR1-${month}-${section}.csv` };
  }

  /**
   * Where an order e-mail's "Download your GST invoice" points, once the order has its invoice:
   * a guest's order, the PDF itself with the order's secret (the same secret as the e-mail's
   * order link, so it opens on any device without signing in); a customer's order, My Orders,
   * where they sign in and download it (the API reads their token, which a link cannot carry).
   * Null without an invoice, or for a guest's order whose secret the shop cannot give again.
   */
  async invoiceLinkForMail(record: OrderRecord, publicUrl: string): Promise<string | null> {
    const invoice = await this.deps.repo.findBySource(record.id, "invoice", "invoice");
    if (!invoice) return null;
    if (record.user_id) return `${publicUrl}/orders`;
    const secret = this.deps.orders.linkSecretOf(record);
    if (!secret) return null;
    return `${publicUrl}/api/orders/${encodeURIComponent(record.id)}/invoice.pdf?orderSecret=${encodeURIComponent(secret)}`;
  }
}

function contentOf(row: TaxDocumentRecord): TaxDocumentContent {
  return JSON.parse(row.document) as TaxDocumentContent;
}

function summaryOf(row: TaxDocumentRecord): TaxDocumentSummary {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    issuedAt: row.issued_at,
    total: row.total,
    taxAmount: row.tax_amount,
  };
}

function rowOf(content: TaxDocumentContent, orderId: string, sourceKey: string, fiscalYear: string, sequence: number) {
  return {
    id: randomUUID(),
    kind: content.kind,
    number: content.number,
    fiscal_year: fiscalYear,
    sequence,
    order_id: orderId,
    source_key: sourceKey,
    issued_at: content.issuedAt,
    total: content.totals.total,
    taxable_value: content.totals.taxableValue,
    tax_amount: content.totals.tax,
    document: JSON.stringify(content),
  };
}
