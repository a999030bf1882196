import type { AfterSalesRequest, LineAfterSales, OrderAfterSales } from "@vaki/contract/exchanges";
import { ORDER_ID } from "./order-fixture";

/** Line 1 of the order fixture (Nova Heavyweight Tee, size M, two units) open for a size exchange. */
export function exchangeLineFixture(overrides: Partial<LineAfterSales> = {}): LineAfterSales {
  return {
    itemId: 1,
    offer: "exchange",
    reason: null,
    closesAt: "2026-12-02T12:00:00.000Z",
    units: 2,
    sizes: [
      { variantId: 70, size: "S", inStock: true },
      { variantId: 72, size: "L", inStock: true },
      { variantId: 73, size: "XL", inStock: false },
    ],
    ...overrides,
  };
}

/** A size exchange of line 1 (M → L) as GET /api/orders/{id}/exchanges lists it. */
export function requestFixture(overrides: Partial<AfterSalesRequest> = {}): AfterSalesRequest {
  return {
    id: 501,
    orderId: ORDER_ID,
    itemId: 1,
    kind: "exchange",
    resolution: "exchange",
    status: "REQUESTED",
    statusLabel: "Requested",
    returnStatus: null,
    replacementStatus: null,
    quantity: 1,
    productName: "Nova Heavyweight Tee",
    fromSize: "M",
    toSize: "L",
    toVariantId: 72,
    description: null,
    photos: [],
    refusalReason: null,
    returnAwb: null,
    replacementAwb: null,
    refundedAmount: 0,
    steps: [
      { label: "Requested", done: true, at: "2026-11-27T06:30:00.000Z" },
      { label: "Approved", done: false, at: null },
      { label: "Pickup booked", done: false, at: null },
      { label: "New size shipped", done: false, at: null },
    ],
    message: "We have your request and the new size is held for you. The shop will look at it soon.",
    withdrawable: true,
    createdAt: "2026-11-27T06:30:00.000Z",
    updatedAt: "2026-11-27T06:30:00.000Z",
    ...overrides,
  };
}

export function afterSalesFixture(overrides: Partial<OrderAfterSales> = {}): OrderAfterSales {
  return {
    orderId: ORDER_ID,
    deliveredAt: "2026-11-26T12:00:00.000Z",
    lines: [exchangeLineFixture()],
    requests: [],
    ...overrides,
  };
}
