import { type Address, addressSchema, cancellationWindowMs, type Order, type OrderItem } from "@vaki/contract/orders";
import { variantAttributesOf } from "../cart/service.js";
import {
  cancellationOf,
  customerMessageOf,
  orderTimeline,
  paymentStatusLabelOf,
  shopperStatusLabelOf,
} from "./order-view.js";
import type { OrderItemRecord, OrderRecord } from "./types.js";

/**
 * A stored address (the providers' PostalAddress: line1, pincode...) with both spellings the spec
 * reads (addressLine1 or line1, postalCode or pincode).
 */
export function parseAddress(json: string | null): Address | null {
  if (!json) return null;
  try {
    const parsed = addressSchema.safeParse(JSON.parse(json));
    if (!parsed.success) return null;
    const a = parsed.data;
    const line1 = a.line1 ?? a.addressLine1;
    const line2 = a.line2 ?? a.addressLine2;
    const pincode = a.pincode ?? a.postalCode;
    return {
      ...a,
      ...(line1 !== undefined ? { addressLine1: line1, line1 } : {}),
      ...(line2 !== undefined ? { addressLine2: line2, line2 } : {}),
      ...(pincode !== undefined ? { postalCode: pincode, pincode } : {}),
    };
  } catch {
    return null;
  }
}

function toOrderItem(row: OrderItemRecord): OrderItem {
  return {
    id: row.id,
    productId: row.product_id,
    variantId: row.variant_id,
    sku: row.sku,
    productName: row.product_name,
    name: row.product_name,
    imageUrl: row.image_url,
    image: row.image_url,
    quantity: row.quantity,
    price: row.unit_price,
    subtotal: row.line_total,
    variantAttributes: variantAttributesOf(row.size, row.color),
    size: row.size,
    color: row.color,
  };
}

/** GST included in the lines' prices, as worked out when the order was placed (0 on older orders). */
function includedTaxOf(items: readonly OrderItemRecord[]): number {
  return items.reduce((sum, item) => sum + (item.tax_amount ?? 0), 0);
}

export function toOrder(row: OrderRecord, items: readonly OrderItemRecord[], now: Date = new Date()): Order {
  return {
    id: row.id,
    orderId: row.id,
    orderNumber: row.order_number,
    status: row.status,
    paymentStatus: row.payment_status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    subtotal: row.subtotal,
    discountAmount: row.discount_amount,
    taxAmount: includedTaxOf(items),
    tax: row.tax_amount,
    shippingAmount: row.shipping_amount,
    total: row.total,
    refundedAmount: row.refunded_amount,
    currency: "INR",
    promoCode: row.promo_code,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    shippingMethod: row.shipping_method,
    statusLabel: shopperStatusLabelOf(row),
    paymentStatusLabel: paymentStatusLabelOf(row.payment_status),
    trackingNumber: row.tracking_number,
    shiprocketOrderId: row.shiprocket_order_id,
    courierName: row.courier_name,
    timeline: orderTimeline(row),
    ...cancellationOf(row, now),
    message: customerMessageOf(row),
    items: items.map(toOrderItem),
    itemCount: items.reduce((count, item) => count + item.quantity, 0),
    shippingAddress: parseAddress(row.shipping_address),
    billingAddress: parseAddress(row.billing_address),
    holdExpiresAt: row.status === "CREATED" ? row.hold_expires_at : null,
    // R-ORD-5 — cancellation within 6 hours of createdAt.
    cancellableUntil: new Date(Date.parse(row.created_at) + cancellationWindowMs).toISOString(),
  };
}
