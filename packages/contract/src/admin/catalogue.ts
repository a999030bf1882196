import { paiseSchema } from "../catalog.js";
import { z } from "../zod.js";

/*
 * The admin's catalogue calls (under /api/admin): stock adjustments and a variant's stock ledger,
 * product editing with a version check, and bulk changes (status, categories, featured).
 */

/** Why a variant's stock changed: every row of the stock ledger names one. */
export const stockReasons = [
  "opening",
  "received",
  "correction",
  "damaged",
  "returned",
  "other",
  "hold",
  "release",
  "sale",
  "cancelled",
] as const;
export type StockReason = (typeof stockReasons)[number];

/** The reasons a person may give when adjusting stock by hand (the others are the shop's own moves). */
export const adjustmentReasons = ["received", "correction", "damaged", "returned", "other"] as const;
export type AdjustmentReason = (typeof adjustmentReasons)[number];

export const stockReasonLabels: Record<StockReason, string> = {
  opening: "Opening stock",
  received: "Received",
  correction: "Correction",
  damaged: "Damaged",
  returned: "Returned by a customer",
  other: "Other",
  hold: "Held for an order",
  release: "Hold released",
  sale: "Sold",
  cancelled: "Order cancelled",
};

export const productStatusValues = ["draft", "active", "archived"] as const;
export type ProductStatusValue = (typeof productStatusValues)[number];

/** Where a variant's stock stands against its product's low-stock threshold. */
export const stockLevels = ["in", "low", "out"] as const;
export type StockLevel = (typeof stockLevels)[number];

/** In stock, low (at or under the threshold) or out. */
export function stockLevelOf(stock: number, threshold: number): StockLevel {
  if (stock <= 0) return "out";
  return stock <= threshold ? "low" : "in";
}

export const catalogueLimits = {
  changeMax: 100_000,
  noteMax: 500,
  nameMax: 200,
  descriptionMax: 20_000,
  thresholdMax: 10_000,
  skuMax: 64,
  bulkMax: 100,
  ledgerDefault: 50,
  ledgerMax: 200,
} as const;

export const catalogueMessages = {
  stockAdjusted: "Stock adjusted.",
  changeRequired: "Enter a change other than 0 (for example 5 or -2).",
  changeTooLarge: `A change can be at most ${catalogueLimits.changeMax.toLocaleString("en-IN")} units.`,
  reasonRequired: "Choose a reason.",
  noteTooLong: `A note can be at most ${catalogueLimits.noteMax} characters.`,
  belowZero: (sku: string, stock: number) =>
    `Stock of ${sku} cannot go below zero: it has ${stock}, so at most ${stock} can be taken away.`,
  variantNotFound: "No such variant.",
  productNotFound: "No such product.",
  productSaved: "Product saved.",
  staleVersion: "Someone else saved this product while you were editing it. Reload it to see their changes.",
  skuTaken: (sku: string) => `The SKU ${sku} is already used by another variant.`,
  skuRequired: "Enter a SKU.",
  skuFormat: "A SKU uses letters, digits, dots, dashes and underscores only.",
  nameRequired: "Enter the product's name.",
  nameTooLong: `A name can be at most ${catalogueLimits.nameMax} characters.`,
  descriptionTooLong: "The description is too long.",
  priceInvalid: "Enter a price in rupees, for example 999 or 1299.50.",
  thresholdInvalid: "Enter a whole number of units, 0 or more.",
  variantsUnknown: "A variant of this form does not belong to this product. Reload it.",
  bulkDone: (count: number, status: ProductStatusValue) =>
    `${count} ${count === 1 ? "product" : "products"} ${status === "active" ? "activated" : status === "archived" ? "archived" : "moved to draft"}.`,
  bulkEmpty: "Choose at least one product.",
  categoryRequired: "Choose a category.",
  categoryNotFound: "That category no longer exists. Reload the page and choose another.",
  bulkCategoryDone: (count: number, category: string, action: BulkCategoryAction) =>
    count === 0
      ? action === "add"
        ? `The chosen products were already in ${category}.`
        : `None of the chosen products were in ${category}.`
      : action === "add"
        ? `Added ${count} ${count === 1 ? "product" : "products"} to ${category}.`
        : `Removed ${count} ${count === 1 ? "product" : "products"} from ${category}.`,
  bulkFeaturedDone: (count: number, featured: boolean) =>
    `${count} ${count === 1 ? "product" : "products"} ${featured ? "marked featured" : "no longer featured"}.`,
} as const;

const m = catalogueMessages;

// ---------------------------------------------------------------------------------------------
// Stock: POST /variants/:id/stock, GET /variants/:id/ledger
// ---------------------------------------------------------------------------------------------

export const stockAdjustmentRequestSchema = z.object({
  change: z
    .number({ error: m.changeRequired })
    .int({ error: m.changeRequired })
    .refine((value) => value !== 0, m.changeRequired)
    .refine((value) => Math.abs(value) <= catalogueLimits.changeMax, m.changeTooLarge),
  reason: z.enum(adjustmentReasons, { error: m.reasonRequired }),
  note: z.string().trim().max(catalogueLimits.noteMax, m.noteTooLong).default(""),
});
export type StockAdjustmentRequest = z.infer<typeof stockAdjustmentRequestSchema>;

export const stockAdjustmentAnswerSchema = z.object({
  variantId: z.number().int(),
  before: z.number().int(),
  after: z.number().int(),
});
export type StockAdjustmentAnswer = z.infer<typeof stockAdjustmentAnswerSchema>;

export const ledgerQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(catalogueLimits.ledgerMax).default(catalogueLimits.ledgerDefault),
});

export const stockLedgerEntrySchema = z.object({
  id: z.number().int(),
  change: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.enum(stockReasons),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** Who adjusted it by hand; null for the shop's own moves. */
  staff: z.object({ id: z.string(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type StockLedgerEntry = z.infer<typeof stockLedgerEntrySchema>;

export const stockLedgerAnswerSchema = z.object({
  variantId: z.number().int(),
  sku: z.string(),
  stock: z.number().int(),
  /** Newest first. */
  items: z.array(stockLedgerEntrySchema),
});
export type StockLedgerAnswer = z.infer<typeof stockLedgerAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Editing: PUT /products/:id, POST /products/status
// ---------------------------------------------------------------------------------------------

const skuSchema = z
  .string({ error: m.skuRequired })
  .trim()
  .min(1, { error: m.skuRequired, abort: true })
  .max(catalogueLimits.skuMax, m.skuFormat)
  .regex(/^[A-Za-z0-9._-]+$/, m.skuFormat);

export const productVariantEditSchema = z.object({
  id: z.number().int(),
  sku: skuSchema,
  price: paiseSchema,
  active: z.boolean(),
});
export type ProductVariantEdit = z.infer<typeof productVariantEditSchema>;

export const productEditRequestSchema = z.object({
  /** The version the form was loaded at: a stale one answers 409. */
  version: z.number().int().min(1),
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, { error: m.nameRequired, abort: true })
    .max(catalogueLimits.nameMax, m.nameTooLong),
  descriptionHtml: z.string().max(catalogueLimits.descriptionMax, m.descriptionTooLong),
  status: z.enum(productStatusValues),
  featured: z.boolean(),
  lowStockThreshold: z
    .number({ error: m.thresholdInvalid })
    .int(m.thresholdInvalid)
    .min(0, m.thresholdInvalid)
    .max(catalogueLimits.thresholdMax, m.thresholdInvalid),
  variants: z.array(productVariantEditSchema).max(500),
});
export type ProductEditRequest = z.infer<typeof productEditRequestSchema>;

export const productEditAnswerSchema = z.object({ id: z.number().int(), version: z.number().int() });
export type ProductEditAnswer = z.infer<typeof productEditAnswerSchema>;

/** The products a bulk action changes: the list's chosen rows. */
const bulkIdsSchema = z.array(z.number().int()).min(1, m.bulkEmpty).max(catalogueLimits.bulkMax);

export const bulkStatusRequestSchema = z.object({
  ids: bulkIdsSchema,
  status: z.enum(productStatusValues),
});
export type BulkStatusRequest = z.infer<typeof bulkStatusRequestSchema>;

export const bulkStatusAnswerSchema = z.object({ changed: z.number().int() });
export type BulkStatusAnswer = z.infer<typeof bulkStatusAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Bulk: POST /products/categories, POST /products/featured
// ---------------------------------------------------------------------------------------------

export const bulkCategoryActions = ["add", "remove"] as const;
export type BulkCategoryAction = (typeof bulkCategoryActions)[number];

/** Adds the products to a category (or character), or takes them out of it. */
export const bulkCategoryRequestSchema = z.object({
  ids: bulkIdsSchema,
  categoryId: z.number({ error: m.categoryRequired }).int(m.categoryRequired).min(1, m.categoryRequired),
  action: z.enum(bulkCategoryActions),
});
export type BulkCategoryRequest = z.infer<typeof bulkCategoryRequestSchema>;

export const bulkFeaturedRequestSchema = z.object({
  ids: bulkIdsSchema,
  featured: z.boolean(),
});
export type BulkFeaturedRequest = z.infer<typeof bulkFeaturedRequestSchema>;

/** How many products changed; those already in the state asked for are not counted. */
export const bulkChangeAnswerSchema = z.object({ changed: z.number().int() });
export type BulkChangeAnswer = z.infer<typeof bulkChangeAnswerSchema>;
