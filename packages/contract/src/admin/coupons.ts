import { z } from "../zod.js";

/*
 * The admin's coupons (under /api/admin/coupons): promo codes the owner creates and edits; the
 * cart applies them (`/api/cart/promo`) by the same rules. Amounts are paise; a percentage
 * coupon's value is the percent.
 */

export const couponKinds = ["percentage", "fixed"] as const;
export type CouponKind = (typeof couponKinds)[number];

export const couponFieldMessages = {
  code: "Use 3 to 20 letters, digits, - or _.",
  description: "Describe it in 1 to 120 characters.",
  percent: "A percentage is a whole number from 1 to 100.",
  fixed: "A fixed discount is at least Rs. 1.",
  minOrder: "The minimum order cannot be negative.",
  limit: "A limit is a whole number of at least 1, or empty for none.",
  dates: "The end must be after the start.",
} as const;

export const couponMessages = {
  created: (code: string) => `Coupon ${code} created`,
  updated: (code: string) => `Coupon ${code} saved`,
  codeTaken: (code: string) => `There is already a coupon ${code}`,
  notFound: "No such coupon",
} as const;

/** One coupon as the admin lists it, with its use. */
export const couponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(couponKinds),
  /** Percent (1-100) or paise. */
  value: z.number().int(),
  minOrderAmount: z.number().int().min(0),
  firstOrderOnly: z.boolean(),
  perCustomerLimit: z.number().int().nullable(),
  usageLimit: z.number().int().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  active: z.boolean(),
  /** Orders holding the code now (unpaid ones included until they are cancelled). */
  timesUsed: z.number().int(),
  /** Paid orders that used it. */
  paidOrders: z.number().int(),
  /** Paise those paid orders were discounted in all. */
  discountGiven: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponsAnswerSchema = z.object({ coupons: z.array(couponSchema) });
export type CouponsAnswer = z.infer<typeof couponsAnswerSchema>;

const limit = z
  .number({ error: couponFieldMessages.limit })
  .int(couponFieldMessages.limit)
  .min(1, couponFieldMessages.limit);

/** What the admin sends to create or edit a coupon; the code is kept upper-case. */
export const couponInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,20}$/, couponFieldMessages.code)
      .transform((code) => code.toUpperCase()),
    description: z.string().trim().min(1, couponFieldMessages.description).max(120, couponFieldMessages.description),
    kind: z.enum(couponKinds),
    value: z.number().int(),
    minOrderAmount: z.number().int().min(0, couponFieldMessages.minOrder).max(100_000_000),
    firstOrderOnly: z.boolean(),
    perCustomerLimit: limit.nullable(),
    usageLimit: limit.nullable(),
    startsAt: z.iso.datetime({ offset: true }).nullable(),
    endsAt: z.iso.datetime({ offset: true }).nullable(),
    active: z.boolean(),
  })
  .superRefine((input, ctx) => {
    if (input.kind === "percentage" && (input.value < 1 || input.value > 100)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: couponFieldMessages.percent });
    }
    if (input.kind === "fixed" && (input.value < 100 || input.value > 100_000_000)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: couponFieldMessages.fixed });
    }
    if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: couponFieldMessages.dates });
    }
  });
export type CouponInput = z.input<typeof couponInputSchema>;
