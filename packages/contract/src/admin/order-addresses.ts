import { z } from "../zod.js";

/** The order page's "Edit addresses" (issue "owner's side, part 3"): what it sends and is told. */
export const orderAddressMessages = {
  saved: "Addresses saved.",
  invalid: "Check the highlighted fields.",
  nothingToSave: "Send a shipping or a billing address.",
  notEditable: "Addresses can be changed only before a shipment exists, and not on a cancelled or delivered order.",
  countryChange:
    "Moving the delivery into or out of India changes the order's shipping and tax. Cancel this order and place it again instead.",
} as const;

/** One address as typed; the server holds it to its country's rules (the payment page's own). */
export const orderAddressInputSchema = z.object({
  fullName: z.string().max(200),
  line1: z.string().max(300),
  line2: z.string().max(300).default(""),
  city: z.string().max(120),
  state: z.string().max(120),
  pincode: z.string().max(20),
  country: z.string().max(80),
  phone: z.string().max(40),
});
export type OrderAddressInput = z.infer<typeof orderAddressInputSchema>;

export const orderAddressesRequestSchema = z
  .object({
    shipping: orderAddressInputSchema.optional(),
    billing: orderAddressInputSchema.optional(),
  })
  .refine((body) => body.shipping !== undefined || body.billing !== undefined, {
    message: orderAddressMessages.nothingToSave,
  });
export type OrderAddressesRequest = z.infer<typeof orderAddressesRequestSchema>;
