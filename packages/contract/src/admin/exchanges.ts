import {
  afterSalesKinds,
  afterSalesMessages,
  afterSalesRequestSchema,
  afterSalesStatuses,
  returnConditions,
} from "../exchanges.js";
import { z } from "../zod.js";

/*
 * Exchanges and defect reports on the owner's side (issue 29), under /api/admin: the inbox's
 * "Exchanges & returns" tab, and the decisions on one request. Reading needs orders:read,
 * every change returns:write (refunds also orders:refund); each change is audited.
 */

/** The inbox tab's filter: requests waiting for the shop, on their way, or all. */
export const adminAfterSalesViews = ["to_decide", "in_progress", "closed", "all"] as const;
export type AdminAfterSalesView = (typeof adminAfterSalesViews)[number];
export const adminAfterSalesViewLabels: Record<AdminAfterSalesView, string> = {
  to_decide: "To decide",
  in_progress: "In progress",
  closed: "Closed",
  all: "All",
};

/** GET /api/admin/exchanges */
export const adminAfterSalesQuerySchema = z.object({
  view: z.enum(adminAfterSalesViews).default("to_decide"),
  kind: z.enum(afterSalesKinds).optional(),
  status: z.enum(afterSalesStatuses).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminAfterSalesQuery = z.input<typeof adminAfterSalesQuerySchema>;

/** A request as the staff read it: the customer's view plus who asked and the order's number. */
export const adminAfterSalesRequestSchema = afterSalesRequestSchema.extend({
  orderNumber: z.string(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  /** Delivery country (ISO 3166-1 alpha-2 or the name as stored). */
  country: z.string().nullable(),
  sku: z.string(),
  toSku: z.string().nullable(),
  /** Paise per unit the customer paid for the line (after its share of the discount). */
  unitPaid: z.number().int().min(0),
  returnCondition: z.enum(returnConditions).nullable(),
  /** What the staff may do next (the buttons the admin shows). */
  actions: z.array(z.enum(["approve", "refuse", "size_unavailable", "receive", "ship_replacement", "refund"])),
});
export type AdminAfterSalesRequest = z.infer<typeof adminAfterSalesRequestSchema>;

export const adminAfterSalesListSchema = z.object({
  items: z.array(adminAfterSalesRequestSchema),
  nextCursor: z.string().nullable(),
  counts: z.record(z.enum(adminAfterSalesViews), z.number().int().min(0)),
});
export type AdminAfterSalesList = z.infer<typeof adminAfterSalesListSchema>;

/**
 * POST /api/admin/exchanges/{id}/approve. An exchange books the reverse pickup; a defect report
 * says how it is settled: a refund of the line (with a credit note) or a replacement piece.
 */
export const approveAfterSalesSchema = z.object({
  resolution: z.enum(["refund", "replace"]).optional(),
  note: z.string().trim().max(500).optional(),
});
export type ApproveAfterSales = z.infer<typeof approveAfterSalesSchema>;

/** POST /api/admin/exchanges/{id}/refuse: the reason goes to the customer. */
export const refuseAfterSalesSchema = z.object({
  reason: z
    .string({ error: afterSalesMessages.reasonRequired })
    .trim()
    .min(1, { error: afterSalesMessages.reasonRequired, abort: true })
    .max(500),
});
export type RefuseAfterSales = z.infer<typeof refuseAfterSalesSchema>;

/** POST /api/admin/exchanges/{id}/receive: the returned unit checked, back on sale or written off. */
export const receiveAfterSalesSchema = z.object({
  condition: z.enum(returnConditions),
  note: z.string().trim().max(500).optional(),
});
export type ReceiveAfterSales = z.infer<typeof receiveAfterSalesSchema>;
