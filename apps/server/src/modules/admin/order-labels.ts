import { type Address, addressSchema } from "@vaki/contract/orders";
import bwipjs from "bwip-js/node";
import PDFDocument from "pdfkit";

/** What one shipping label shows. */
export interface LabelInput {
  orderNumber: string;
  awb: string;
  courierName: string | null;
  paymentMethod: "COD" | "Prepaid";
  /** Paise to collect for cash on delivery. */
  codAmount: number;
  shipTo: string | null;
  shipFrom: string;
  lines: { sku: string; name: string; size: string | null; quantity: number }[];
}

/** 4 × 6 inch, the courier label size, in PDF points. */
const pageSize: [number, number] = [288, 432];
const margin = 16;

/**
 * Shipping labels as one PDF, a page each (the sandbox courier's label, and the bulk download):
 * order number, addresses, payment, contents and the AWB as a Code 128 barcode (bwip-js).
 */
export async function labelsPdf(labels: LabelInput[]): Promise<Buffer> {
  const barcodes = await Promise.all(
    labels.map((label) =>
      bwipjs.toBuffer({
        bcid: "code128",
        text: label.awb,
        scale: 3,
        height: 14,
        includetext: true,
        textxalign: "center",
      }),
    ),
  );
  const doc = new PDFDocument({ size: pageSize, margin, autoFirstPage: false, info: { Title: "Shipping labels" } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = pageSize[0] - margin * 2;
  labels.forEach((label, index) => {
    doc.addPage();
    doc
      .font("Helvetica-Bold")
      .fontSize(14)
      .text(label.courierName ?? "Courier", { width });
    doc.font("Helvetica").fontSize(9).text(`Order ${label.orderNumber}`, { width });
    doc.moveDown(0.4);
    const barcode = barcodes[index];
    if (barcode) doc.image(barcode, margin, doc.y, { fit: [width, 80], align: "center" });
    doc.y += 86;
    doc.font("Helvetica-Bold").fontSize(10).text(`AWB ${label.awb}`, margin, doc.y, { width, align: "center" });
    doc.moveDown(0.6);
    const payment =
      label.paymentMethod === "COD"
        ? `COD: collect Rs ${(label.codAmount / 100).toFixed(2)}`
        : "PREPAID: collect nothing";
    doc.font("Helvetica-Bold").fontSize(11).text(payment, { width });
    doc.moveDown(0.5);
    doc.font("Helvetica-Bold").fontSize(9).text("Ship to", { width });
    doc
      .font("Helvetica")
      .fontSize(10)
      .text(label.shipTo ?? "(no address)", { width });
    doc.moveDown(0.5);
    doc.font("Helvetica-Bold").fontSize(9).text("From", { width });
    doc.font("Helvetica").fontSize(9).text(label.shipFrom, { width });
    doc.moveDown(0.5);
    doc.font("Helvetica-Bold").fontSize(8).text("Contents", { width });
    doc.font("Helvetica").fontSize(8);
    for (const line of label.lines.slice(0, 6)) {
      doc.text(`${line.quantity} × ${line.name}${line.size ? ` (${line.size})` : ""} · ${line.sku}`, { width });
    }
    if (label.lines.length > 6) doc.text(`… and ${label.lines.length - 6} more lines`, { width });
  });
  doc.end();
  return done;
}

/** A stored address (JSON text) as the lines of a label. */
export function addressLines(json: string | null): string | null {
  if (!json) return null;
  let address: Address;
  try {
    const parsed = addressSchema.safeParse(JSON.parse(json));
    if (!parsed.success) return null;
    address = parsed.data;
  } catch {
    return null;
  }
  const parts = [
    address.fullName,
    address.line1 ?? address.addressLine1,
    address.line2 ?? address.addressLine2,
    [address.city, address.state, address.pincode ?? address.postalCode].filter(Boolean).join(", "),
    address.country,
    address.phone ? `Phone ${address.phone}` : undefined,
  ];
  return parts.filter((part) => part && part.trim() !== "").join("\n");
}
