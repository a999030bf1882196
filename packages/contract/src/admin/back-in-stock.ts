import { z } from "../zod.js";
import { adminLimits, cursorSchema, nextCursorSchema, productStatusSchema } from "./schemas.js";

/*
 * The owner's view of "Notify me when it is back" (issue 30), under /api/admin/back-in-stock:
 * per variant, how many shoppers are still waiting for it. A request waits until its e-mail is
 * written (notified) or the shopper stops the alert (unsubscribed).
 */

export const backInStockDemandQuerySchema = z.object({
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(adminLimits.listMax).default(adminLimits.listDefault),
});
export type BackInStockDemandQuery = z.infer<typeof backInStockDemandQuerySchema>;

/**
 * Where the variant's waiting requests stand: still sold out; back in stock and on sale (the
 * sweep is writing the e-mails); or not on sale (draft or archived product, inactive variant),
 * so no e-mail goes out whatever the stock.
 */
export const demandAvailabilities = ["sold-out", "restocked", "not-on-sale"] as const;
export type DemandAvailability = (typeof demandAvailabilities)[number];

export const backInStockDemandSchema = z.object({
  variantId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  productStatus: productStatusSchema,
  color: z.string().nullable(),
  size: z.string().nullable(),
  /** Every variant has one (not null, unique). */
  sku: z.string(),
  stock: z.number().int(),
  availability: z.enum(demandAvailabilities),
  /** Requests neither answered nor stopped. */
  waiting: z.number().int().min(1),
  /** Requests already answered by e-mail (before the size sold out again, say). */
  notified: z.number().int().min(0),
  /** When the longest-waiting and the latest waiting request were left. */
  oldestRequestAt: z.string(),
  newestRequestAt: z.string(),
});
export type BackInStockDemand = z.infer<typeof backInStockDemandSchema>;

export const backInStockDemandAnswerSchema = z.object({
  /** Most waiting requests first. */
  items: z.array(backInStockDemandSchema),
  nextCursor: nextCursorSchema,
  /** Over every page: waiting requests and the variants they wait for. */
  totals: z.object({ waiting: z.number().int().min(0), variants: z.number().int().min(0) }),
});
export type BackInStockDemandAnswer = z.infer<typeof backInStockDemandAnswerSchema>;
