import { z } from "../zod.js";

/*
 * The category tree and the Vakiverse characters on the owner's side (under /api/admin):
 * GET /categories, POST /categories, PATCH /categories/:id, POST /categories/order, and the
 * picture: POST /categories/:id/picture (the file's raw bytes, as a product photo's upload) and
 * DELETE /categories/:id/picture.
 * A character is a category under the Vakiverse with a tagline and a signature colour.
 */

export const categoryLimits = {
  nameMax: 80,
  slugMax: 80,
  descriptionMax: 4_000,
  taglineMax: 160,
  imageUrlMax: 500,
  /** Children of one parent reordered at once. */
  orderMax: 500,
} as const;

export const categoryMessages = {
  created: "Category created.",
  saved: "Category saved.",
  reordered: "Order saved.",
  notFound: "No such category.",
  nameRequired: "Enter the category's name.",
  nameTooLong: `A name can be at most ${categoryLimits.nameMax} characters.`,
  slugFormat: "A slug uses lowercase letters, digits and dashes only, for example summer-drop.",
  slugTaken: (slug: string) => `Another category already uses the slug ${slug}.`,
  parentUnknown: "The parent category does not exist.",
  parentCycle: "A category cannot move under itself or one of its own sub-categories.",
  descriptionTooLong: "The description is too long.",
  taglineTooLong: `A tagline can be at most ${categoryLimits.taglineMax} characters.`,
  colourFormat: "Write the colour as #rrggbb, for example #e4572e.",
  imageFormat: "Give the picture's address: a path on this shop (/media/…) or an https:// address.",
  orderMismatch: "The order must name every sub-category of that parent exactly once. Reload and try again.",
  pictureUploaded: "Picture uploaded.",
  pictureRemoved: "Picture removed.",
  pictureSaveFirst: "Save the category first to add a picture.",
} as const;

const m = categoryMessages;

const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(categoryLimits.slugMax, m.slugFormat)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, m.slugFormat);

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => (value === "" ? null : value))
    .nullable();

export const categoryFieldsSchema = z.object({
  name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(categoryLimits.nameMax, m.nameTooLong),
  /** Made from the name when left empty on create. */
  slug: slugSchema.optional(),
  parentId: z.number().int().nullable(),
  active: z.boolean(),
  description: optionalText(categoryLimits.descriptionMax, m.descriptionTooLong),
  imageUrl: optionalText(categoryLimits.imageUrlMax, m.imageFormat).refine(
    (value) => value === null || /^(\/media\/|https:\/\/)\S+$/.test(value),
    m.imageFormat,
  ),
  /** A Vakiverse character: its products name it, the landing page shows it. */
  isCharacter: z.boolean(),
  tagline: optionalText(categoryLimits.taglineMax, m.taglineTooLong),
  accentColor: z
    .string()
    .trim()
    .toLowerCase()
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .refine((value) => value === null || /^#[0-9a-f]{6}$/.test(value), m.colourFormat),
});
export type CategoryFields = z.input<typeof categoryFieldsSchema>;

export const categoryCreateRequestSchema = categoryFieldsSchema;
export type CategoryCreateRequest = z.input<typeof categoryCreateRequestSchema>;

/** Every field may be left out; what is sent changes. */
export const categoryPatchRequestSchema = categoryFieldsSchema.partial();
export type CategoryPatchRequest = z.input<typeof categoryPatchRequestSchema>;

export const categoryOrderRequestSchema = z.object({
  parentId: z.number().int().nullable(),
  /** Every child of the parent, in the new order. */
  ids: z.array(z.number().int()).min(1).max(categoryLimits.orderMax),
});
export type CategoryOrderRequest = z.infer<typeof categoryOrderRequestSchema>;

export const adminCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  parentId: z.number().int().nullable(),
  active: z.boolean(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  isCharacter: z.boolean(),
  tagline: z.string().nullable(),
  accentColor: z.string().nullable(),
  displayOrder: z.number().int(),
  /** Products linked to the category itself (not its sub-categories). */
  productCount: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/** Every category, parents before children, siblings in display order. */
export const adminCategoriesAnswerSchema = z.object({ categories: z.array(adminCategorySchema) });
export type AdminCategoriesAnswer = z.infer<typeof adminCategoriesAnswerSchema>;

export const categorySavedAnswerSchema = z.object({ id: z.number().int() });

/**
 * The category's picture after an upload or removal: `imageUrl` is what the storefront shows (a
 * JPEG rendition of the uploaded original, or null), with the original's size when it was uploaded.
 */
export const categoryPictureAnswerSchema = z.object({
  id: z.number().int(),
  imageUrl: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type CategoryPictureAnswer = z.infer<typeof categoryPictureAnswerSchema>;
