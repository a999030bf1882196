import { z } from "../zod.js";

/*
 * Product photos on the owner's side (under /api/admin/products/:id/photos): one upload per
 * request (raw bytes, so the browser shows progress per file), then alt text, colour, order and
 * the primary photo. The server checks the bytes, never the file's name or stated type.
 */

export const photoLimits = {
  /** 20 MB a photo. */
  bytesMax: 20 * 1024 * 1024,
  altMax: 250,
  /** Photos a product may have. */
  perProduct: 30,
  /** What the picker offers; the server still sniffs the bytes. */
  accept: "image/jpeg,image/png,image/webp,image/avif",
} as const;

export const photoTypes = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
export type PhotoType = (typeof photoTypes)[number];

export const photoMessages = {
  notImage: "This file is not a JPEG, PNG, WebP or AVIF photo. Choose a photo in one of those formats.",
  unreadable: "This photo could not be read: the file may be damaged. Export it again and retry.",
  tooLarge: "This photo is larger than 20 MB. Make it smaller and retry.",
  altRequired: "Describe the photo for people who cannot see it.",
  altTooLong: `Keep the description under ${photoLimits.altMax} characters.`,
  colourNotOfProduct: "Choose one of this product's colours, or none.",
  tooMany: `A product can have at most ${photoLimits.perProduct} photos.`,
  orderMismatch: "The order must list every photo of this product once. Reload and retry.",
  productNotFound: "No such product",
  photoNotFound: "No such photo",
  renditionNotFound: "No such picture",
  uploaded: "Photo added",
  saved: "Photo saved",
  reordered: "Photos reordered",
  primarySet: "Primary photo set",
  deleted: "Photo deleted",
} as const;

const altSchema = z
  .string()
  .trim()
  .min(1, { error: photoMessages.altRequired })
  .max(photoLimits.altMax, { error: photoMessages.altTooLong });

/** The upload's query: alt text (the product's name when left out) and the colour it shows. */
export const photoUploadQuerySchema = z.object({
  alt: altSchema.optional(),
  color: z.string().trim().max(60).optional(),
});

export const photoUpdateSchema = z.object({
  alt: altSchema,
  /** A colour of the product's variants, or null when the photo shows every colour. */
  color: z.string().trim().max(60).nullable(),
});
export type PhotoUpdate = z.infer<typeof photoUpdateSchema>;

export const photoOrderSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(200),
});

export const photoParamsSchema = z.object({
  id: z.string().max(40),
  photoId: z.string().max(40),
});

export const adminPhotoSchema = z.object({
  id: z.number().int(),
  /** The picture as the storefront's plain fallback (a 960 px JPEG, or the demo art's SVG). */
  url: z.string(),
  /** A small rendition for the admin's list. */
  thumbnailUrl: z.string(),
  alt: z.string(),
  color: z.string().nullable(),
  primary: z.boolean(),
  displayOrder: z.number().int(),
  /** Size of the stored original (orientation applied); null for the generated demo art. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** An uploaded photo (rendered by the server), not generated demo art. */
  uploaded: z.boolean(),
});
export type AdminPhoto = z.infer<typeof adminPhotoSchema>;

export const adminPhotosAnswerSchema = z.object({
  productId: z.number().int(),
  photos: z.array(adminPhotoSchema),
  /** The product's colours, for the colour select. */
  colours: z.array(z.string()),
});
export type AdminPhotosAnswer = z.infer<typeof adminPhotosAnswerSchema>;
