/*
 * Order rules as plain numbers, free of schemas, so a page that only states them (the policy
 * text of the product and static pages) does not load the validation code (issue 14).
 */

/** R-ORD-5 — an order can be cancelled within 6 hours of createdAt. */
export const cancellationWindowMs = 6 * 60 * 60 * 1000;
