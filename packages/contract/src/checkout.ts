import { claimedUserIdSchema } from "./accounts.js";
import { guestSessionIdSchema } from "./cart.js";
import { paiseSchema } from "./catalog.js";
import { checkoutMessages, fulfilmentMessages, orderMessages } from "./messages.js";
import { isNoValue, orNoValue } from "./no-value.js";
import { addressSchema, orderStatusSchema, paymentStatusSchema, timelineEntrySchema } from "./orders.js";
import { z } from "./zod.js";

/*
 * Checkout (hosted payment), payment confirmation, shipments, tracking and cancelling: the
 * requests and answers of issue 6's calls (R-STORE-7, R-ORD-3 and R-ORD-7).
 * Money is integer paise, as everywhere in the API.
 */

const orderIdSchema = (message: string) => z.uuid({ error: message });

/** A guest's order secret as the storefront keeps it (base64url); a malformed one reads as "not yours". */
export const orderSecretSchema = orNoValue(
  z
    .string()
    .trim()
    .max(100, checkoutMessages.notAuthorised)
    .regex(/^[A-Za-z0-9_-]*$/, checkoutMessages.notAuthorised)
    .transform((value) => (value === "" ? undefined : value))
    .optional(),
);

/**
 * POST /api/checkout/initiate. The spec's client also sends amount, currency and cartItems: they
 * are accepted and ignored — the amount, currency and lines come from the server's order.
 */
export const initiateCheckoutRequestSchema = z.looseObject({
  orderId: orderIdSchema(checkoutMessages.orderIdRequired),
  /** Where the shopper returns: a path of this shop or a PUBLIC_URL-prefixed URL. */
  redirectUrl: z.string().trim().max(2000).optional(),
  userId: claimedUserIdSchema,
  guestSessionId: guestSessionIdSchema,
  orderSecret: orderSecretSchema,
  /** A saved address of the signed-in shopper: the payment page opens with it filled in. */
  addressId: z.uuid().optional(),
});
export type InitiateCheckoutRequest = z.infer<typeof initiateCheckoutRequestSchema>;

export const paymentProviderNames = ["sandbox", "shiprocket"] as const;

/** The answer of initiate: the storefront loads `scriptUrl` and hands `token` to it. */
export const checkoutSessionSchema = z.object({
  token: z.string(),
  checkoutId: z.string(),
  provider: z.enum(paymentProviderNames),
  /** "/sandbox/checkout.js" for the sandbox; Shiprocket's UI bundle for Shiprocket Checkout. */
  scriptUrl: z.string(),
  orderId: z.string(),
  amount: paiseSchema,
  currency: z.literal("INR"),
  expiresAt: z.string(),
  redirectUrl: z.string(),
});
export type CheckoutSessionAnswer = z.infer<typeof checkoutSessionSchema>;

export const checkoutIdParamsSchema = z.object({
  checkoutId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, checkoutMessages.checkoutNotFound),
});

/** Who reads a checkout: its user (token), or the guest session (with the order secret when the client has it). */
export const checkoutAccessQuerySchema = z.object({
  type: z.enum(["payment"]).default("payment"),
  requestUserId: claimedUserIdSchema,
  userId: claimedUserIdSchema,
  guestSessionId: guestSessionIdSchema,
  orderSecret: orderSecretSchema,
  secret: orderSecretSchema,
});

/** GET /api/checkout/{checkoutId}/details (R-ORD-3 "Checkout details response"). */
export const checkoutDetailsSchema = z.object({
  paymentDetails: z.object({
    /** The order's payment status (SUCCESS, COD_PENDING, FAILED, REFUND_PROCESSING...). */
    status: paymentStatusSchema,
    paymentId: z.string().nullable(),
    gatewayTransactionId: z.string().nullable(),
    amount: paiseSchema,
    paymentType: z.enum(["PREPAID", "CASH_ON_DELIVERY"]).nullable(),
    currency: z.literal("INR"),
  }),
  /** The gateway's word on this checkout, as its redirect's `ost`: SUCCESS (paid or COD), FAILED, PENDING. */
  status: z.enum(["SUCCESS", "FAILED", "PENDING"]),
  orderStatus: orderStatusSchema,
  orderDetails: z.object({
    orderId: z.string(),
    orderNumber: z.string(),
    shippingAddress: addressSchema.nullable(),
    billingAddress: addressSchema.nullable(),
  }),
  shiprocketDetails: z.object({
    /** Paise. */
    total_amount: paiseSchema,
    shipping_address: addressSchema.nullable(),
    billing_address: addressSchema.nullable(),
  }),
  transactionHistory: z.object({
    result: z.object({ payments: z.array(z.object({ created_at: z.string() })) }),
  }),
});
export type CheckoutDetails = z.infer<typeof checkoutDetailsSchema>;

/** POST /api/checkout/send/email: resend the order confirmation (at most once a minute). */
export const sendConfirmationRequestSchema = z.looseObject({
  orderId: orderIdSchema(checkoutMessages.orderIdRequired),
  userId: claimedUserIdSchema,
  guestSessionId: guestSessionIdSchema,
  orderSecret: orderSecretSchema,
});

export const sendConfirmationAnswerSchema = z.object({ orderId: z.string(), sent: z.boolean() });

export const webhookAnswerSchema = z.object({
  checkoutId: z.string(),
  status: z.enum(["SUCCESS", "FAILED", "PENDING"]),
  orderStatus: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
});

// ---------------------------------------------------------------------------------------------
// Shipping: serviceability, shipments, tracking, cancelling

const booleanQuery = z
  .enum(["true", "false", "1", "0", ""])
  .transform((value) => value === "true" || value === "1")
  .optional();

export const serviceabilityQuerySchema = z.object({
  pincode: z
    .string({ error: fulfilmentMessages.pincodeInvalid })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/, fulfilmentMessages.pincodeInvalid),
  /** Cash on delivery wanted. */
  cod: booleanQuery,
  /** Defaults to India. */
  country: z.string().trim().max(60).optional(),
});

export const deliveryRegions = ["delhi-ncr", "india", "international"] as const;

export const serviceabilitySchema = z.object({
  pincode: z.string(),
  serviceable: z.boolean(),
  codAvailable: z.boolean(),
  /** Working days (R-STORE-9). */
  estimatedDays: z.object({ min: z.number().int(), max: z.number().int() }),
  region: z.enum(deliveryRegions),
  courierName: z.string().nullable(),
  message: z.string(),
});
export type ServiceabilityAnswer = z.infer<typeof serviceabilitySchema>;

/** POST /api/orders/create/shiprocket and /api/orders/generate/awb: idempotent "ensure" calls. */
export const ensureShipmentRequestSchema = z.looseObject({
  orderId: orderIdSchema(orderMessages.orderIdInvalid),
  userId: claimedUserIdSchema,
  guestSessionId: guestSessionIdSchema,
  orderSecret: orderSecretSchema,
  /** The courier to book; absent (or null, or "") lets the shop choose. */
  courierId: z.preprocess(
    (value) => (isNoValue(value) || value === "" ? undefined : value),
    z.coerce.number().int().min(1).max(1_000_000).optional(),
  ),
});

export const shipmentSchema = z.object({
  orderId: z.string(),
  shiprocketOrderId: z.string().nullable(),
  shipmentId: z.string().nullable(),
  awb: z.string().nullable(),
  /** The AWB, as the order calls it. */
  trackingNumber: z.string().nullable(),
  courierId: z.number().int().nullable(),
  courierName: z.string().nullable(),
  orderStatus: orderStatusSchema,
});
export type ShipmentAnswer = z.infer<typeof shipmentSchema>;

export const trackingQuerySchema = z.object({
  requestUserId: claimedUserIdSchema,
  userId: claimedUserIdSchema,
  guestSessionId: guestSessionIdSchema,
  orderSecret: orderSecretSchema,
  secret: orderSecretSchema,
  orderId: z.string().optional(),
});

export const awbParamsSchema = z.object({
  awb: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{6,30}$/, "AWB code is required for tracking"),
});

const nullableText = z.string().nullish();

/** Tracking data as answered to the storefront (Shiprocket's `tracking_data`, R-STORE-3 "Tracking data"). */
export const trackingDataAnswerSchema = z.looseObject({
  /** 1 = tracking data available; 0 = none yet. */
  track_status: z.number().int(),
  /** SHIPMENT code scheme; 0 when unknown. */
  shipment_status: z.number().int(),
  shipment_track: z.array(
    z.looseObject({
      awb_code: nullableText,
      current_status: nullableText,
      courier_name: nullableText,
      weight: nullableText,
      pickup_date: nullableText,
      delivered_date: nullableText,
    }),
  ),
  /** Newest first. */
  shipment_track_activities: z.array(
    z.looseObject({
      date: z.string(),
      "sr-status": z.string(),
      "sr-status-label": z.string(),
      activity: z.string(),
      location: z.string(),
    }),
  ),
  track_url: nullableText,
  etd: nullableText,
  error: z.string().optional(),
});

export const orderTrackingSchema = z.object({
  orderId: z.string(),
  awb: z.string().nullable(),
  courierName: z.string().nullable(),
  status: orderStatusSchema,
  statusLabel: z.string(),
  tracking_data: trackingDataAnswerSchema,
  timeline: z.array(timelineEntrySchema),
});
export type OrderTracking = z.infer<typeof orderTrackingSchema>;

/** POST /api/orders/cancel/order (login required). */
export const cancelOrderRequestSchema = z.looseObject({
  orderId: orderIdSchema("Order not found or no data returned"),
  userId: claimedUserIdSchema,
});

export const cancelledOrderSchema = z.object({
  orderId: z.string(),
  status: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
  paymentStatusLabel: z.string(),
  /** The spec's toast text (one refund wording: 5-7 business days). */
  message: z.string(),
  cancelledAt: z.string(),
});
export type CancelledOrder = z.infer<typeof cancelledOrderSchema>;
