/**
 * Saved addresses (the address book) of signed-in shoppers: `/api/account/addresses`, chosen at
 * checkout ("Deliver to") and prefilled on the payment page. The shape and messages live here;
 * the per-country rules (pincode, state, phone) are the payment page's own, applied by the server
 * (`providers/payment/sandbox-payment-form.ts`), which answers 400 with field errors keyed as below.
 */

import { destinationCountries } from "./address-countries.js";
import { z } from "./zod.js";

export { destinationCountries };

/** At most this many addresses per account. */
export const SAVED_ADDRESSES_MAX = 10;

/** One text per address rule; the payment page's form uses the same ones. */
export const addressFieldMessages = {
  fullName: "Enter the full name",
  line1: "Enter the flat/house number and street",
  tooLong: "That is too long",
  city: "Enter the city",
  state: "Choose a state",
  pincode: "Enter a 6-digit pincode",
  postalCode: "Enter the postal code: 3-10 letters, digits, spaces or dashes",
  country: "Choose a country",
  phone: "Enter a 10-digit mobile number",
  internationalPhone: "Enter a phone number with country code, like +44 20 7946 0958",
} as const;

export const addressMessages = {
  ok: "OK",
  added: "Address saved",
  updated: "Address updated",
  removed: "Address deleted",
  defaultSet: "Default address changed",
  notFound: "This address is not in your address book",
  full: `Your address book is full (${SAVED_ADDRESSES_MAX} addresses). Delete one to add another.`,
  invalid: "Check the highlighted fields",
  /** The storefront's texts. */
  empty: "No saved addresses yet. Add one to check out faster.",
  deleteConfirm: "Delete this address? This cannot be undone.",
} as const;

const m = addressFieldMessages;
const text = (max: number) => z.string().trim().max(max, m.tooLong);

/**
 * What the shopper types; the shape only (required fields, lengths). The server then holds the
 * address to its country's rules, the payment page's, and stores the normalised form.
 */
const addressFields = {
  fullName: text(100).pipe(z.string().min(2, m.fullName)),
  phone: text(20).pipe(z.string().min(1, m.phone)),
  line1: text(200).pipe(z.string().min(3, m.line1)),
  line2: text(200),
  city: text(60).pipe(z.string().min(2, m.city)),
  state: text(60),
  pincode: text(10),
  country: text(60).pipe(z.string().min(1, m.country)),
};
export const addressInputSchema = z.object({
  ...addressFields,
  line2: addressFields.line2.default(""),
  state: addressFields.state.default(""),
  pincode: addressFields.pincode.default(""),
});
export type AddressInput = z.input<typeof addressInputSchema>;

/** A new address; `isDefault` makes it the default (the first address always is). */
export const createAddressRequestSchema = addressInputSchema.extend({ isDefault: z.boolean().optional() });
/** Any fields of an address; `isDefault: true` makes it the default (false changes nothing). */
export const updateAddressRequestSchema = z
  .object(addressFields)
  .partial()
  .extend({ isDefault: z.boolean().optional() });

export const addressIdParamSchema = z.object({ id: z.uuid() });

export const savedAddressSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  country: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** Every answer is the whole book: the default first, then newest first. */
export const addressBookSchema = z.object({
  addresses: z.array(savedAddressSchema),
  max: z.number().int(),
});
export type AddressBook = z.infer<typeof addressBookSchema>;
