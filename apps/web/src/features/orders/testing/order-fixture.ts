import type { CheckoutDetails } from "@vaki/contract/checkout";
import type { Order, TimelineEntry } from "@vaki/contract/orders";

export const ORDER_ID = "0b8f6f3e-3c1a-4d6e-9a55-0d1f3c9e7a21";

const timeline: TimelineEntry[] = [
  { step: "Created", done: true, at: "2026-11-24T10:15:00.000Z" },
  { step: "Processing", done: false },
  { step: "Shipped", done: false },
  { step: "Delivered", done: false },
  { step: "Cancelled", done: false },
];

/** A paid, confirmed order of one T-shirt (two units), as GET /api/orders/{id} answers it. */
export function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    orderId: ORDER_ID,
    orderNumber: "VK-100042",
    status: "CONFIRMED",
    paymentStatus: "SUCCESS",
    createdAt: "2026-11-24T10:15:00.000Z",
    updatedAt: "2026-11-24T10:16:30.000Z",
    subtotal: 259800,
    discountAmount: 25980,
    taxAmount: 0,
    tax: 0,
    shippingAmount: 0,
    total: 233820,
    refundedAmount: 0,
    currency: "INR",
    promoCode: "VAKI10",
    contactEmail: "riya@example.com",
    contactPhone: "+919876543210",
    shippingMethod: null,
    statusLabel: "Confirmed",
    paymentStatusLabel: "Paid",
    trackingNumber: null,
    shiprocketOrderId: null,
    courierName: null,
    timeline,
    cancellable: true,
    cancelBlockedReason: null,
    message: "Your order is confirmed. We'll let you know when it ships.",
    items: [
      {
        id: 1,
        productId: 7,
        variantId: 71,
        sku: "VK-TEE-NOVA-M",
        productName: "Nova Heavyweight Tee",
        name: "Nova Heavyweight Tee",
        imageUrl: null,
        image: null,
        quantity: 2,
        price: 129900,
        subtotal: 259800,
        variantAttributes: [
          { name: "Size", value: "M" },
          { name: "Color", value: "Acid Lime" },
          { name: "Fit", value: "Oversized" },
        ],
        size: "M",
        color: "Acid Lime",
      },
    ],
    itemCount: 2,
    shippingAddress: {
      fullName: "Riya Sharma",
      addressLine1: "Flat 4B, Lotus Towers",
      city: "Noida",
      state: "Uttar Pradesh",
      postalCode: "201301",
      country: "India",
      phone: "+919876543210",
    },
    billingAddress: null,
    holdExpiresAt: null,
    cancellableUntil: "2026-11-24T16:15:00.000Z",
    ...overrides,
  };
}

/** GET /api/checkout/{checkoutId}/details for the order above. */
export function checkoutDetailsFixture(overrides: Partial<CheckoutDetails> = {}): CheckoutDetails {
  return {
    paymentDetails: {
      status: "SUCCESS",
      paymentId: "pay_sandbox_1",
      gatewayTransactionId: "txn_1",
      amount: 233820,
      paymentType: "PREPAID",
      currency: "INR",
    },
    status: "SUCCESS",
    orderStatus: "CONFIRMED",
    orderDetails: { orderId: ORDER_ID, orderNumber: "VK-100042", shippingAddress: null, billingAddress: null },
    shiprocketDetails: { total_amount: 233820, shipping_address: null, billing_address: null },
    transactionHistory: { result: { payments: [{ created_at: "2026-11-24T10:16:00.000Z" }] } },
    ...overrides,
  };
}
