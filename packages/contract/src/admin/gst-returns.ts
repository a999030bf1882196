import { z } from "../zod.js";

/*
 * The monthly GSTR-1 export for the accountant (issue "GST invoices"), under /api/admin/gst:
 * the month's invoices and credit notes as the GST offline tool's CSV sections, and a summary of
 * each for the admin's "GST returns" page. Amounts are paise; b2cs may be negative when credit
 * notes of earlier months' invoices outweigh the month's sales.
 */

export const gstr1SectionNames = ["b2cs", "b2cl", "exp", "cdnur", "hsn", "docs"] as const;
export type Gstr1SectionName = (typeof gstr1SectionNames)[number];

export const gstReturnMessages = {
  month: "Choose a month as YYYY-MM.",
  futureMonth: "That month has not started yet.",
  section: "Unknown GSTR-1 section.",
} as const;

/** YYYY-MM, from 2017-07 (GST's first month). */
export const gstMonthSchema = z
  .string()
  .trim()
  .regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, gstReturnMessages.month)
  .refine((month) => month >= "2017-07", gstReturnMessages.month);

export const gstr1QuerySchema = z.object({ month: gstMonthSchema });
export type Gstr1Query = z.infer<typeof gstr1QuerySchema>;

export const gstr1SectionParamsSchema = z.object({
  section: z.enum(gstr1SectionNames, gstReturnMessages.section),
});

const signedPaise = z.number().int();

export const gstr1SectionSummarySchema = z.object({
  name: z.enum(gstr1SectionNames),
  /** Rows of the section's CSV. */
  rowCount: z.number().int(),
  /** Documents reported in it. */
  documents: z.number().int(),
  taxableValue: signedPaise,
  igst: signedPaise,
  cgst: signedPaise,
  sgst: signedPaise,
  /** Tax included. */
  value: signedPaise,
});
export type Gstr1SectionSummary = z.infer<typeof gstr1SectionSummarySchema>;

export const gstr1SummarySchema = z.object({
  month: z.string(),
  invoices: z.number().int(),
  creditNotes: z.number().int(),
  /** The invoices less the credit notes. */
  taxableValue: signedPaise,
  tax: signedPaise,
  value: signedPaise,
  sections: z.array(gstr1SectionSummarySchema),
  /** What the accountant must check or fill in before uploading. */
  warnings: z.array(z.string()),
});
export type Gstr1Summary = z.infer<typeof gstr1SummarySchema>;

/** What each section holds, as the admin page names it. */
export const gstr1SectionLabels: Record<Gstr1SectionName, { title: string; description: string }> = {
  b2cs: {
    title: "B2C small (b2cs)",
    description:
      "Sales within the state, and to other states up to ₹1,00,000 an invoice, by state and rate; less their credit notes.",
  },
  b2cl: { title: "B2C large (b2cl)", description: "Invoices to other states above ₹1,00,000, one by one." },
  exp: { title: "Exports (exp)", description: "Invoices delivered outside India." },
  cdnur: { title: "Credit notes (cdnur)", description: "Credit notes against B2C large and export invoices." },
  hsn: { title: "HSN summary (hsn)", description: "Quantities and values per HSN code and rate, net of credit notes." },
  docs: { title: "Documents issued (docs)", description: "The range of invoice and credit note numbers." },
};
