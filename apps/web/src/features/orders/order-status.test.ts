import { paymentStatuses } from "@vaki/contract/orders";
import { describe, expect, it } from "vitest";
import {
  confirmationOutcome,
  humaniseStatus,
  offersTracking,
  orderCustomerMessage,
  orderStatusLabel,
  orderStatusTone,
  paymentLabelForConfirmation,
  paymentLabelForOrders,
  paymentStatusTone,
} from "./order-status";

describe("order status badges", () => {
  it("uses the spec's badge tone for each order status, secondary for any other", () => {
    expect(orderStatusTone("CREATED")).toBe("info");
    expect(orderStatusTone("CONFIRMED")).toBe("success");
    expect(orderStatusTone("PROCESSING")).toBe("warning");
    expect(orderStatusTone("SHIPPED")).toBe("primary");
    expect(orderStatusTone("DELIVERED")).toBe("success");
    expect(orderStatusTone("CANCELLED")).toBe("danger");
    expect(orderStatusTone("delivered")).toBe("success");
    expect(orderStatusTone("RTO_INITIATED")).toBe("secondary");
  });

  it("prefers the server's status label and otherwise labels the status itself", () => {
    expect(orderStatusLabel({ status: "CREATED", statusLabel: "Awaiting Payment" })).toBe("Awaiting Payment");
    expect(orderStatusLabel({ status: "SHIPPED", statusLabel: "" })).toBe("Shipped");
    expect(orderStatusLabel({ status: "OUT_FOR_DELIVERY" as never })).toBe("Out For Delivery");
  });

  it("turns an unlabelled status into words", () => {
    expect(humaniseStatus("READY_TO_SHIP")).toBe("Ready To Ship");
    expect(humaniseStatus("in transit")).toBe("In Transit");
  });
});

describe("payment labels", () => {
  it("gives the orders page's labels (R-ORD-4)", () => {
    const label = (paymentStatus: string) => paymentLabelForOrders({ paymentStatus: paymentStatus as never });
    expect(label("SUCCESS")).toBe("Paid");
    expect(label("PENDING")).toBe("Payment Pending");
    expect(label("CREATED")).toBe("Payment Initiated");
    expect(label("FAILED")).toBe("Payment Failed");
    expect(label("CANCELLED")).toBe("Payment Cancelled");
    expect(label("REFUND_PROCESSING")).toBe("Refund Processing");
  });

  it("gives the confirmation page's labels: SUCCESS Completed, PAID Paid, COD_PENDING Pending", () => {
    expect(paymentLabelForConfirmation("SUCCESS")).toBe("Completed");
    expect(paymentLabelForConfirmation("PAID")).toBe("Paid");
    expect(paymentLabelForConfirmation("COD_PENDING")).toBe("Pending");
    expect(paymentLabelForConfirmation("FAILED")).toBe("Payment Failed");
  });

  it("labels and colours every payment status the contract knows", () => {
    for (const status of paymentStatuses) {
      expect(paymentLabelForOrders({ paymentStatus: status })).not.toBe("");
      expect(paymentLabelForConfirmation(status)).not.toBe("");
      const tone = paymentStatusTone(status);
      expect(status.includes("REFUNDED") ? tone === "secondary" : tone !== "secondary", status).toBe(true);
    }
  });
});

describe("confirmation outcome", () => {
  it("confirms an order paid online or by cash on delivery", () => {
    expect(confirmationOutcome({ status: "CONFIRMED", paymentStatus: "SUCCESS" })).toBe("confirmed");
    expect(confirmationOutcome({ status: "CONFIRMED", paymentStatus: "COD_PENDING" })).toBe("confirmed");
    expect(confirmationOutcome({ status: "PROCESSING", paymentStatus: "COMPLETED" })).toBe("confirmed");
  });

  it("reports a failed, a waiting and a cancelled payment as such", () => {
    expect(confirmationOutcome({ status: "CREATED", paymentStatus: "FAILED" })).toBe("failed");
    expect(confirmationOutcome({ status: "CREATED", paymentStatus: "CREATED" })).toBe("pending");
    expect(confirmationOutcome({ status: "CREATED", paymentStatus: "PENDING" })).toBe("pending");
    expect(confirmationOutcome({ status: "CANCELLED", paymentStatus: "REFUND_PROCESSING" })).toBe("cancelled");
  });
});

describe("customer message", () => {
  it("shows the server's message when it sends one", () => {
    expect(orderCustomerMessage({ status: "CONFIRMED", paymentStatus: "SUCCESS", message: "From the server" })).toBe(
      "From the server",
    );
  });

  it("falls back from the combined message to the payment, then the order status, then a thank-you", () => {
    expect(orderCustomerMessage({ status: "CANCELLED", paymentStatus: "SUCCESS" })).toBe(
      "Your order has been cancelled. Your refund will be processed within 5-7 business days.",
    );
    expect(orderCustomerMessage({ status: "CONFIRMED", paymentStatus: "REFUNDED" })).toMatch(
      /refund has been processed/,
    );
    expect(orderCustomerMessage({ status: "SHIPPED", paymentStatus: "SUCCESS" })).toBe("Your order is on its way.");
    expect(orderCustomerMessage({ status: "SOMETHING", paymentStatus: "ELSE" })).toBe(
      "Thank you for shopping with us!",
    );
  });
});

describe("Track Now", () => {
  it("is offered for placed orders and never for unpaid or abandoned ones", () => {
    for (const status of ["CONFIRMED", "PROCESSING", "SHIPPED", "DELIVERED"] as const) {
      expect(offersTracking({ status, trackingNumber: null }), status).toBe(true);
    }
    expect(offersTracking({ status: "CREATED", trackingNumber: null })).toBe(false);
    expect(offersTracking({ status: "CANCELLED", trackingNumber: null })).toBe(false);
    expect(offersTracking({ status: "CANCELLED", trackingNumber: "1490123" })).toBe(true);
  });
});
