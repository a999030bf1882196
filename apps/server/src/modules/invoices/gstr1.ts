import {
  type Gstr1SectionName,
  type Gstr1SectionSummary,
  type Gstr1Summary,
  gstr1SectionNames,
} from "@vaki/contract/admin/gst-returns";
import { csvText } from "../../lib/csv.js";
import { placeOfSupplyCode } from "../tax/state-codes.js";
import { indiaDate } from "../tax/tax.js";
import type { DocumentLine, TaxDocumentContent } from "./document.js";

/*
 * GSTR-1 of a calendar month from the invoices and credit notes issued in it (no I/O): the rows
 * of the offline tool's CSV templates. Every amount is summed in integer paise and written as
 * rupees with two decimals only at the end, so the sections add up to the documents exactly:
 * b2cs + b2cl + exp − cdnur = hsn = the invoices less the credit notes.
 */

/** A document of the month, as stored. */
export interface Gstr1Document {
  content: TaxDocumentContent;
  /** Its number within the series and financial year (the docs section's range). */
  sequence: number;
  /** A credit note's invoice total: whether that invoice was reported one by one (b2cl). */
  originalInvoiceTotal?: number | null;
}

export interface Gstr1Input {
  /** YYYY-MM. */
  month: string;
  documents: readonly Gstr1Document[];
}

export interface Gstr1Section extends Gstr1SectionSummary {
  headers: readonly string[];
  rows: string[][];
}

export interface Gstr1Report {
  summary: Gstr1Summary;
  sections: Record<Gstr1SectionName, Gstr1Section>;
}

/**
 * Inter-state invoices to unregistered buyers above this value (tax included) are reported one
 * by one in b2cl: Rs 1,00,000 since 1 August 2024 (Notification 12/2024-CT), Rs 2,50,000 before.
 */
export const b2clThresholdPaise = 10_000_000;

export const gstr1Headers: Record<Gstr1SectionName, readonly string[]> = {
  b2cs: [
    "Type",
    "Place Of Supply",
    "Rate",
    "Applicable % of Tax Rate",
    "Taxable Value",
    "Cess Amount",
    "E-Commerce GSTIN",
  ],
  b2cl: [
    "Invoice Number",
    "Invoice date",
    "Invoice Value",
    "Place Of Supply",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
    "E-Commerce GSTIN",
  ],
  exp: [
    "Export Type",
    "Invoice Number",
    "Invoice date",
    "Invoice Value",
    "Port Code",
    "Shipping Bill Number",
    "Shipping Bill Date",
    "Rate",
    "Taxable Value",
    "Cess Amount",
  ],
  cdnur: [
    "UR Type",
    "Note Number",
    "Note Date",
    "Note Type",
    "Place Of Supply",
    "Note Value",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
  ],
  // The HSN summary for B2C supplies (Table 12) has a Rate column since 2022: one row per HSN and rate.
  hsn: [
    "HSN",
    "Description",
    "UQC",
    "Total Quantity",
    "Total Value",
    "Rate",
    "Taxable Value",
    "Integrated Tax Amount",
    "Central Tax Amount",
    "State/UT Tax Amount",
    "Cess Amount",
  ],
  docs: ["Nature of Document", "Sr. No. From", "Sr. No. To", "Total Number", "Cancelled"],
};

/** Short descriptions of the shop's HSN headings (the tool takes at most 30 characters). */
const hsnDescriptions: Readonly<Record<string, string>> = {
  "6103": "Trousers and shorts, knitted",
  "6109": "T-shirts, knitted",
  "6110": "Sweatshirts, pullovers, knit",
  "6115": "Socks and hosiery, knitted",
  "6505": "Caps and headgear",
  "4202": "Bags and similar containers",
};

const uqcPieces = "PCS-PIECES";
const zero = "0.00";

/** Paise → "1234.50", "-0.05": exact, no floating point. */
export function rupees(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Basis points → "5", "18", "0.25": the rate as the templates want it. */
function ratePercent(rateBp: number): string {
  return (rateBp / 100).toFixed(2).replace(/\.?0+$/, "");
}

const monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "05-Nov-2026": the template's date of an instant, India time. */
export function gstDate(iso: string): string {
  const [year, month, day] = indiaDate(new Date(iso)).split("-");
  return `${day}-${monthNames[Number(month) - 1]}-${year}`;
}

/** The instants a calendar month in India spans: [from, to). */
export function monthRange(month: string): { from: string; to: string } {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const offset = (5 * 60 + 30) * 60_000;
  const from = new Date(Date.UTC(year, monthNumber - 1, 1) - offset);
  const to = new Date(Date.UTC(year, monthNumber, 1) - offset);
  return { from: from.toISOString(), to: to.toISOString() };
}

interface Amounts {
  taxableValue: number;
  igst: number;
  cgst: number;
  sgst: number;
  /** Tax included: taxable value + taxes. */
  value: number;
}

const noAmounts = (): Amounts => ({ taxableValue: 0, igst: 0, cgst: 0, sgst: 0, value: 0 });

function add(into: Amounts, line: Pick<DocumentLine, "taxableValue" | "igst" | "cgst" | "sgst" | "amount">, sign = 1) {
  into.taxableValue += sign * line.taxableValue;
  into.igst += sign * line.igst;
  into.cgst += sign * line.cgst;
  into.sgst += sign * line.sgst;
  into.value += sign * line.amount;
}

/** The lines of a document added up per rate, in rate order. */
function byRate(lines: readonly DocumentLine[]): [number, Amounts][] {
  const rates = new Map<number, Amounts>();
  for (const line of lines) {
    const amounts = rates.get(line.rateBp) ?? noAmounts();
    add(amounts, line);
    rates.set(line.rateBp, amounts);
  }
  return [...rates.entries()].sort(([a], [b]) => a - b);
}

type Reporting = "b2cs" | "b2cl" | "exp";

/** Where an invoice of `total` (tax included) is reported. */
function reportingOf(content: TaxDocumentContent, total: number): Reporting {
  if (content.supply === "export") return "exp";
  if (content.supply === "inter" && total > b2clThresholdPaise) return "b2cl";
  return "b2cs";
}

/** The GSTR-1 sections of a month's documents, with the summary the admin screen shows. */
export function gstr1Report(input: Gstr1Input): Gstr1Report {
  const warnings: string[] = [];
  const unknownStates = new Set<string>();
  const placeOf = (content: TaxDocumentContent): string => {
    const code = placeOfSupplyCode(content.placeOfSupply) ?? placeOfSupplyCode(content.recipient.state);
    if (code) return code;
    unknownStates.add(content.placeOfSupply || "(none)");
    return content.placeOfSupply;
  };

  const b2cs = new Map<string, { place: string; rateBp: number; amounts: Amounts }>();
  const b2cl: string[][] = [];
  const exp: string[][] = [];
  const cdnur: string[][] = [];
  const hsn = new Map<string, { hsnCode: string; rateBp: number; quantity: number; amounts: Amounts }>();
  const series = new Map<string, { nature: string; prefix: string; numbers: { sequence: number; number: string }[] }>();
  const totals: Record<"b2cs" | "b2cl" | "exp" | "cdnur", Amounts & { documents: number }> = {
    b2cs: { ...noAmounts(), documents: 0 },
    b2cl: { ...noAmounts(), documents: 0 },
    exp: { ...noAmounts(), documents: 0 },
    cdnur: { ...noAmounts(), documents: 0 },
  };
  const net = noAmounts();
  let invoices = 0;
  let creditNotes = 0;

  const sorted = [...input.documents].sort(
    (a, b) =>
      a.content.issuedAt.localeCompare(b.content.issuedAt) ||
      a.content.kind.localeCompare(b.content.kind) ||
      a.sequence - b.sequence,
  );
  for (const { content, sequence, originalInvoiceTotal } of sorted) {
    const isNote = content.kind === "credit_note";
    const sign = isNote ? -1 : 1;
    if (isNote) creditNotes += 1;
    else invoices += 1;

    // The docs section: each number prefix's run of numbers.
    const prefix = content.number.replace(/\d+$/, "");
    const seriesKey = `${content.kind}:${prefix}`;
    const run = series.get(seriesKey) ?? {
      nature: isNote ? "Credit Note" : "Invoices for outward supply",
      prefix,
      numbers: [],
    };
    run.numbers.push({ sequence, number: content.number });
    series.set(seriesKey, run);

    for (const line of content.lines) {
      add(net, line, sign);
      const key = `${line.hsnCode}:${line.rateBp}`;
      const row = hsn.get(key) ?? { hsnCode: line.hsnCode, rateBp: line.rateBp, quantity: 0, amounts: noAmounts() };
      add(row.amounts, line, sign);
      // A credit note for part of a line returns no whole piece.
      row.quantity += sign * (line.quantity ?? 0);
      hsn.set(key, row);
    }

    const reporting = reportingOf(content, isNote ? (originalInvoiceTotal ?? 0) : content.totals.total);
    if (reporting === "b2cs") {
      // Credit notes of small B2C invoices reduce the rows of their place and rate.
      const place = placeOf(content);
      totals.b2cs.documents += 1;
      for (const [rateBp, amounts] of byRate(content.lines)) {
        const key = `${place}:${rateBp}`;
        const row = b2cs.get(key) ?? { place, rateBp, amounts: noAmounts() };
        add(row.amounts, { ...amounts, amount: amounts.value }, sign);
        add(totals.b2cs, { ...amounts, amount: amounts.value }, sign);
        b2cs.set(key, row);
      }
      continue;
    }
    if (isNote) {
      const exported = reporting === "exp";
      const urType = exported ? (content.exportUnderLut ? "EXPWOP" : "EXPWP") : "B2CL";
      totals.cdnur.documents += 1;
      for (const [rateBp, amounts] of byRate(content.lines)) {
        add(totals.cdnur, { ...amounts, amount: amounts.value });
        cdnur.push([
          urType,
          content.number,
          gstDate(content.issuedAt),
          "C",
          exported ? "" : placeOf(content),
          rupees(content.totals.total),
          "",
          ratePercent(rateBp),
          rupees(amounts.taxableValue),
          zero,
        ]);
      }
      continue;
    }
    const section = reporting === "exp" ? exp : b2cl;
    totals[reporting].documents += 1;
    for (const [rateBp, amounts] of byRate(content.lines)) {
      add(totals[reporting], { ...amounts, amount: amounts.value });
      section.push(
        reporting === "exp"
          ? [
              content.exportUnderLut ? "WOPAY" : "WPAY",
              content.number,
              gstDate(content.issuedAt),
              rupees(content.totals.total),
              "",
              "",
              "",
              ratePercent(rateBp),
              rupees(amounts.taxableValue),
              zero,
            ]
          : [
              content.number,
              gstDate(content.issuedAt),
              rupees(content.totals.total),
              placeOf(content),
              "",
              ratePercent(rateBp),
              rupees(amounts.taxableValue),
              zero,
              "",
            ],
      );
    }
  }

  const b2csRows = [...b2cs.values()].sort((a, b) => a.place.localeCompare(b.place) || a.rateBp - b.rateBp);
  for (const row of b2csRows) {
    if (row.amounts.taxableValue < 0) {
      warnings.push(
        `b2cs ${row.place} at ${ratePercent(row.rateBp)}%: the credit notes exceed this month's invoices (their invoices are from an earlier month); check the row with your accountant.`,
      );
    }
  }
  const hsnRows = [...hsn.values()].sort((a, b) => a.hsnCode.localeCompare(b.hsnCode) || a.rateBp - b.rateBp);
  const hsnTotals = noAmounts();
  for (const row of hsnRows) add(hsnTotals, { ...row.amounts, amount: row.amounts.value });

  const docsRows: string[][] = [];
  // Invoices first, then credit notes; each prefix's run on its own row.
  const natureOrder = (nature: string) => (nature === "Credit Note" ? 1 : 0);
  for (const run of [...series.values()].sort(
    (a, b) => natureOrder(a.nature) - natureOrder(b.nature) || a.prefix.localeCompare(b.prefix),
  )) {
    const numbers = run.numbers.sort((a, b) => a.sequence - b.sequence);
    const first = numbers[0];
    const last = numbers.at(-1);
    if (!first || !last) continue;
    const total = last.sequence - first.sequence + 1;
    const missing = total - numbers.length;
    // Issued documents are never cancelled (a credit note corrects an invoice); a hole means a number is missing.
    if (missing > 0) {
      warnings.push(`${run.nature} ${first.number} to ${last.number}: ${missing} number(s) of the range are missing.`);
    }
    docsRows.push([run.nature, first.number, last.number, String(total), String(missing)]);
  }
  if (unknownStates.size > 0) {
    warnings.push(
      `No GST state code for: ${[...unknownStates].join(", ")}; correct the place of supply before uploading.`,
    );
  }
  if (exp.length > 0) {
    warnings.push("exp: fill the port code and shipping bill from the courier's export documents.");
  }

  const summaryOf = (name: Gstr1SectionName, rows: string[][], documents: number, amounts: Amounts): Gstr1Section => ({
    name,
    headers: gstr1Headers[name],
    rows,
    rowCount: rows.length,
    documents,
    taxableValue: amounts.taxableValue,
    igst: amounts.igst,
    cgst: amounts.cgst,
    sgst: amounts.sgst,
    value: amounts.value,
  });

  const sections: Record<Gstr1SectionName, Gstr1Section> = {
    b2cs: summaryOf(
      "b2cs",
      b2csRows.map((row) => ["OE", row.place, ratePercent(row.rateBp), "", rupees(row.amounts.taxableValue), zero, ""]),
      totals.b2cs.documents,
      totals.b2cs,
    ),
    b2cl: summaryOf("b2cl", b2cl, totals.b2cl.documents, totals.b2cl),
    exp: summaryOf("exp", exp, totals.exp.documents, totals.exp),
    cdnur: summaryOf("cdnur", cdnur, totals.cdnur.documents, totals.cdnur),
    hsn: summaryOf(
      "hsn",
      hsnRows.map((row) => [
        row.hsnCode,
        hsnDescriptions[row.hsnCode] ?? "",
        uqcPieces,
        String(row.quantity),
        rupees(row.amounts.value),
        ratePercent(row.rateBp),
        rupees(row.amounts.taxableValue),
        rupees(row.amounts.igst),
        rupees(row.amounts.cgst),
        rupees(row.amounts.sgst),
        zero,
      ]),
      invoices + creditNotes,
      hsnTotals,
    ),
    docs: summaryOf("docs", docsRows, invoices + creditNotes, noAmounts()),
  };

  return {
    summary: {
      month: input.month,
      invoices,
      creditNotes,
      taxableValue: net.taxableValue,
      tax: net.igst + net.cgst + net.sgst,
      value: net.value,
      sections: gstr1SectionNames.map((name) => {
        const { headers: _headers, rows: _rows, ...summary } = sections[name];
        return summary;
      }),
      warnings,
    },
    sections,
  };
}

/** A section as the offline tool imports it: its header row, then its rows (CRLF lines). */
export function sectionCsv(section: Pick<Gstr1Section, "headers" | "rows">): string {
  return csvText([section.headers, ...section.rows]);
}

/** The month's files: one CSV per section (header only when empty) and, if any, the notes to check. */
export function gstr1Files(report: Gstr1Report): { name: string; text: string }[] {
  const files = gstr1SectionNames.map((name) => ({ name: `${name}.csv`, text: sectionCsv(report.sections[name]) }));
  const { warnings } = report.summary;
  return warnings.length > 0
    ? [...files, { name: "check-before-upload.txt", text: `${warnings.join("\r\n")}\r\n` }]
    : files;
}
