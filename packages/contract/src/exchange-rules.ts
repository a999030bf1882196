/*
 * The exchange and defect windows as plain numbers, free of schemas, so a page that only states
 * them (the policy text of the product and static pages) does not load the validation code
 * (issue 14). `exchanges.ts` re-exports them with the rest of the after-sales rules.
 */

/** India only: a size exchange is asked for within this many days of delivery. */
export const exchangeWindowDays = 6;
/** Outside India: a defect is reported within this many hours of delivery. */
export const defectWindowHours = 48;
/** A defect report carries at most this many photos. */
export const defectPhotosMax = 3;
