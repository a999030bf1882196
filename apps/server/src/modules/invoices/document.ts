import type { ShopSettings, TaxDocumentKind } from "@vaki/contract/invoices";
import { parseAddress } from "../orders/order-answer.js";
import type { OrderItemRecord, OrderRecord } from "../orders/types.js";
import type { TaxClass } from "../tax/rate-table.js";
import { includedTax, indiaDate, type SupplyKind, shareDiscount, splitTax, supplyKind, taxLines } from "../tax/tax.js";

/**
 * What an invoice or credit note says, worked out once when it is issued and stored as JSON
 * (the PDF is drawn from it), so later changes of settings or rates never alter it.
 */
export interface DocumentLine {
  description: string;
  hsnCode: string;
  /** Null on a credit note for part of a line. */
  quantity: number | null;
  /** The line's price after its share of the discount, tax included. */
  amount: number;
  discount: number;
  taxableValue: number;
  /** Whole rate of the line (CGST and SGST each take half). */
  rateBp: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface TaxDocumentContent {
  kind: TaxDocumentKind;
  number: string;
  issuedAt: string;
  supplier: { legalName: string; address: string; state: string; gstin: string };
  recipient: { name: string; addressLines: string[]; state: string; country: string };
  placeOfSupply: string;
  supply: SupplyKind;
  exportUnderLut: boolean;
  orderNumber: string;
  orderDate: string;
  /** A credit note's invoice. */
  original?: { number: string; issuedAt: string };
  lines: DocumentLine[];
  totals: { taxableValue: number; cgst: number; sgst: number; igst: number; tax: number; total: number };
}

/** "25-26": the Indian financial year (April to March) of an instant, India time. */
export function fiscalYearOf(at: Date): string {
  const [year, month] = indiaDate(at).split("-").map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${String(start % 100).padStart(2, "0")}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** VK/25-26/000123: at most 16 characters with a prefix of up to 3. */
export function documentNumber(prefix: string, fiscalYear: string, sequence: number): string {
  return `${prefix}/${fiscalYear}/${String(sequence).padStart(6, "0")}`;
}

const isIndia = (country: string) => ["IN", "INDIA", ""].includes(country.trim().toUpperCase());

/** The order's lines as charged; lines placed before 0012 are worked out now from the order's date. */
export function chargedLines(order: OrderRecord, items: readonly OrderItemRecord[]) {
  const stored = items.every((item) => item.tax_rate_bp !== null && item.taxable_value !== null);
  const recomputed = stored
    ? null
    : taxLines(
        items.map((item) => ({
          lineTotal: item.line_total,
          quantity: item.quantity,
          taxClass: (item.tax_class ?? "clothing") as TaxClass,
        })),
        order.discount_amount,
        new Date(order.created_at),
      );
  return items.map((item, index) => {
    const again = recomputed?.[index];
    const discount = again ? again.discount : (item.discount_amount ?? 0);
    return {
      item,
      amount: item.line_total - discount,
      discount,
      rateBp: again ? again.rateBp : (item.tax_rate_bp ?? 0),
      taxableValue: again ? again.taxableValue : (item.taxable_value ?? 0),
      taxAmount: again ? again.taxAmount : (item.tax_amount ?? 0),
    };
  });
}

function describe(item: OrderItemRecord): string {
  const options = [item.size ? `Size ${item.size}` : null, item.color].filter(Boolean).join(", ");
  return options ? `${item.product_name} (${options})` : item.product_name;
}

function totalsOf(lines: readonly DocumentLine[]): TaxDocumentContent["totals"] {
  const sum = (pick: (line: DocumentLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const cgst = sum((line) => line.cgst);
  const sgst = sum((line) => line.sgst);
  const igst = sum((line) => line.igst);
  return {
    taxableValue: sum((line) => line.taxableValue),
    cgst,
    sgst,
    igst,
    tax: cgst + sgst + igst,
    total: sum((line) => line.amount),
  };
}

/** The invoice of an order as it stands (its lines as charged, the delivery address's state). */
export function invoiceContent(
  order: OrderRecord,
  items: readonly OrderItemRecord[],
  settings: ShopSettings,
  issue: { number: string; issuedAt: string },
): TaxDocumentContent {
  const address = parseAddress(order.shipping_address) ?? parseAddress(order.billing_address);
  const country = address?.country ?? "IN";
  const state = address?.state ?? "";
  const supply = supplyKind(settings.state, { country: isIndia(country) ? "IN" : country, state });
  const lines = chargedLines(order, items).map((line): DocumentLine => {
    const split = splitTax(line, supply, settings.exportUnderLut);
    return {
      description: describe(line.item),
      hsnCode: line.item.hsn_code ?? "6109",
      quantity: line.item.quantity,
      amount: line.amount,
      discount: line.discount,
      taxableValue: split.taxableValue,
      rateBp: split.rateBp,
      cgst: split.cgst,
      sgst: split.sgst,
      igst: split.igst,
    };
  });
  const cityLine = [address?.city, address?.pincode].filter(Boolean).join(" ");
  return {
    kind: "invoice",
    number: issue.number,
    issuedAt: issue.issuedAt,
    supplier: {
      legalName: settings.legalName,
      address: settings.address,
      state: settings.state,
      gstin: settings.gstin,
    },
    recipient: {
      name: address?.fullName ?? order.contact_email ?? "Customer",
      addressLines: [address?.line1, address?.line2, cityLine].filter((part): part is string => Boolean(part)),
      state,
      country: isIndia(country) ? "India" : country,
    },
    placeOfSupply: supply === "export" ? `Outside India (${country})` : state,
    supply,
    exportUnderLut: supply === "export" && settings.exportUnderLut,
    orderNumber: order.order_number,
    orderDate: order.created_at,
    lines,
    totals: totalsOf(lines),
  };
}

/**
 * A credit note for `amount` of an invoice: the amount shared over the invoice's lines in
 * proportion to what is still to be credited, each part's tax at the line's own rate.
 */
export function creditNoteContent(
  invoice: TaxDocumentContent,
  amount: number,
  issue: { number: string; issuedAt: string },
  /** A refund by line: each invoice line's (by index) credited amount and units; the rest none. */
  byLine?: ReadonlyMap<number, { amount: number; quantity: number }>,
): TaxDocumentContent {
  const shares = byLine
    ? invoice.lines.map((line, index) => Math.min(byLine.get(index)?.amount ?? 0, line.amount))
    : shareDiscount(
        invoice.lines.map((line) => line.amount),
        Math.min(amount, invoice.totals.total),
      );
  const lines = invoice.lines.flatMap((line, index): DocumentLine[] => {
    const share = shares[index] ?? 0;
    if (share === 0) return [];
    const units = byLine?.get(index)?.quantity ?? (share === line.amount ? line.quantity : null);
    const { taxableValue, taxAmount } = includedTax(share, line.rateBp);
    const split = splitTax({ amount: share, rateBp: line.rateBp, taxableValue, taxAmount }, invoice.supply, false);
    return [
      {
        ...line,
        quantity: units,
        amount: share,
        discount: 0,
        taxableValue: split.taxableValue,
        cgst: split.cgst,
        sgst: split.sgst,
        igst: split.igst,
      },
    ];
  });
  return {
    ...invoice,
    kind: "credit_note",
    number: issue.number,
    issuedAt: issue.issuedAt,
    original: { number: invoice.number, issuedAt: invoice.issuedAt },
    lines,
    totals: totalsOf(lines),
  };
}
