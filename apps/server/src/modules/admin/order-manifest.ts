import PDFDocument from "pdfkit";

/** One parcel on the pickup manifest. */
export interface ManifestParcel {
  orderNumber: string;
  awb: string;
  courierName: string | null;
  paymentMethod: "COD" | "Prepaid";
  /** Paise the courier collects (0 for prepaid). */
  codAmount: number;
  pieces: number;
  /** City and pincode the parcel goes to. */
  destination: string;
}

const rupees = (paise: number) =>
  `Rs ${(paise / 100).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The pickup manifest as a PDF (A4): the parcels handed to each courier, with AWB, payment, cash
 * to collect and pieces, totals per courier, and the lines both sides sign at pickup. One
 * courier per page, as each pickup person takes away their own sheet.
 */
export async function manifestPdf(input: {
  shopName: string;
  shipFrom: string;
  generatedAt: Date;
  parcels: ManifestParcel[];
}): Promise<Buffer> {
  const byCourier = new Map<string, ManifestParcel[]>();
  for (const parcel of input.parcels) {
    const courier = parcel.courierName ?? "Courier";
    byCourier.set(courier, [...(byCourier.get(courier) ?? []), parcel]);
  }
  const doc = new PDFDocument({ size: "A4", margin: 40, autoFirstPage: false, info: { Title: "Pickup manifest" } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const when = input.generatedAt.toLocaleString("en-IN", {
    timeZone: "Asia/Kolkata",
    dateStyle: "medium",
    timeStyle: "short",
  });
  // Column x positions and widths on A4 (595 pt wide, 40 pt margins).
  const columns = [
    { title: "#", x: 40, width: 24 },
    { title: "Order", x: 64, width: 96 },
    { title: "AWB", x: 160, width: 110 },
    { title: "Payment", x: 270, width: 56 },
    { title: "To collect", x: 326, width: 80 },
    { title: "Pieces", x: 406, width: 40 },
    { title: "Destination", x: 446, width: 109 },
  ];
  for (const [courier, parcels] of byCourier) {
    doc.addPage();
    doc.font("Helvetica-Bold").fontSize(16).text("Pickup manifest");
    doc.font("Helvetica").fontSize(10).text(`${input.shopName} · ${when} (India time)`);
    doc.text(`From: ${input.shipFrom}`);
    doc.moveDown(0.5);
    doc.font("Helvetica-Bold").fontSize(12).text(`Courier: ${courier}`);
    doc.moveDown(0.5);
    const row = (cells: string[], bold = false) => {
      const y = doc.y;
      doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
      let height = 0;
      cells.forEach((cell, index) => {
        const column = columns[index]!;
        doc.text(cell, column.x, y, { width: column.width - 4 });
        height = Math.max(height, doc.y - y);
      });
      doc.y = y + height + 4;
      doc.x = 40;
      if (doc.y > 760) doc.addPage();
    };
    row(
      columns.map((column) => column.title),
      true,
    );
    doc
      .moveTo(40, doc.y - 2)
      .lineTo(555, doc.y - 2)
      .stroke();
    for (const [index, parcel] of parcels.entries()) {
      row([
        String(index + 1),
        parcel.orderNumber,
        parcel.awb,
        parcel.paymentMethod,
        parcel.paymentMethod === "COD" ? rupees(parcel.codAmount) : "-",
        String(parcel.pieces),
        parcel.destination,
      ]);
    }
    doc.moveTo(40, doc.y).lineTo(555, doc.y).stroke();
    doc.moveDown(0.5);
    const cod = parcels.filter((parcel) => parcel.paymentMethod === "COD");
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .text(
        `${parcels.length} ${parcels.length === 1 ? "parcel" : "parcels"}, ${parcels.reduce((sum, parcel) => sum + parcel.pieces, 0)} pieces; ` +
          `${cod.length} cash on delivery, ${rupees(cod.reduce((sum, parcel) => sum + parcel.codAmount, 0))} to collect.`,
        40,
      );
    doc.moveDown(3);
    const signY = doc.y;
    doc.font("Helvetica").fontSize(9);
    doc.moveTo(40, signY).lineTo(260, signY).stroke();
    doc.moveTo(320, signY).lineTo(555, signY).stroke();
    doc.text(`Handed over by (${input.shopName}): name, signature`, 40, signY + 4, { width: 220 });
    doc.text(`Received by (${courier}): name, signature, date and time`, 320, signY + 4, { width: 235 });
    doc.x = 40;
  }
  doc.end();
  return done;
}
