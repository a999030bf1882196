/**
 * How often an open product page and an open cart ask for stock again (issue 26: stock shown is
 * at most 2 s old). Queries pause in a hidden tab (TanStack Query's default), so a page left open
 * in the background costs nothing.
 */
export const STOCK_REFRESH_MS = 2_000;
