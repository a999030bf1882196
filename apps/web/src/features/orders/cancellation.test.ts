import { describe, expect, it } from "vitest";
import { cancelDisplay, cancelSuccessMessage } from "./cancellation";

const createdAt = "2026-11-24T10:00:00.000Z";
const at = (iso: string) => new Date(iso);

describe("cancelDisplay", () => {
  it("offers the button when the server says the order is cancellable", () => {
    expect(cancelDisplay({ status: "CONFIRMED", createdAt, cancellable: true, cancelBlockedReason: null })).toEqual({
      kind: "button",
    });
  });

  it("shows the server's reason when it refuses", () => {
    const reason = "Order exceeds cancellation within 6 hours of order creation";
    expect(cancelDisplay({ status: "CONFIRMED", createdAt, cancellable: false, cancelBlockedReason: reason })).toEqual({
      kind: "blocked",
      reason,
    });
  });

  it("shows nothing for a final order the server has nothing to say about", () => {
    expect(cancelDisplay({ status: "DELIVERED", createdAt, cancellable: false, cancelBlockedReason: null })).toEqual({
      kind: "none",
    });
  });

  it("never offers the button on its own: the server decides (a guest's order says false)", () => {
    expect(
      cancelDisplay({ status: "CREATED", createdAt, cancellable: false }, at("2026-11-24T11:00:00Z")).kind,
    ).not.toBe("button");
  });

  describe("with an answer that lacks the reason, the spec's rule explains the refusal", () => {
    it("outside the 6-hour window", () => {
      expect(cancelDisplay({ status: "CONFIRMED", createdAt, cancellable: false }, at("2026-11-24T16:00:01Z"))).toEqual(
        {
          kind: "blocked",
          reason: "Order exceeds cancellation within 6 hours of order creation",
        },
      );
    });

    it("once shipped, whatever the clock", () => {
      for (const status of ["SHIPPED", "PROCESSING", "IN_TRANSIT", "Out For Delivery", "picked up", "PACKED"]) {
        expect(
          cancelDisplay({ status: status as never, createdAt, cancellable: false }, at("2026-11-24T10:30:00Z")),
        ).toEqual({ kind: "blocked", reason: "Cancellation is not available if order is already shipped" });
      }
    });

    it("silently for terminal statuses", () => {
      for (const status of ["CANCELLED", "DELIVERED"]) {
        expect(
          cancelDisplay({ status: status as never, createdAt, cancellable: false }, at("2026-11-24T10:30:00Z")),
        ).toEqual({ kind: "none" });
      }
    });
  });
});

describe("cancelSuccessMessage", () => {
  it("promises the refund in 5-7 business days for a paid order", () => {
    expect(cancelSuccessMessage("SUCCESS")).toBe("Refund will be processed within 5-7 business days.");
    expect(cancelSuccessMessage("COMPLETED")).toBe("Refund will be processed within 5-7 business days.");
  });

  it("says no charges were made when the payment was pending or only created", () => {
    expect(cancelSuccessMessage("PENDING")).toBe("Payment has been cancelled and no charges were made.");
    expect(cancelSuccessMessage("CREATED")).toBe("Payment has been cancelled and no charges were made.");
  });

  it("says the order has been cancelled otherwise", () => {
    expect(cancelSuccessMessage("COD_PENDING")).toBe("Order has been cancelled.");
    expect(cancelSuccessMessage("FAILED")).toBe("Order has been cancelled.");
  });

  it("uses the server's message when the answer carries one", () => {
    expect(cancelSuccessMessage("SUCCESS", "Order has been cancelled.")).toBe("Order has been cancelled.");
  });
});
