import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { formatOrderAmount } from "../../lib/money.js";
import { formatRate } from "../tax/tax.js";
import type { DocumentLine, TaxDocumentContent } from "./document.js";

const require = createRequire(import.meta.url);
// DejaVu has the rupee sign (U+20B9); pdfkit's built-in fonts do not. Embedded (subset) in each PDF.
const fonts = {
  regular: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
  bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
};

const page = { width: 595.28, height: 841.89, margin: 40 };
const contentWidth = page.width - 2 * page.margin;
const bottom = page.height - page.margin;

const dateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});
const dateOf = (iso: string) => dateFormat.format(new Date(iso));
const money = (paise: number) => formatOrderAmount(paise);

interface Column {
  header: string;
  width: number;
  align: "left" | "right";
  cell: (line: DocumentLine, index: number) => string;
}

function columnsFor(content: TaxDocumentContent): Column[] {
  const intra = content.supply === "intra";
  const first: Column[] = [
    { header: "#", width: 18, align: "left", cell: (_line, index) => String(index + 1) },
    { header: "Description", width: intra ? 132 : 162, align: "left", cell: (line) => line.description },
    { header: "HSN", width: 38, align: "left", cell: (line) => line.hsnCode },
    {
      header: "Qty",
      width: 26,
      align: "right",
      cell: (line) => (line.quantity === null ? "–" : String(line.quantity)),
    },
    { header: "Taxable value", width: 66, align: "right", cell: (line) => money(line.taxableValue) },
  ];
  const taxes: Column[] = intra
    ? [
        { header: "CGST rate", width: 38, align: "right", cell: (line) => formatRate(line.rateBp / 2) },
        { header: "CGST", width: 52, align: "right", cell: (line) => money(line.cgst) },
        { header: "SGST rate", width: 38, align: "right", cell: (line) => formatRate(line.rateBp / 2) },
        { header: "SGST", width: 52, align: "right", cell: (line) => money(line.sgst) },
      ]
    : [
        { header: "IGST rate", width: 44, align: "right", cell: (line) => formatRate(line.rateBp) },
        { header: "IGST", width: 88, align: "right", cell: (line) => money(line.igst) },
      ];
  const used = [...first, ...taxes].reduce((sum, column) => sum + column.width, 0);
  return [
    ...first,
    ...taxes,
    { header: "Amount", width: contentWidth - used, align: "right", cell: (line) => money(line.amount) },
  ];
}

/** Draws an invoice or credit note with every field Rule 46 of the CGST Rules asks for. */
export function renderTaxDocumentPdf(content: TaxDocumentContent): Promise<Buffer> {
  const title = content.kind === "invoice" ? "Tax invoice" : "Credit note";
  const doc = new PDFDocument({
    size: "A4",
    margin: page.margin,
    info: { Title: `${title} ${content.number}`, Author: content.supplier.legalName },
  });
  doc.registerFont("regular", fonts.regular);
  doc.registerFont("bold", fonts.bold);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = page.margin;
  const half = contentWidth / 2;
  doc.font("bold").fontSize(16).text(title.toUpperCase(), left, page.margin);
  doc.font("regular").fontSize(8).fillColor("#444").text("Original for recipient", left, doc.y);
  doc.fillColor("#000");

  // Supplier (left) and the document's facts (right).
  const top = doc.y + 10;
  const supplier = content.supplier;
  doc
    .font("bold")
    .fontSize(10)
    .text(supplier.legalName, left, top, { width: half - 10 });
  doc
    .font("regular")
    .fontSize(9)
    .text(supplier.address, { width: half - 10 });
  doc.text(`State: ${supplier.state}`);
  doc.text(`GSTIN: ${supplier.gstin || "not registered"}`);
  const supplierBottom = doc.y;
  const facts: [string, string][] = [
    [content.kind === "invoice" ? "Invoice number" : "Credit note number", content.number],
    [content.kind === "invoice" ? "Invoice date" : "Credit note date", dateOf(content.issuedAt)],
    ...(content.original
      ? ([["Against invoice", `${content.original.number} of ${dateOf(content.original.issuedAt)}`]] as [
          string,
          string,
        ][])
      : []),
    ["Order", `${content.orderNumber} of ${dateOf(content.orderDate)}`],
    ["Place of supply", content.placeOfSupply || "–"],
    ["Tax payable on reverse charge", "No"],
  ];
  let factY = top;
  for (const [label, value] of facts) {
    doc
      .font("regular")
      .fontSize(9)
      .text(`${label}:`, left + half, factY, { width: 110 });
    doc.font("bold").text(value, left + half + 112, factY, { width: half - 112 });
    factY = doc.y + 2;
  }

  // Recipient.
  let y = Math.max(supplierBottom, factY) + 14;
  doc.font("bold").fontSize(9).text("Bill to / Ship to", left, y);
  doc.font("regular").text(content.recipient.name);
  for (const line of content.recipient.addressLines) doc.text(line, { width: contentWidth });
  doc.text(`State: ${content.recipient.state || "–"}, ${content.recipient.country}`);
  doc.text("GSTIN: unregistered person");
  y = doc.y + 14;

  // Lines.
  const columns = columnsFor(content);
  const row = (cells: string[], font: "regular" | "bold", shade: boolean) => {
    doc.font(font).fontSize(8);
    const height =
      Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: (columns[i]?.width ?? 40) - 6 }))) + 8;
    if (y + height > bottom - 120) {
      doc.addPage();
      y = page.margin;
    }
    if (shade) doc.rect(left, y, contentWidth, height).fill("#eeeeee").fillColor("#000");
    let x = left;
    cells.forEach((cell, i) => {
      const column = columns[i];
      if (!column) return;
      doc.text(cell, x + 3, y + 4, { width: column.width - 6, align: column.align });
      x += column.width;
    });
    y += height;
    doc
      .moveTo(left, y)
      .lineTo(left + contentWidth, y)
      .lineWidth(0.5)
      .strokeColor("#999")
      .stroke();
  };
  row(
    columns.map((column) => column.header),
    "bold",
    true,
  );
  content.lines.forEach((line, index) => {
    row(
      columns.map((column) => column.cell(line, index)),
      "regular",
      false,
    );
  });

  // Totals.
  y += 10;
  const totals: [string, string][] = [
    ["Total taxable value", money(content.totals.taxableValue)],
    ...(content.supply === "intra"
      ? ([
          ["CGST", money(content.totals.cgst)],
          ["SGST", money(content.totals.sgst)],
        ] as [string, string][])
      : ([["IGST", money(content.totals.igst)]] as [string, string][])),
    [
      content.kind === "invoice" ? "Total (tax included)" : "Total credited (tax included)",
      money(content.totals.total),
    ],
  ];
  totals.forEach(([label, value], index) => {
    const font = index === totals.length - 1 ? "bold" : "regular";
    doc
      .font(font)
      .fontSize(9)
      .text(label, left + half, y, { width: half - 100 });
    doc.text(value, left + contentWidth - 100, y, { width: 100, align: "right" });
    y = doc.y + 3;
  });

  y += 10;
  doc.font("regular").fontSize(8);
  if (content.exportUnderLut) {
    doc.text("Supply meant for export under a letter of undertaking without payment of IGST.", left, y, {
      width: contentWidth,
    });
    y = doc.y + 4;
  }
  doc.text("Tax payable on reverse charge: No. Prices include GST.", left, y, { width: contentWidth });

  // Signature.
  const signY = Math.max(doc.y + 40, y + 50);
  doc
    .font("regular")
    .fontSize(9)
    .text(`For ${supplier.legalName}`, left + half, signY, { width: half, align: "right" });
  doc
    .moveTo(left + contentWidth - 160, signY + 40)
    .lineTo(left + contentWidth, signY + 40)
    .strokeColor("#000")
    .stroke();
  doc.text("Authorised signatory", left + half, signY + 44, { width: half, align: "right" });
  doc.end();
  return done;
}
