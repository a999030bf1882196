import { z } from "../zod.js";
import { productStatusValues } from "./catalogue.js";

/*
 * Products and variants as CSV (under /api/admin): GET /products.csv exports one row per variant
 * with the list's filters; POST /products/import reads the same shape back, as a dry run first.
 */

/** The columns, in the order the export writes them. Only `sku` is required on import. */
export const productCsvColumns = [
  "sku",
  "product_slug",
  "product_name",
  "status",
  "featured",
  "categories",
  "colour",
  "size",
  "price",
  "stock",
  "active",
  "low_stock_threshold",
  "hsn_code",
  "tax_class",
] as const;
export type ProductCsvColumn = (typeof productCsvColumns)[number];

export const taxClassValues = ["clothing", "headwear", "bags"] as const;

export const productCsvLimits = {
  /** Rows of one file (a 10,000-row file is checked in well under 10 s). */
  rowsMax: 20_000,
  /** Bytes of one file, read by the browser and sent as text. */
  bytesMax: 8 * 1024 * 1024,
  /** Row results an answer lists in full (every error is always listed). */
  rowsShown: 500,
} as const;

export const productCsvMessages = {
  fileRequired: "Choose a CSV file to import.",
  fileTooLarge: `A file can be at most ${productCsvLimits.bytesMax / 1024 / 1024} MB.`,
  tooManyRows: `A file can have at most ${productCsvLimits.rowsMax.toLocaleString("en-IN")} rows.`,
  noRows: "The file has a header but no rows.",
  skuColumnMissing: "The first line must name the columns, with a column called sku.",
  unknownColumn: (name: string) => `Unknown column "${name}". The columns are: ${productCsvColumns.join(", ")}.`,
  duplicateColumn: (name: string) => `The column "${name}" appears twice.`,
  malformed: (detail: string) => `The file is not valid CSV: ${detail}.`,
  skuRequired: "Enter a SKU.",
  skuFormat: "A SKU uses letters, digits, dots, dashes and underscores only (at most 64).",
  skuRepeated: (line: number) => `This SKU is already on line ${line}.`,
  slugRequired: "A new SKU needs the product_slug of the product it belongs to.",
  slugFormat: "A slug uses lowercase letters, digits and dashes only (at most 120).",
  slugMoved: (slug: string) => `This SKU belongs to ${slug}; a SKU cannot move to another product.`,
  nameRequired: "A new product needs its product_name.",
  nameTooLong: "A name can be at most 200 characters.",
  statusInvalid: `Write one of: ${productStatusValues.join(", ")}.`,
  yesNoInvalid: "Write yes or no.",
  categoryUnknown: (slug: string) => `No category has the slug "${slug}".`,
  colourUnknown: (name: string) => `No colour is called "${name}".`,
  sizeTooLong: "A size can be at most 20 characters.",
  optionFixed: "The colour and size of an existing SKU cannot change; add a new SKU instead.",
  priceRequired: "A new SKU needs its price in rupees.",
  priceInvalid: "Enter a price in rupees, for example 999 or 1299.50.",
  stockInvalid: "Enter the units in stock as a whole number, 0 or more.",
  thresholdInvalid: "Enter a whole number of units, 0 or more.",
  hsnInvalid: "An HSN code has 4, 6 or 8 digits.",
  taxClassInvalid: `Write one of: ${taxClassValues.join(", ")}.`,
  productDiffers: (column: string, line: number) =>
    `The product's ${column} differs from line ${line}; write it the same on every row of the product.`,
  hasErrors: (count: number) =>
    `Nothing was imported: ${count} ${count === 1 ? "row has an error" : "rows have errors"}. Fix them and try again.`,
  checked: "Dry run done: nothing has changed yet.",
  imported: (created: number, updated: number) => `Imported: ${created} created, ${updated} updated.`,
} as const;

export const productImportRequestSchema = z.object({
  csv: z
    .string()
    .min(1, productCsvMessages.fileRequired)
    .max(productCsvLimits.bytesMax, productCsvMessages.fileTooLarge),
  /** False: a dry run that changes nothing. True: apply in one transaction (refused if any row has an error). */
  apply: z.boolean().default(false),
});
export type ProductImportRequest = z.infer<typeof productImportRequestSchema>;

export const importOutcomes = ["created", "updated", "unchanged", "error"] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

export const importErrorSchema = z.object({
  line: z.number().int(),
  /** The column at fault; null for the row as a whole. */
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importRowSchema = z.object({
  line: z.number().int(),
  sku: z.string(),
  outcome: z.enum(importOutcomes),
  /** What changes, as "column: before → after" (empty for unchanged and error rows). */
  changes: z.array(z.string()),
  errors: z.array(importErrorSchema),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const productImportAnswerSchema = z.object({
  applied: z.boolean(),
  counts: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  /** Products the file creates. */
  newProducts: z.number().int(),
  /** Every error (file-level ones on line 1), then the first rows that change something. */
  errors: z.array(importErrorSchema),
  rows: z.array(importRowSchema),
});
export type ProductImportAnswer = z.infer<typeof productImportAnswerSchema>;
