import { paiseSchema } from "../catalog.js";
import { z } from "../zod.js";

/*
 * The admin's cash-on-delivery calls (under /api/admin): COD orders waiting to be confirmed,
 * phones and pincodes blocked from COD, and payments kept for a person after an amount mismatch.
 */

export const codFieldMessages = {
  phone: "Enter a 10-digit Indian mobile number.",
  pincode: "Enter a 6-digit pincode.",
  reason: "Say why, in at most 200 characters.",
} as const;

/** One COD order waiting for the shop to confirm it (oldest first). */
export const codOrderToConfirmSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  customerName: z.string().nullable(),
  email: z.string().nullable(),
  /** The delivery phone, +91…: call it, or message it on WhatsApp. */
  phone: z.string().nullable(),
  /** Whether the phone was verified by a texted code. */
  phoneVerified: z.boolean(),
  total: paiseSchema,
  itemCount: z.number().int().min(0),
  /** Until when its stock is held; the hold sweep cancels it after that. */
  holdExpiresAt: z.string().nullable(),
});
export type CodOrderToConfirm = z.infer<typeof codOrderToConfirmSchema>;
export const codOrdersToConfirmAnswerSchema = z.object({ items: z.array(codOrderToConfirmSchema) });
export type CodOrdersToConfirmAnswer = z.infer<typeof codOrdersToConfirmAnswerSchema>;

/** What confirming or cancelling answers: the order's new state. */
export const codDecisionAnswerSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
});
export type CodDecisionAnswer = z.infer<typeof codDecisionAnswerSchema>;

export const codBlockKindSchema = z.enum(["phone", "pincode"]);
export type CodBlockKind = z.infer<typeof codBlockKindSchema>;

export const codBlockSchema = z.object({
  id: z.string(),
  kind: codBlockKindSchema,
  value: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type CodBlock = z.infer<typeof codBlockSchema>;
export const codBlocksAnswerSchema = z.object({ items: z.array(codBlockSchema) });
export type CodBlocksAnswer = z.infer<typeof codBlocksAnswerSchema>;

const indianMobile = /^(?:\+91|91|0)?[6-9]\d{9}$/;

/** A phone (any common way of writing an Indian mobile) or a pincode, and why. */
export const codBlockRequestSchema = z
  .object({
    kind: codBlockKindSchema,
    value: z.string().trim().min(1).max(20),
    reason: z.string().trim().max(200, codFieldMessages.reason).optional(),
  })
  .superRefine((body, ctx) => {
    const compact = body.value.replace(/[\s\-().]/g, "");
    if (body.kind === "phone" && !indianMobile.test(compact)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: codFieldMessages.phone });
    }
    if (body.kind === "pincode" && !/^[1-9]\d{5}$/.test(compact)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: codFieldMessages.pincode });
    }
  });
export type CodBlockRequest = z.infer<typeof codBlockRequestSchema>;

/** A payment the gateway reported for another amount than its order's, waiting for a person. */
export const paymentToReviewSchema = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  checkoutId: z.string(),
  reason: z.string(),
  orderAmount: paiseSchema,
  /** What the gateway says it took (null when the flag was not about the amount). */
  gatewayAmount: paiseSchema.nullable(),
  flaggedAt: z.string(),
});
export type PaymentToReview = z.infer<typeof paymentToReviewSchema>;
export const paymentsToReviewAnswerSchema = z.object({ items: z.array(paymentToReviewSchema) });
export type PaymentsToReviewAnswer = z.infer<typeof paymentsToReviewAnswerSchema>;

export const paymentDecisionRequestSchema = z.object({ decision: z.enum(["refund", "keep"]) });
/** The decision answers nothing more than its message. */
export const paymentDecisionAnswerSchema = z.object({});
export type PaymentDecisionRequest = z.infer<typeof paymentDecisionRequestSchema>;
