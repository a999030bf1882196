import { claimedUserIdSchema } from "./accounts.js";
import { guestSessionIdSchema, variantAttributeSchema } from "./cart.js";
import { paiseSchema } from "./catalog.js";
import { listOf } from "./envelope.js";
import { commonMessages, orderMessages as m } from "./messages.js";
import { z } from "./zod.js";

/** Order statuses (R-ORD-4). Transitions: apps/server/src/modules/orders/status.ts. */
export const orderStatuses = ["CREATED", "CONFIRMED", "PROCESSING", "SHIPPED", "DELIVERED", "CANCELLED"] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Payment statuses the spec names (R-ORD-4), including the ones shown only as labels. */
export const paymentStatuses = [
  "CREATED",
  "PENDING",
  "PROCESSING",
  "PAID",
  "SUCCESS",
  "COMPLETED",
  "FAILED",
  "FAILURE",
  "CANCELLED",
  "REFUND_PROCESSING",
  "REFUNDED",
  "PARTIALLY_REFUNDED",
  "COD_PENDING",
  "COD_COMPLETED",
] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export { cancellationWindowMs } from "./order-rules.js";

const objectError = { error: commonMessages.invalidInput } as const;

/**
 * The body of POST /api/orders/create. The order is built from the server's cart: amounts,
 * lines and currency a client sends are ignored (R-SHOP-13 "the server is the authority").
 */
/** Buy Now's one line: the order is made of it alone (quantity 1 unless given). */
export const buyNowLineSchema = z.object(
  {
    productId: z.number().int().min(1).max(2_147_483_647),
    variantId: z.number().int().min(1).max(2_147_483_647),
    quantity: z.number().int().min(1).max(10).default(1),
  },
  objectError,
);
export type BuyNowLine = z.input<typeof buyNowLineSchema>;

export const createOrderRequestSchema = z
  .object(
    {
      userId: claimedUserIdSchema,
      guestSessionId: guestSessionIdSchema,
      /**
       * Buy Now: order this one line alone, priced from the catalogue; the cart is left as it is
       * (R-SHOP-9). Without it the order is built from the cart.
       */
      buyNow: buyNowLineSchema.optional(),
    },
    objectError,
  )
  // Fastify validates a missing body as null.
  .nullish();
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

export const orderIdParamsSchema = z.object({
  id: z.uuid({ error: m.orderIdInvalid }),
});

const orderSecretSchema = z
  .string()
  .trim()
  .max(100, m.notFound)
  .regex(/^[A-Za-z0-9_-]*$/, m.notFound)
  .optional();

/** Who may read an order: its user (token), or the guest session holding the order's secret. */
export const orderAccessQuerySchema = z.object({
  requestUserId: claimedUserIdSchema,
  userId: claimedUserIdSchema,
  guestSessionId: guestSessionIdSchema,
  orderSecret: orderSecretSchema,
  secret: orderSecretSchema,
});

export const orderHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  requestUserId: claimedUserIdSchema,
  userId: claimedUserIdSchema,
});

/** An address as stored once payment knows it (issue 6 fills it); both spellings the spec reads. */
export const addressSchema = z.object({
  fullName: z.string().optional(),
  addressLine1: z.string().optional(),
  addressLine2: z.string().optional(),
  line1: z.string().optional(),
  line2: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  postalCode: z.string().optional(),
  pincode: z.string().optional(),
  country: z.string().optional(),
  phone: z.string().optional(),
});
export type Address = z.infer<typeof addressSchema>;

/** A line of an order: a copy of what was bought, at the price it was bought. */
export const orderItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  variantId: z.number().int(),
  sku: z.string(),
  productName: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  image: z.string().nullable(),
  quantity: z.number().int().min(1),
  /** Unit price in paise. */
  price: paiseSchema,
  subtotal: paiseSchema,
  variantAttributes: z.array(variantAttributeSchema),
  size: z.string().nullable(),
  color: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** Steps of the order progress timeline (the same list as `timelineSteps` in fulfilment.ts). */
export const orderTimelineSteps = ["Created", "Processing", "Shipped", "Delivered", "Cancelled"] as const;

/** One step of the order progress timeline (R-ORD-4); `at` once it happened. */
export const timelineEntrySchema = z.object({
  step: z.enum(orderTimelineSteps),
  done: z.boolean(),
  at: z.string().optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** An order as the orders page and the confirmation page read it (R-ORD-3). */
export const orderSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  status: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  subtotal: paiseSchema,
  discountAmount: paiseSchema,
  /** GST included in the prices (worked out per line when the order was placed): part of `total`, not added to it. */
  taxAmount: paiseSchema,
  /** Tax added on top of the prices: 0 (prices include GST); total = subtotal - discount + shipping + tax. */
  tax: paiseSchema,
  shippingAmount: paiseSchema,
  total: paiseSchema,
  /** Paise the shop has given back by refunds made in the admin (issue 28); 0 when none. */
  refundedAmount: paiseSchema,
  currency: z.literal("INR"),
  promoCode: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  shippingMethod: z.string().nullable(),
  /** Spec label of `status`, e.g. "Confirmed". */
  statusLabel: z.string(),
  /** Spec label of `paymentStatus`, e.g. "Paid", "Refund Processing", "Pending (Cash on Delivery)". */
  paymentStatusLabel: z.string(),
  /** The AWB, once the courier assigned one. */
  trackingNumber: z.string().nullable(),
  shiprocketOrderId: z.string().nullable(),
  courierName: z.string().nullable(),
  timeline: z.array(timelineEntrySchema),
  /**
   * Whether this viewer may cancel now: a logged-in owner, a cancellable status and the 6-hour
   * window (R-ORD-4 "Cancelling"). Always false for a guest.
   */
  cancellable: z.boolean(),
  /** Why `cancellable` is false, in the shopper's words (null when it is true, or for terminal statuses). */
  cancelBlockedReason: z.string().nullable(),
  /** The customer message for this order and payment status (R-ORD-4 "Fulfilment messages"). */
  message: z.string(),
  items: z.array(orderItemSchema),
  itemCount: z.number().int().min(0),
  shippingAddress: addressSchema.nullable(),
  billingAddress: addressSchema.nullable(),
  /** Until when the order's stock is held for payment (null once no longer waiting for payment). */
  holdExpiresAt: z.string().nullable(),
  /** createdAt + 6 hours (R-ORD-5). */
  cancellableUntil: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/** The answer of POST /api/orders/create: a guest also gets the order's secret, once. */
export const createdOrderSchema = orderSchema.extend({
  /** 32 random bytes, base64url; only its SHA-256 is stored. Guests keep it to read the order. */
  orderSecret: z.string().optional(),
});
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

export const orderHistorySchema = listOf(orderSchema);
