const DEFAULT_SHOP_NAME = "VAKI";

/** The shop name, configurable per deployment through VITE_SHOP_NAME. */
export const SHOP_NAME: string = import.meta.env.VITE_SHOP_NAME?.trim() || DEFAULT_SHOP_NAME;

export const TAGLINE = "Streetwear from the Vakiverse";
export const UNIVERSE_NAME = "Vakiverse";
export const COMMUNITY_NAME = "the Club";
export const FIRST_ORDER_CODE = "VAKI10";

/** The meta description of a page that has none of its own (the same as index.html's). */
export const DEFAULT_DESCRIPTION = `${SHOP_NAME} — streetwear and character merch from the Vakiverse. Cash on Delivery across India, free shipping worldwide, extra 10% off your first order with VAKI10.`;

/** "{brand} | {page name}", the title format every route uses. */
export function pageTitle(pageName: string): string {
  return `${SHOP_NAME} | ${pageName}`;
}
