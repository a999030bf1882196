/*
 * The wishlist's rules without zod, so the storefront's shell (the header's count, the guest's
 * list) can read them without loading the schema library (the bundle budget).
 */

/** The most products one wishlist keeps (the browser's list too). */
export const WISHLIST_MAX = 100;
