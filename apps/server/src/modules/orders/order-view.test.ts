import { timelineSteps } from "@vaki/contract/fulfilment";
import { orderTimelineSteps } from "@vaki/contract/orders";
import { describe, expect, it } from "vitest";
import { customerMessageOf, isCancellable, type OrderProgress, orderTimeline } from "./order-view.js";
import { forwardPath, paymentStatusOnCancel } from "./status.js";

const created = "2026-11-22T10:00:00.000Z";
const order = (changes: Partial<OrderProgress> = {}): OrderProgress => ({
  status: "CONFIRMED",
  payment_status: "SUCCESS",
  created_at: created,
  processing_at: null,
  shipped_at: null,
  delivered_at: null,
  courier_status_code: null,
  cancelled_at: null,
  ...changes,
});
const steps = (entries: { step: string; done: boolean }[]) => entries.map((entry) => `${entry.step}:${entry.done}`);

describe("how an order reads to the shopper", () => {
  it("uses the fulfilment contract's four timeline steps, plus Cancelled", () => {
    expect([...orderTimelineSteps]).toEqual([...timelineSteps, "Cancelled"]);
  });

  it("ends a cancelled order's timeline with a Cancelled step after the steps it reached", () => {
    const cancelledAt = "2026-11-22T11:00:00.000Z";
    const timeline = orderTimeline(
      order({ status: "CANCELLED", payment_status: "REFUNDED", processing_at: created, cancelled_at: cancelledAt }),
      [{ orderCode: 3, at: created }],
    );
    expect(steps(timeline)).toEqual(["Created:true", "Processing:true", "Cancelled:true"]);
    expect(timeline.at(-1)).toEqual({ step: "Cancelled", done: true, at: cancelledAt });
  });

  it("derives the timeline from the order status, and further from the courier's order codes", () => {
    expect(steps(orderTimeline(order({ status: "CREATED", payment_status: "CREATED" })))).toEqual([
      "Created:true",
      "Processing:false",
      "Shipped:false",
      "Delivered:false",
    ]);
    expect(steps(orderTimeline(order({ status: "PROCESSING", processing_at: created })))).toEqual([
      "Created:true",
      "Processing:true",
      "Shipped:false",
      "Delivered:false",
    ]);
    // ORDER scheme: 20 In Transit is "shipped" even before the order's own status caught up.
    const scans = [{ orderCode: 20, at: "2026-11-23T04:00:00.000Z" }];
    expect(orderTimeline(order({ courier_status_code: 3 }), scans)).toEqual([
      { step: "Created", done: true, at: created },
      { step: "Processing", done: true },
      { step: "Shipped", done: true, at: "2026-11-23T04:00:00.000Z" },
      { step: "Delivered", done: false },
    ]);
    expect(steps(orderTimeline(order({ status: "DELIVERED" })))).toEqual([
      "Created:true",
      "Processing:true",
      "Shipped:true",
      "Delivered:true",
    ]);
  });

  it("lets the shopper cancel within 6 hours until the courier has the parcel", () => {
    const soon = new Date("2026-11-22T15:59:00.000Z");
    const late = new Date("2026-11-22T16:01:00.000Z");
    expect(isCancellable(order(), soon)).toBe(true);
    expect(isCancellable(order(), late)).toBe(false);
    expect(isCancellable(order({ status: "PROCESSING", courier_status_code: 4 }), soon)).toBe(true);
    expect(isCancellable(order({ status: "PROCESSING", courier_status_code: 51 }), soon)).toBe(false);
    expect(isCancellable(order({ status: "SHIPPED" }), soon)).toBe(false);
    expect(isCancellable(order({ status: "CANCELLED", payment_status: "REFUNDED" }), soon)).toBe(false);
  });

  it("picks the combined message, then the payment's, the courier's, the order's, then a thank-you", () => {
    expect(customerMessageOf(order({ status: "CANCELLED", payment_status: "REFUND_PROCESSING" }))).toBe(
      "Your order has been cancelled. Your refund will be processed within 5-7 business days.",
    );
    expect(customerMessageOf(order({ status: "CREATED", payment_status: "PENDING" }))).toBe(
      "We're waiting for your payment to be confirmed.",
    );
    expect(customerMessageOf(order({ status: "SHIPPED", courier_status_code: 19 }))).toBe(
      "Your order is out for delivery today.",
    );
    expect(customerMessageOf(order())).toBe("Your order is confirmed. We'll let you know when it ships.");
  });
});

describe("the lifecycle's moves", () => {
  it("move an order forward along the courier's progress only", () => {
    expect(forwardPath("CONFIRMED", "DELIVERED")).toEqual([
      ["CONFIRMED", "PROCESSING"],
      ["PROCESSING", "SHIPPED"],
      ["SHIPPED", "DELIVERED"],
    ]);
    expect(forwardPath("SHIPPED", "PROCESSING")).toEqual([]);
    expect(forwardPath("DELIVERED", "SHIPPED")).toEqual([]);
    expect(forwardPath("CANCELLED", "SHIPPED")).toEqual([]);
  });

  it("cancel a successful payment into a refund and anything unpaid into CANCELLED", () => {
    expect(paymentStatusOnCancel("SUCCESS")).toBe("REFUND_PROCESSING");
    expect(paymentStatusOnCancel("COD_PENDING")).toBe("CANCELLED");
    expect(paymentStatusOnCancel("CREATED")).toBe("CANCELLED");
    expect(paymentStatusOnCancel("REFUNDED")).toBeNull();
  });
});
