import { describe, expect, it } from "vitest";
import { includedTax, splitTax, supplyKind } from "../tax/tax.js";
import type { DocumentLine, TaxDocumentContent } from "./document.js";
import { type Gstr1Document, gstDate, gstr1Files, gstr1Report, monthRange, rupees, sectionCsv } from "./gstr1.js";

const shopState = "Karnataka";

interface LineSpec {
  hsn?: string;
  amount: number;
  rateBp: number;
  quantity?: number | null;
}

/** A stored document as `invoiceContent` / `creditNoteContent` write it. */
function doc(spec: {
  kind?: "invoice" | "credit_note";
  number: string;
  sequence: number;
  issuedAt?: string;
  state?: string;
  country?: string;
  lut?: boolean;
  lines: LineSpec[];
  originalInvoiceTotal?: number;
}): Gstr1Document {
  const country = spec.country ?? "IN";
  const state = spec.state ?? shopState;
  const supply = supplyKind(shopState, { country, state });
  const lut = supply === "export" && (spec.lut ?? true);
  const lines = spec.lines.map((line): DocumentLine => {
    const split = splitTax(
      { amount: line.amount, rateBp: line.rateBp, ...includedTax(line.amount, line.rateBp) },
      supply,
      lut,
    );
    return {
      description: "Tee",
      hsnCode: line.hsn ?? "6109",
      quantity: line.quantity === undefined ? 1 : line.quantity,
      amount: line.amount,
      discount: 0,
      taxableValue: split.taxableValue,
      rateBp: split.rateBp,
      cgst: split.cgst,
      sgst: split.sgst,
      igst: split.igst,
    };
  });
  const sum = (pick: (line: DocumentLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const content: TaxDocumentContent = {
    kind: spec.kind ?? "invoice",
    number: spec.number,
    issuedAt: spec.issuedAt ?? "2026-11-10T06:00:00.000Z",
    supplier: { legalName: "Vaki", address: "Bengaluru", state: shopState, gstin: "29ABCDE1234F1Z5" },
    recipient: { name: "Riya", addressLines: [], state, country: country === "IN" ? "India" : country },
    placeOfSupply: supply === "export" ? `Outside India (${country})` : state,
    supply,
    exportUnderLut: lut,
    orderNumber: "VK-1",
    orderDate: "2026-11-01T06:00:00.000Z",
    ...(spec.kind === "credit_note"
      ? { original: { number: "VK/26-27/000001", issuedAt: "2026-10-01T06:00:00.000Z" } }
      : {}),
    lines,
    totals: {
      taxableValue: sum((line) => line.taxableValue),
      cgst: sum((line) => line.cgst),
      sgst: sum((line) => line.sgst),
      igst: sum((line) => line.igst),
      tax: sum((line) => line.cgst + line.sgst + line.igst),
      total: sum((line) => line.amount),
    },
  };
  return {
    content,
    sequence: spec.sequence,
    ...(spec.originalInvoiceTotal !== undefined ? { originalInvoiceTotal: spec.originalInvoiceTotal } : {}),
  };
}

const report = (...documents: Gstr1Document[]) => gstr1Report({ month: "2026-11", documents });
const summaryOf = (result: ReturnType<typeof report>, name: string) =>
  result.summary.sections.find((section) => section.name === name);

describe("GSTR-1 sections of a month's documents", () => {
  it.each([
    {
      case: "intra-state: b2cs at the shop's state, CGST and SGST half each",
      document: doc({ number: "VK/26-27/000001", sequence: 1, lines: [{ amount: 129_900, rateBp: 500 }] }),
      b2cs: [["OE", "29-Karnataka", "5", "", "1237.14", "0.00", ""]],
      // 129,900 / 1.05 = 123,714 taxable; tax 6,186 → CGST 3,093 + SGST 3,093.
      taxes: { igst: 0, cgst: 3_093, sgst: 3_093 },
    },
    {
      case: "inter-state small: b2cs at the buyer's state, IGST",
      document: doc({
        number: "VK/26-27/000001",
        sequence: 1,
        state: "Uttar Pradesh",
        lines: [{ amount: 259_800, rateBp: 500, quantity: 2 }],
      }),
      b2cs: [["OE", "09-Uttar Pradesh", "5", "", "2474.29", "0.00", ""]],
      taxes: { igst: 12_371, cgst: 0, sgst: 0 },
    },
    {
      case: "inter-state at exactly Rs 1,00,000 stays in b2cs (b2cl is above it)",
      document: doc({
        number: "VK/26-27/000001",
        sequence: 1,
        state: "Delhi",
        lines: [{ amount: 10_000_000, rateBp: 1800, quantity: 20 }],
      }),
      b2cs: [["OE", "07-Delhi", "18", "", "84745.76", "0.00", ""]],
      taxes: { igst: 1_525_424, cgst: 0, sgst: 0 },
    },
    {
      case: "intra-state above Rs 1,00,000 stays in b2cs (b2cl is inter-state only)",
      document: doc({ number: "VK/26-27/000001", sequence: 1, lines: [{ amount: 12_000_000, rateBp: 1800 }] }),
      b2cs: [["OE", "29-Karnataka", "18", "", "101694.92", "0.00", ""]],
      taxes: { igst: 0, cgst: 915_254, sgst: 915_254 },
    },
  ])("$case", ({ document, b2cs, taxes }) => {
    const result = report(document);
    expect(result.sections.b2cs.rows).toEqual(b2cs);
    expect(result.sections.b2cl.rows).toEqual([]);
    expect(summaryOf(result, "b2cs")).toMatchObject({ documents: 1, rowCount: 1, ...taxes });
    expect(result.sections.hsn.rows[0]?.slice(7, 10)).toEqual([
      rupees(taxes.igst),
      rupees(taxes.cgst),
      rupees(taxes.sgst),
    ]);
  });

  it("reports an inter-state invoice above Rs 1,00,000 in b2cl, one row per rate with the invoice's value", () => {
    const result = report(
      doc({
        number: "VK/26-27/000007",
        sequence: 7,
        issuedAt: "2026-11-05T20:00:00.000Z",
        state: "Maharashtra",
        lines: [
          { amount: 9_000_000, rateBp: 1800, quantity: 30 },
          { amount: 2_100_000, rateBp: 500, quantity: 10, hsn: "6110" },
        ],
      }),
    );
    expect(result.sections.b2cl.headers).toEqual([
      "Invoice Number",
      "Invoice date",
      "Invoice Value",
      "Place Of Supply",
      "Applicable % of Tax Rate",
      "Rate",
      "Taxable Value",
      "Cess Amount",
      "E-Commerce GSTIN",
    ]);
    // 20:00 UTC on the 5th is the 6th in India.
    expect(result.sections.b2cl.rows).toEqual([
      ["VK/26-27/000007", "06-Nov-2026", "111000.00", "27-Maharashtra", "", "5", "20000.00", "0.00", ""],
      ["VK/26-27/000007", "06-Nov-2026", "111000.00", "27-Maharashtra", "", "18", "76271.19", "0.00", ""],
    ]);
    expect(result.sections.b2cs.rows).toEqual([]);
    expect(summaryOf(result, "b2cl")).toMatchObject({ documents: 1, rowCount: 2, value: 11_100_000 });
  });

  it.each([
    { lut: true, type: "WOPAY", rate: "0", taxable: "2598.00", igst: 0 },
    { lut: false, type: "WPAY", rate: "5", taxable: "2474.29", igst: 12_371 },
  ])("reports an export in exp ($type)", ({ lut, type, rate, taxable, igst }) => {
    const result = report(
      doc({ number: "VK/26-27/000003", sequence: 3, country: "US", lut, lines: [{ amount: 259_800, rateBp: 500 }] }),
    );
    expect(result.sections.exp.rows).toEqual([
      [type, "VK/26-27/000003", "10-Nov-2026", "2598.00", "", "", "", rate, taxable, "0.00"],
    ]);
    expect(result.sections.b2cs.rows).toEqual([]);
    expect(summaryOf(result, "exp")).toMatchObject({ documents: 1, igst });
    expect(result.summary.warnings).toContainEqual(expect.stringContaining("port code"));
  });

  it("takes a credit note of a small invoice off its b2cs row, and puts those of b2cl and export invoices in cdnur", () => {
    const result = report(
      doc({ number: "VK/26-27/000001", sequence: 1, lines: [{ amount: 200_000, rateBp: 500, quantity: 2 }] }),
      doc({
        kind: "credit_note",
        number: "CN/26-27/000001",
        sequence: 1,
        issuedAt: "2026-11-20T06:00:00.000Z",
        lines: [{ amount: 100_000, rateBp: 500, quantity: 1 }],
        originalInvoiceTotal: 200_000,
      }),
      doc({
        kind: "credit_note",
        number: "CN/26-27/000002",
        sequence: 2,
        issuedAt: "2026-11-21T06:00:00.000Z",
        state: "Kerala",
        lines: [{ amount: 500_000, rateBp: 1800, quantity: null }],
        originalInvoiceTotal: 15_000_000,
      }),
      doc({
        kind: "credit_note",
        number: "CN/26-27/000003",
        sequence: 3,
        issuedAt: "2026-11-22T06:00:00.000Z",
        country: "GB",
        lines: [{ amount: 50_000, rateBp: 0, quantity: null }],
        originalInvoiceTotal: 50_000,
      }),
    );
    // 2,00,000 − 1,00,000 paise at 5%: 95,238 taxable.
    expect(result.sections.b2cs.rows).toEqual([["OE", "29-Karnataka", "5", "", "952.38", "0.00", ""]]);
    expect(result.sections.cdnur.rows).toEqual([
      ["B2CL", "CN/26-27/000002", "21-Nov-2026", "C", "32-Kerala", "5000.00", "", "18", "4237.29", "0.00"],
      ["EXPWOP", "CN/26-27/000003", "22-Nov-2026", "C", "", "500.00", "", "0", "500.00", "0.00"],
    ]);
    expect(summaryOf(result, "b2cs")).toMatchObject({ documents: 2, taxableValue: 95_238, cgst: 2_381, sgst: 2_381 });
    expect(summaryOf(result, "cdnur")).toMatchObject({ documents: 2, taxableValue: 473_729, igst: 76_271 });
    expect(result.sections.docs.rows).toEqual([
      ["Invoices for outward supply", "VK/26-27/000001", "VK/26-27/000001", "1", "0"],
      ["Credit Note", "CN/26-27/000001", "CN/26-27/000003", "3", "0"],
    ]);
    expect(result.summary).toMatchObject({ invoices: 1, creditNotes: 3 });
  });

  it("warns when credit notes of earlier invoices outweigh a b2cs row", () => {
    const result = report(
      doc({
        kind: "credit_note",
        number: "CN/26-27/000004",
        sequence: 4,
        lines: [{ amount: 100_000, rateBp: 500 }],
        originalInvoiceTotal: 100_000,
      }),
    );
    expect(result.sections.b2cs.rows).toEqual([["OE", "29-Karnataka", "5", "", "-952.38", "0.00", ""]]);
    expect(result.summary.warnings).toContainEqual(expect.stringContaining("b2cs 29-Karnataka at 5%"));
  });

  it("adds the HSN summary up to the documents' totals, and the sections to the HSN summary, to the paisa", () => {
    const documents = [
      doc({ number: "VK/26-27/000010", sequence: 10, lines: [{ amount: 129_933, rateBp: 500, quantity: 3 }] }),
      doc({
        number: "VK/26-27/000011",
        sequence: 11,
        state: "Tamil Nadu",
        lines: [
          { amount: 99_901, rateBp: 500 },
          { amount: 333_333, rateBp: 1800, hsn: "6110", quantity: 2 },
        ],
      }),
      doc({
        number: "VK/26-27/000012",
        sequence: 12,
        state: "West Bengal",
        lines: [{ amount: 10_000_001, rateBp: 1800, hsn: "6110", quantity: 25 }],
      }),
      doc({ number: "VKI/26-27/000013", sequence: 13, country: "AE", lines: [{ amount: 77_777, rateBp: 0 }] }),
      doc({
        kind: "credit_note",
        number: "CN/26-27/000005",
        sequence: 5,
        state: "Tamil Nadu",
        lines: [{ amount: 111_111, rateBp: 1800, hsn: "6110", quantity: 1 }],
        originalInvoiceTotal: 433_234,
      }),
      doc({
        kind: "credit_note",
        number: "CN/26-27/000006",
        sequence: 6,
        state: "West Bengal",
        lines: [{ amount: 1_234_567, rateBp: 1800, hsn: "6110", quantity: null }],
        originalInvoiceTotal: 10_000_001,
      }),
    ];
    const result = report(...documents);
    const signed = (document: Gstr1Document) => (document.content.kind === "credit_note" ? -1 : 1);
    const documentTotal = (pick: (totals: TaxDocumentContent["totals"]) => number) =>
      documents.reduce((sum, document) => sum + signed(document) * pick(document.content.totals), 0);
    const hsn = summaryOf(result, "hsn");
    expect(hsn).toMatchObject({
      taxableValue: documentTotal((totals) => totals.taxableValue),
      igst: documentTotal((totals) => totals.igst),
      cgst: documentTotal((totals) => totals.cgst),
      sgst: documentTotal((totals) => totals.sgst),
      value: documentTotal((totals) => totals.total),
    });
    expect(result.summary).toMatchObject({
      taxableValue: hsn?.taxableValue,
      value: hsn?.value,
      tax: (hsn?.igst ?? 0) + (hsn?.cgst ?? 0) + (hsn?.sgst ?? 0),
    });
    // b2cs + b2cl + exp − cdnur = hsn, for every amount.
    for (const amount of ["taxableValue", "igst", "cgst", "sgst", "value"] as const) {
      const of = (name: string) => summaryOf(result, name)?.[amount] ?? 0;
      expect(of("b2cs") + of("b2cl") + of("exp") - of("cdnur"), amount).toBe(of("hsn"));
    }
    // The CSV rows add up to the same rupees.
    const cents = (rows: string[][], column: number) =>
      rows.reduce((sum, row) => sum + Math.round(Number(row[column]) * 100), 0);
    expect(cents(result.sections.hsn.rows, 6)).toBe(hsn?.taxableValue);
    expect(
      cents(result.sections.b2cs.rows, 4) +
        cents(result.sections.b2cl.rows, 6) +
        cents(result.sections.exp.rows, 8) -
        cents(result.sections.cdnur.rows, 8),
    ).toBe(hsn?.taxableValue);
    // One row per HSN and rate; a returned piece counts off, a part of a line none.
    expect(result.sections.hsn.rows.map((row) => [row[0], row[2], row[3], row[5]])).toEqual([
      ["6109", "PCS-PIECES", "1", "0"],
      ["6109", "PCS-PIECES", "4", "5"],
      ["6110", "PCS-PIECES", "26", "18"],
    ]);
    // Two prefixes of the invoice series: one row each.
    expect(result.sections.docs.rows).toEqual([
      ["Invoices for outward supply", "VK/26-27/000010", "VK/26-27/000012", "3", "0"],
      ["Invoices for outward supply", "VKI/26-27/000013", "VKI/26-27/000013", "1", "0"],
      ["Credit Note", "CN/26-27/000005", "CN/26-27/000006", "2", "0"],
    ]);
  });
});

describe("GSTR-1 files", () => {
  it("writes rupees from paise exactly, dates in India time and months as India's instants", () => {
    expect([rupees(0), rupees(5), rupees(-5), rupees(123_456), rupees(-1_000_000)]).toEqual([
      "0.00",
      "0.05",
      "-0.05",
      "1234.56",
      "-10000.00",
    ]);
    expect(gstDate("2026-10-31T18:29:59.999Z")).toBe("31-Oct-2026");
    expect(gstDate("2026-10-31T18:30:00.000Z")).toBe("01-Nov-2026");
    expect(monthRange("2026-11")).toEqual({ from: "2026-10-31T18:30:00.000Z", to: "2026-11-30T18:30:00.000Z" });
    expect(monthRange("2026-12")).toEqual({ from: "2026-11-30T18:30:00.000Z", to: "2026-12-31T18:30:00.000Z" });
  });

  it("keeps cells a spreadsheet would run from running, and numbers (negative too) as numbers", () => {
    const csv = sectionCsv({
      headers: ["Place Of Supply", "Taxable Value", "Note"],
      rows: [
        ['=HYPERLINK("http://x")', "-952.38", "+1"],
        ["@SUM(A1)", "12.00", "a, b"],
      ],
    });
    expect(csv).toBe(
      'Place Of Supply,Taxable Value,Note\r\n"\'=HYPERLINK(""http://x"")",-952.38,\'+1\r\n\'@SUM(A1),12.00,"a, b"\r\n',
    );
  });

  it("names an unknown place of supply in the warnings and writes every section, empty ones with their header", () => {
    const result = report(
      doc({ number: "VK/26-27/000001", sequence: 1, state: "Atlantis", lines: [{ amount: 10_000, rateBp: 500 }] }),
    );
    expect(result.summary.warnings).toContainEqual(expect.stringContaining("Atlantis"));
    const files = gstr1Files(result);
    expect(files.map((file) => file.name)).toEqual([
      "b2cs.csv",
      "b2cl.csv",
      "exp.csv",
      "cdnur.csv",
      "hsn.csv",
      "docs.csv",
      "check-before-upload.txt",
    ]);
    expect(files.find((file) => file.name === "exp.csv")?.text).toBe(
      "Export Type,Invoice Number,Invoice date,Invoice Value,Port Code,Shipping Bill Number,Shipping Bill Date,Rate,Taxable Value,Cess Amount\r\n",
    );
  });
});
