/**
 * The wishlist (issue 30): a guest's stays in the browser, a signed-in shopper's on the account
 * (`/api/wishlist`), merged at login like the cart. Product ids, newest first.
 */

import { WISHLIST_MAX } from "./wishlist-rules.js";
import { z } from "./zod.js";

export { WISHLIST_MAX };

export const wishlistSchema = z.object({ productIds: z.array(z.number().int()) });
export type Wishlist = z.infer<typeof wishlistSchema>;

export const wishlistProductParamSchema = z.object({
  productId: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** After login: the browser's list (newest first) joins the account's. */
export const mergeWishlistRequestSchema = z.object({
  productIds: z.array(z.number().int().min(1).max(2_147_483_647)).max(WISHLIST_MAX),
});

export const wishlistMessages = {
  ok: "OK",
  added: "Added to your wishlist",
  removed: "Removed from your wishlist",
  merged: "Wishlist merged",
  productNotFound: "This product is not available",
  full: `Your wishlist is full (${WISHLIST_MAX} products). Remove one to add another.`,
} as const;
