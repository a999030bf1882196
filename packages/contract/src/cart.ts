import { claimedUserIdSchema } from "./accounts.js";
import { paiseSchema } from "./catalog.js";
import { commonMessages, cartMessages as m } from "./messages.js";
import { orNoValue } from "./no-value.js";
import { z } from "./zod.js";

export const cartLimits = {
  /** R-STORE-4 — plus adds one, minus removes at one; the shop caps a line at 10. */
  maxQuantityPerLine: 10,
  /** Distinct lines in one cart: keeps every cart and order a bounded amount of work. */
  maxLines: 50,
  promoCodeMax: 40,
} as const;

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Whether a text is a v4 UUID (the only guest session id the shop accepts). */
export function isGuestSessionId(value: string): boolean {
  return uuidV4.test(value);
}

/**
 * A guest session id as the storefront sends it: a random v4 UUID, compared lower-case.
 * An empty text means "none" (the spec's client sends guestSessionId: "" for users), as does null.
 */
export const guestSessionIdSchema = orNoValue(
  z
    .string({ error: m.guestSessionInvalid })
    .trim()
    .max(64, m.guestSessionInvalid)
    .refine((value) => value === "" || uuidV4.test(value), m.guestSessionInvalid)
    .transform((value) => (value === "" ? undefined : value.toLowerCase()))
    .optional(),
);

const positiveId = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

const wholeQuantity = z
  .number({ error: m.quantityInvalid })
  .int(m.quantityInvalid)
  .min(1, m.quantityInvalid)
  .max(cartLimits.maxQuantityPerLine, m.quantityInvalid);

/**
 * A whole number of units: a JSON number, or a string of decimal digits (form posts); never a
 * boolean, an array, hex or exponent notation (which z.coerce would have turned into numbers).
 */
export const quantitySchema = z.union(
  [
    wholeQuantity,
    z
      .string()
      .regex(/^\d{1,6}$/, m.quantityInvalid)
      .transform(Number)
      .pipe(wholeQuantity),
  ],
  { error: m.quantityInvalid },
);

const objectError = { error: commonMessages.invalidInput } as const;

/** Who owns the cart, as the spec's client sends it: the token decides; userId/requestUserId must match it. */
export const cartOwnerQuerySchema = z.object({
  userId: claimedUserIdSchema,
  requestUserId: claimedUserIdSchema,
  guestSessionId: guestSessionIdSchema,
});

/** Optional header carrying the guest session id (alternative to the body or query field). */
export const guestSessionHeadersSchema = z.looseObject({ "x-guest-session-id": guestSessionIdSchema });

export const addCartItemRequestSchema = z.object(
  {
    productId: positiveId(m.productIdInvalid),
    variantId: positiveId(m.variantIdInvalid),
    quantity: quantitySchema.default(1),
    userId: claimedUserIdSchema,
    guestSessionId: guestSessionIdSchema,
  },
  objectError,
);
export type AddCartItemRequest = z.infer<typeof addCartItemRequestSchema>;

export const updateCartItemRequestSchema = z.object(
  {
    itemId: positiveId(m.itemIdInvalid),
    quantity: quantitySchema,
    userId: claimedUserIdSchema,
    guestSessionId: guestSessionIdSchema,
  },
  objectError,
);

export const removeCartItemQuerySchema = cartOwnerQuerySchema.extend({ itemId: positiveId(m.itemIdInvalid) });

export const mergeCartRequestSchema = z.object(
  {
    guestSessionId: z
      .string({ error: m.guestSessionInvalid })
      .trim()
      .refine((value) => uuidV4.test(value), m.guestSessionInvalid)
      .transform((value) => value.toLowerCase()),
    userId: claimedUserIdSchema,
  },
  objectError,
);

export const applyPromoRequestSchema = z.object(
  {
    code: z
      .string({ error: m.promoCodeRequired })
      .trim()
      .min(1, { error: m.promoCodeRequired, abort: true })
      .max(cartLimits.promoCodeMax, m.promoInvalid)
      .regex(/^[A-Za-z0-9_-]+$/, m.promoInvalid)
      .transform((code) => code.toUpperCase()),
    userId: claimedUserIdSchema,
    guestSessionId: guestSessionIdSchema,
  },
  objectError,
);

export const variantAttributeSchema = z.object({ name: z.string(), value: z.string() });

/** A cart line priced from the catalogue now (not frozen when it was added). */
export const cartItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  variantId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  productName: z.string(),
  image: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Unit price in paise. */
  price: paiseSchema,
  quantity: z.number().int().min(1),
  /** price × quantity, paise. */
  subtotal: paiseSchema,
  variantAttributes: z.array(variantAttributeSchema),
  size: z.string().nullable(),
  color: z.string().nullable(),
  /** Whether the line can be bought as it is (product on sale and enough stock). */
  inStock: z.boolean(),
  availableQuantity: z.number().int().min(0),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** The cart; every amount is integer paise and total = subtotal - discount + shipping + tax. */
export const cartSchema = z.object({
  /** Null until the first item is added. */
  id: z.string().nullable(),
  items: z.array(cartItemSchema),
  subtotal: paiseSchema,
  discount: paiseSchema,
  shipping: paiseSchema,
  tax: paiseSchema,
  total: paiseSchema,
  /** Sum of the quantities (the header badge). */
  itemCount: z.number().int().min(0),
  currency: z.literal("INR"),
  promoCode: z.string().nullable(),
  /** Why the code gives what it gives, or why it no longer applies. */
  promoMessage: z.string().optional(),
});
export type Cart = z.infer<typeof cartSchema>;
