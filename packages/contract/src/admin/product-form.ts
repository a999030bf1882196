import { paiseSchema } from "../catalog.js";
import { z } from "../zod.js";
import {
  catalogueLimits,
  catalogueMessages as cm,
  productEditRequestSchema,
  productStatusValues,
} from "./catalogue.js";
import { taxClassValues } from "./product-csv.js";

/*
 * A new product from the admin, its variants as a colour × size grid, and the colours table
 * (under /api/admin): POST /products, PUT /products/:id/variants, GET and POST /colours.
 */

export const productFormLimits = {
  slugMax: 80,
  sizeMax: 20,
  colourNameMax: 40,
  cellsMax: 500,
  stockMax: 100_000,
  categoriesMax: 20,
  specificationsMax: 30,
  specNameMax: 80,
  specValueMax: 300,
  deliveryLinesMax: 30,
  deliveryLineMax: 300,
} as const;

/** The size sets the grid offers; "custom" is the owner's own comma list. */
export const sizeSets = {
  adult: { label: "XS–XXL", sizes: ["XS", "S", "M", "L", "XL", "XXL"] },
  kids: { label: "Kids (2-3Y…)", sizes: ["2-3Y", "4-5Y", "6-7Y", "8-9Y", "10-11Y", "12-13Y"] },
  one: { label: "One size", sizes: ["One size"] },
  custom: { label: "Custom", sizes: [] },
} as const satisfies Record<string, { label: string; sizes: readonly string[] }>;
export type SizeSetKey = keyof typeof sizeSets;

export const productFormMessages = {
  productCreated: "Product created.",
  variantsSaved: "Variants saved.",
  variantsArchived: (skus: readonly string[]) =>
    `Variants saved. ${skus.join(", ")} ${skus.length === 1 ? "is" : "are"} in orders, so ${skus.length === 1 ? "it was" : "they were"} archived instead of deleted.`,
  slugFormat: "A slug uses lowercase letters, digits and dashes, for example midnight-tee.",
  slugTaken: (slug: string) => `The slug ${slug} is already used by another product.`,
  slugRequired: "Enter a slug, for example midnight-tee.",
  slugHint: (slug: string) =>
    `The product's address: /product/${slug || "…"}. Lowercase letters, digits and dashes; the old address keeps working.`,
  specNameRequired: "Enter the specification's name, or remove the row.",
  specNameTooLong: `A specification's name can be at most ${productFormLimits.specNameMax} characters.`,
  specValueRequired: "Enter the specification's value, or remove the row.",
  specValueTooLong: `A specification's value can be at most ${productFormLimits.specValueMax} characters.`,
  specificationsTooMany: `A product can have at most ${productFormLimits.specificationsMax} specifications.`,
  specNameRepeated: "This specification is already listed above.",
  deliveryLineRequired: "Enter the delivery line, or remove it.",
  deliveryLineTooLong: `A delivery line can be at most ${productFormLimits.deliveryLineMax} characters.`,
  deliveryLinesTooMany: `A product can have at most ${productFormLimits.deliveryLinesMax} delivery lines.`,
  hsnInvalid: "An HSN code has 4, 6 or 8 digits.",
  taxClassInvalid: "Choose a tax class.",
  categoryUnknown: "A chosen category no longer exists. Reload the page.",
  colourUnknown: (name: string) => `The colour ${name} is not in the colours table: add it first.`,
  colourNameRequired: "Enter the colour's name.",
  colourNameTooLong: `A colour's name can be at most ${productFormLimits.colourNameMax} characters.`,
  colourHexInvalid: "Enter the swatch as #rrggbb, for example #1a2b3c.",
  colourTaken: (name: string) => `The colour ${name} already exists.`,
  colourAdded: "Colour added.",
  sizeRequired: "Enter a size.",
  sizeTooLong: `A size can be at most ${productFormLimits.sizeMax} characters.`,
  stockInvalid: "Enter a whole number of units, 0 or more.",
  cellsRequired: "Choose at least one colour and one size.",
  cellTwice: (colour: string, size: string) => `${colour} / ${size} appears twice in the grid.`,
  variantUnknown: "A variant of this grid does not belong to this product. Reload it.",
} as const;

const fm = productFormMessages;

const skuSchema = z
  .string({ error: cm.skuRequired })
  .trim()
  .min(1, { error: cm.skuRequired, abort: true })
  .max(catalogueLimits.skuMax, cm.skuFormat)
  .regex(/^[A-Za-z0-9._-]+$/, cm.skuFormat);

const hsnSchema = z
  .string()
  .trim()
  .regex(/^(\d{4}|\d{6}|\d{8})$/, fm.hsnInvalid);

export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A product's slug as the edit form sets it: required, lowercase words joined by single dashes. */
export const productSlugSchema = z
  .string({ error: fm.slugRequired })
  .trim()
  .min(1, { error: fm.slugRequired, abort: true })
  .max(productFormLimits.slugMax, fm.slugFormat)
  .regex(slugPattern, fm.slugFormat);

/** Runs of spaces (and line breaks) become one space: a list row is one line of text. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** One row of a product's specifications (Fabric: 100% cotton), as the storefront lists them. */
export const specificationRowSchema = z.object({
  name: z
    .string({ error: fm.specNameRequired })
    .transform(oneLine)
    .pipe(
      z
        .string()
        .min(1, { error: fm.specNameRequired, abort: true })
        .max(productFormLimits.specNameMax, fm.specNameTooLong),
    ),
  value: z
    .string({ error: fm.specValueRequired })
    .transform(oneLine)
    .pipe(
      z
        .string()
        .min(1, { error: fm.specValueRequired, abort: true })
        .max(productFormLimits.specValueMax, fm.specValueTooLong),
    ),
});
export type SpecificationRow = z.infer<typeof specificationRowSchema>;

/** One line of a product's delivery information (a bullet on the product page). */
export const deliveryLineSchema = z
  .string({ error: fm.deliveryLineRequired })
  .transform(oneLine)
  .pipe(
    z
      .string()
      .min(1, { error: fm.deliveryLineRequired, abort: true })
      .max(productFormLimits.deliveryLineMax, fm.deliveryLineTooLong),
  );

export const colourNameSchema = z
  .string({ error: fm.colourNameRequired })
  .trim()
  .min(1, { error: fm.colourNameRequired, abort: true })
  .max(productFormLimits.colourNameMax, fm.colourNameTooLong);

/** One cell of the grid: a variant of one colour and one size. `id` names an existing variant. */
export const gridCellSchema = z.object({
  id: z.number().int().optional(),
  colour: colourNameSchema,
  size: z
    .string({ error: fm.sizeRequired })
    .trim()
    .min(1, { error: fm.sizeRequired, abort: true })
    .max(productFormLimits.sizeMax, fm.sizeTooLong),
  sku: skuSchema,
  price: paiseSchema,
  stock: z
    .number({ error: fm.stockInvalid })
    .int(fm.stockInvalid)
    .min(0, fm.stockInvalid)
    .max(productFormLimits.stockMax, fm.stockInvalid),
  active: z.boolean(),
  /**
   * An existing variant's stock when the grid was loaded: the save then moves its stock by the
   * difference, so units sold meanwhile are not put back. Without it the stock is set outright.
   */
  stockBefore: z.number().int().min(0).optional(),
});
export type GridCell = z.infer<typeof gridCellSchema>;

const cellsSchema = z.array(gridCellSchema).max(productFormLimits.cellsMax);

// ---------------------------------------------------------------------------------------------
// POST /products
// ---------------------------------------------------------------------------------------------

export const productCreateRequestSchema = z.object({
  name: z
    .string({ error: cm.nameRequired })
    .trim()
    .min(1, { error: cm.nameRequired, abort: true })
    .max(catalogueLimits.nameMax, cm.nameTooLong),
  /** Empty: made from the name. */
  slug: z
    .string()
    .trim()
    .max(productFormLimits.slugMax, fm.slugFormat)
    .refine((slug) => slug === "" || slugPattern.test(slug), fm.slugFormat)
    .default(""),
  descriptionHtml: z.string().max(catalogueLimits.descriptionMax, cm.descriptionTooLong).default(""),
  status: z.enum(productStatusValues).default("draft"),
  featured: z.boolean().default(false),
  categoryIds: z.array(z.number().int()).max(productFormLimits.categoriesMax).default([]),
  hsnCode: hsnSchema.default("6109"),
  taxClass: z.enum(taxClassValues, { error: fm.taxClassInvalid }).default("clothing"),
  lowStockThreshold: z
    .number({ error: cm.thresholdInvalid })
    .int(cm.thresholdInvalid)
    .min(0, cm.thresholdInvalid)
    .max(catalogueLimits.thresholdMax, cm.thresholdInvalid)
    .default(5),
  variants: cellsSchema.min(1, fm.cellsRequired),
});
export type ProductCreateRequest = z.input<typeof productCreateRequestSchema>;
export type ProductCreateInput = z.output<typeof productCreateRequestSchema>;

export const productCreateAnswerSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  version: z.number().int(),
  variants: z.number().int(),
});
export type ProductCreateAnswer = z.infer<typeof productCreateAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// PUT /products/:id: the product edit, with categories, HSN code and tax class when sent
// ---------------------------------------------------------------------------------------------

/** The shop lists specifications by name: a name twice would show two rows no one can tell apart. */
export function refuseRepeatedSpecNames(rows: readonly { name: string }[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  for (const [index, row] of rows.entries()) {
    const key = row.name.trim().toLowerCase();
    if (seen.has(key)) ctx.addIssue({ code: "custom", path: [index, "name"], message: fm.specNameRepeated });
    seen.add(key);
  }
}

/**
 * The details a product edit may also change; each left out stays as it is. A new slug keeps the
 * old one as a redirect to the product; specifications and delivery lines are whole lists, in order.
 */
export const productDetailsEditSchema = z.object({
  slug: productSlugSchema.optional(),
  specifications: z
    .array(specificationRowSchema)
    .max(productFormLimits.specificationsMax, fm.specificationsTooMany)
    .superRefine(refuseRepeatedSpecNames)
    .optional(),
  deliveryLines: z
    .array(deliveryLineSchema)
    .max(productFormLimits.deliveryLinesMax, fm.deliveryLinesTooMany)
    .optional(),
  categoryIds: z.array(z.number().int()).max(productFormLimits.categoriesMax).optional(),
  hsnCode: hsnSchema.optional(),
  taxClass: z.enum(taxClassValues, { error: fm.taxClassInvalid }).optional(),
});
export type ProductDetailsEdit = z.output<typeof productDetailsEditSchema>;

export const productEditWithDetailsSchema = productEditRequestSchema.extend(productDetailsEditSchema.shape);
export type ProductEditWithDetails = z.input<typeof productEditWithDetailsSchema>;

// ---------------------------------------------------------------------------------------------
// PUT /products/:id/variants
// ---------------------------------------------------------------------------------------------

export const variantGridRequestSchema = z.object({
  /** The version the grid was loaded at: a stale one answers 409. */
  version: z.number().int().min(1),
  /** The whole grid: cells without an id are created, variants left out are deleted (or archived). */
  variants: cellsSchema,
});
export type VariantGridRequest = z.infer<typeof variantGridRequestSchema>;

export const variantGridAnswerSchema = z.object({
  version: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  /** SKUs of removed variants that are in orders, so kept inactive instead. */
  archived: z.array(z.string()),
});
export type VariantGridAnswer = z.infer<typeof variantGridAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// GET /colours, POST /colours
// ---------------------------------------------------------------------------------------------

export const colourSchema = z.object({ name: z.string(), hex: z.string() });
export type Colour = z.infer<typeof colourSchema>;

export const colourCreateRequestSchema = z.object({
  name: colourNameSchema,
  hex: z
    .string({ error: fm.colourHexInvalid })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, fm.colourHexInvalid)
    .transform((hex) => hex.toLowerCase()),
});
export type ColourCreateRequest = z.input<typeof colourCreateRequestSchema>;

export const coloursAnswerSchema = z.object({ colours: z.array(colourSchema) });
export type ColoursAnswer = z.infer<typeof coloursAnswerSchema>;

/** A slug made from a product's name: lowercase words joined by dashes, as the shop writes them. */
export function productSlugFrom(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, productFormLimits.slugMax)
      .replace(/-+$/, "") || "product"
  );
}

/** The grid's SKU pattern {SLUG}-{COLOUR}-{SIZE}, uppercased, anything but letters and digits a dash. */
export function skuFor(slug: string, colour: string, size: string): string {
  const part = (text: string) =>
    text
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "");
  return [part(slug), part(colour), part(size)]
    .filter(Boolean)
    .join("-")
    .slice(0, catalogueLimits.skuMax)
    .replace(/-+$/, "");
}
