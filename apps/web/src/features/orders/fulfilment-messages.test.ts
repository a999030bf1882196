import { orderStatusCodes, shipmentStatusCodes } from "@vaki/contract/fulfilment-rules";
import { describe, expect, it } from "vitest";
import { fulfilmentMessage, fulfilmentStatusKey } from "./fulfilment-messages";

/** The fulfilment statuses the spec lists (R-ORD-4 "Fulfilment messages"). */
const specStatuses = [
  "ALLOCATION_IN_PROGRESS",
  "BOOKED",
  "PACKED",
  "READY_TO_SHIP",
  "PICKED_UP",
  "IN_TRANSIT",
  "OUT_FOR_DELIVERY",
  "DELIVERED",
  "UNDELIVERED",
  "LOST",
  "DAMAGED",
  "RTO_INITIATED",
  "RTO_IN_TRANSIT",
  "RTO_DELIVERED",
  "RTO_NDR",
  "RTO_OFD",
  "RETURN_INITIATED",
  "RETURN_PICKED_UP",
  "RETURN_DELIVERED",
  "PICKUP_SCHEDULED",
  "PICKUP_RESCHEDULED",
  "PICKUP_EXCEPTION",
  "QC_FAILED",
  "EPAYMENT_FAILED",
  "PAYMENT_PENDING",
  "REFUNDED",
  "CANCELLED",
  "CANCELED_BEFORE_DISPATCHED",
];

describe("fulfilment messages", () => {
  it.each(specStatuses)("has a customer message of its own for %s", (status) => {
    const message = fulfilmentMessage(status);
    expect(message).toEqual(expect.any(String));
    expect(message!.length).toBeGreaterThan(15);
  });

  it("gives different statuses of the spec's list specific wording, not one catch-all", () => {
    const messages = new Set(specStatuses.map((status) => fulfilmentMessage(status)));
    expect(messages.size).toBeGreaterThan(specStatuses.length - 4);
  });

  it("has a message for every courier status label of both Shiprocket tables", () => {
    const labels = [...Object.values(shipmentStatusCodes), ...Object.values(orderStatusCodes)];
    const missing = labels.filter((label) => fulfilmentMessage(label) === null);
    expect(missing).toEqual([]);
  });

  it("reads a status in any of its spellings", () => {
    expect(fulfilmentStatusKey("RTO-In-Transit")).toBe("RTO IN TRANSIT");
    expect(fulfilmentMessage("Out For Delivery")).toBe(fulfilmentMessage("OUT_FOR_DELIVERY"));
    expect(fulfilmentMessage("rto_in_transit")).toBe(fulfilmentMessage("RTO In Transit"));
  });

  it("covers statuses of the named families nobody listed yet", () => {
    expect(fulfilmentMessage("RTO_SOMETHING_NEW")).toMatch(/returned to us/);
    expect(fulfilmentMessage("RETURN_SOMETHING_NEW")).toMatch(/return/i);
    expect(fulfilmentMessage("PICKUP_SOMETHING_NEW")).toMatch(/courier/);
  });

  it("uses the shop's one refund wording", () => {
    expect(fulfilmentMessage("CANCELLED")).toContain("5-7 business days");
    expect(fulfilmentMessage("CANCELED_BEFORE_DISPATCHED")).toContain("5-7 business days");
    for (const status of specStatuses) expect(fulfilmentMessage(status)).not.toMatch(/3-5 business days/);
  });

  it("says nothing for an empty status", () => {
    expect(fulfilmentMessage("")).toBeNull();
    expect(fulfilmentMessage(null)).toBeNull();
    expect(fulfilmentMessage("SOMETHING ELSE ENTIRELY")).toBeNull();
  });
});
