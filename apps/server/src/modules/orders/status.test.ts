import { orderStatuses, paymentStatuses } from "@vaki/contract/orders";
import { describe, expect, it } from "vitest";
import {
  abandonableOrder,
  canMoveOrder,
  canMovePayment,
  orderTransitions,
  paidPaymentStatuses,
  paymentTransitions,
} from "./status.js";

describe("order and payment state machines", () => {
  it("name every status of the spec, and only those", () => {
    expect(Object.keys(orderTransitions).sort()).toEqual([...orderStatuses].sort());
    expect(Object.keys(paymentTransitions).sort()).toEqual([...paymentStatuses].sort());
  });

  it("end in CANCELLED, DELIVERED and REFUNDED", () => {
    expect(orderTransitions.CANCELLED).toEqual([]);
    expect(orderTransitions.DELIVERED).toEqual([]);
    expect(paymentTransitions.REFUNDED).toEqual([]);
    expect(paymentTransitions.CANCELLED).toEqual([]);
  });

  it("let an unpaid order be cancelled when its hold expires, never a paid one", () => {
    expect(abandonableOrder.statuses).toEqual(["CREATED"]);
    expect(abandonableOrder.paymentStatuses).toEqual(["CREATED", "PENDING", "PROCESSING", "FAILED", "FAILURE"]);
    for (const paid of paidPaymentStatuses) expect(abandonableOrder.paymentStatuses).not.toContain(paid);
  });

  it("follow the spec's cancelling rule: a successful payment goes to REFUND_PROCESSING", () => {
    expect(canMovePayment("SUCCESS", "REFUND_PROCESSING")).toBe(true);
    expect(canMovePayment("SUCCESS", "CANCELLED")).toBe(false);
    expect(canMoveOrder("CREATED", "CONFIRMED")).toBe(true);
    expect(canMoveOrder("SHIPPED", "CANCELLED")).toBe(false);
  });
});
