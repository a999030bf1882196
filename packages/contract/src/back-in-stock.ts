/**
 * "Notify me when it is back" (issue 30): an e-mail address left on a sold-out size; one e-mail
 * when that size is in stock again, with a link to stop the alert.
 */
import { z } from "./zod.js";

export const backInStockRequestSchema = z.object({
  variantId: z.number().int().min(1).max(2_147_483_647),
  email: z.string().trim().toLowerCase().email("Please enter a valid email").max(254),
});
export type BackInStockRequest = z.infer<typeof backInStockRequestSchema>;

export const backInStockUnsubscribeSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, "This link is not valid"),
});

export const backInStockMessages = {
  requested: "We will e-mail you when it is back",
  alreadyInStock: "This size is in stock: add it to your cart now",
  variantNotFound: "This size is not available",
  unsubscribed: "Done: no more back-in-stock alerts to this address",
  unknownLink: "This link is not valid or has already been used",
} as const;
