import { describe, expect, it } from "vitest";
import {
  cancellableStatusAliases,
  cancellableStatuses,
  cancellableUntil,
  cancellationBlockReason,
  cancellationKindOf,
  cancellationMessages,
  normaliseStatus,
  orderCodeByShipmentCode,
  orderStatusCodes,
  shipmentStatusCodes,
  shipmentStatusTrackingLabels,
  shippedTypeStatuses,
  terminalStatuses,
  timelineStepForOrderCode,
  timelineSteps,
  trackingAnswerSchema,
} from "./fulfilment.js";

const hours = (n: number) => n * 60 * 60 * 1000;

describe("Shiprocket's two status-code schemes", () => {
  it("keeps the shipment scheme and the order scheme apart where they disagree", () => {
    expect(shipmentStatusCodes[17]).toBe("Out For Delivery");
    expect(orderStatusCodes[17]).toBe("RTO Acknowledged");
    expect(shipmentStatusCodes[18]).toBe("In Transit");
    expect(orderStatusCodes[20]).toBe("In Transit");
    expect(shipmentStatusCodes[42]).toBe("Picked Up");
    expect(orderStatusCodes[51]).toBe("Picked Up");
    expect(shipmentStatusTrackingLabels[38]).toBe("Reached at Destination Hub");
  });

  it("leaves the undocumented codes out of both tables", () => {
    for (const code of [28, 37, 53, 58, 64, 66, 69, 70, 73, 74]) expect(shipmentStatusCodes[code]).toBeUndefined();
    for (const code of [56, 63, 77, 78, 79, 84, 85, 86]) expect(orderStatusCodes[code]).toBeUndefined();
    expect(Object.keys(orderStatusCodes)).toHaveLength(82);
    expect(Object.keys(shipmentStatusCodes)).toHaveLength(64);
  });

  it("maps each shipment code to the order code of the same-named state", () => {
    const words = (label: string) =>
      new Set(
        label
          .toLowerCase()
          .replace(/canceled/g, "cancelled")
          .replace(/queued/g, "queue")
          .split(/[^a-z]+/)
          .filter((word) => word && word !== "at"),
      );
    const subset = (a: Set<string>, b: Set<string>) => [...a].every((word) => b.has(word));
    for (const [shipmentCode, orderCode] of Object.entries(orderCodeByShipmentCode)) {
      const code = Number(shipmentCode);
      const shipmentLabel = shipmentStatusTrackingLabels[code] ?? shipmentStatusCodes[code];
      const orderLabel = orderStatusCodes[orderCode];
      expect(shipmentLabel, `shipment ${code}`).toBeDefined();
      expect(orderLabel, `order ${orderCode}`).toBeDefined();
      if ([1, 2, 5].includes(code)) {
        expect(orderLabel).toBe("Ready To Ship");
        continue;
      }
      const a = words(shipmentLabel!);
      const b = words(orderLabel!);
      expect(subset(a, b) || subset(b, a), `${shipmentLabel} ~ ${orderLabel}`).toBe(true);
    }
  });
});

describe("the order progress timeline", () => {
  it("derives each step from the spec's order-scheme codes", () => {
    expect(timelineSteps).toEqual(["Created", "Processing", "Shipped", "Delivered"]);
    const expected: Record<string, number[]> = {
      Created: [1, 2],
      Processing: [3, 4, 12, 70, 71, 72, 73, 74, 75, 76],
      Shipped: [6, 19, 20, 43, 51, 58, 61],
      Delivered: [7, 41],
    };
    for (const [step, codes] of Object.entries(expected)) {
      for (const code of codes) expect(timelineStepForOrderCode(code), `code ${code}`).toBe(step);
    }
  });

  it("has no step for cancelled, returned or unknown codes", () => {
    for (const code of [0, 5, 8, 9, 15, 17, 18, 33, 69, 77, 90, 999]) {
      expect(timelineStepForOrderCode(code), `code ${code}`).toBeNull();
    }
  });

  it("reads the webhook's current_status_id 20 and shipment_status_id 18 as the same shipped step", () => {
    expect(timelineStepForOrderCode(20)).toBe("Shipped");
    expect(timelineStepForOrderCode(orderCodeByShipmentCode[18]!)).toBe("Shipped");
    expect(timelineStepForOrderCode(orderCodeByShipmentCode[17]!)).toBe("Shipped");
    expect(timelineStepForOrderCode(orderCodeByShipmentCode[7]!)).toBe("Delivered");
  });
});

describe("the cancellation rule", () => {
  const createdAt = new Date("2026-11-22T10:00:00.000Z");

  it("allows the spec's statuses within 6 hours, comparing underscores as spaces and ignoring case", () => {
    for (const status of ["CREATED", "pending", "Confirmed", "NEW", "invoiced", "ready to ship", "Pickup_Scheduled"]) {
      expect(cancellationBlockReason(status, createdAt, new Date(createdAt.getTime() + hours(1))), status).toBeNull();
    }
    expect(cancellationBlockReason("PICKUP_QUEUE", createdAt, createdAt)).toBeNull();
  });

  it("allows the courier's labels of the same early states", () => {
    for (const status of ["AWB Assigned", "Pickup Scheduled/Generated", "Pickup Queued", "Manifest Generated"]) {
      expect(cancellationKindOf(status), status).toBe("cancellable");
    }
  });

  it("refuses after the 6-hour window with the spec's message, and allows at exactly 6 hours", () => {
    expect(cancellableUntil(createdAt).toISOString()).toBe("2026-11-22T16:00:00.000Z");
    expect(cancellationBlockReason("CONFIRMED", createdAt, new Date(createdAt.getTime() + hours(6)))).toBeNull();
    expect(cancellationBlockReason("CONFIRMED", createdAt, new Date(createdAt.getTime() + hours(6) + 1))).toBe(
      "Order exceeds cancellation within 6 hours of order creation",
    );
  });

  it("refuses shipped-type statuses with the shipped message even inside the window", () => {
    for (const status of [
      "IN_TRANSIT",
      "Shipped",
      "out for delivery",
      "PICKED UP",
      "Packed",
      "SHIPPED",
      "PROCESSING",
    ]) {
      expect(cancellationBlockReason(status, createdAt, createdAt), status).toBe(
        "Cancellation is not available if order is already shipped",
      );
    }
    expect(cancellationMessages.alreadyShipped).toBe("Cancellation is not available if order is already shipped");
  });

  it("shows no message for final statuses", () => {
    for (const status of ["CANCELLED", "Canceled", "DELIVERED", "RTO Delivered", "Lost"]) {
      expect(cancellationBlockReason(status, createdAt, createdAt), status).toBe("terminal");
    }
  });

  it("refuses a status it has never heard of as if shipped", () => {
    expect(cancellationKindOf("TELEPORTED")).toBe("shipped");
  });

  it("classifies every label of both Shiprocket tables explicitly", () => {
    const listed = new Set(
      [...cancellableStatuses, ...cancellableStatusAliases, ...shippedTypeStatuses, ...terminalStatuses].map(
        normaliseStatus,
      ),
    );
    const labels = [
      ...Object.values(orderStatusCodes),
      ...Object.values(shipmentStatusCodes),
      ...Object.values(shipmentStatusTrackingLabels),
    ];
    const unlisted = labels.filter((label) => !listed.has(normaliseStatus(label)));
    expect(unlisted).toEqual([]);
  });

  it("puts no status on two lists", () => {
    const lists = [[...cancellableStatuses, ...cancellableStatusAliases], shippedTypeStatuses, terminalStatuses].map(
      (list) => list.map(normaliseStatus),
    );
    const all = lists.flat();
    expect(new Set(all).size).toBe(all.length);
  });
});

describe("the tracking answer", () => {
  it("reads Shiprocket's official shape, numbers as strings included, and keeps unknown fields", () => {
    const answer = trackingAnswerSchema.parse({
      tracking_data: {
        track_status: 1,
        shipment_status: 7,
        shipment_track: [
          {
            id: 236612717,
            awb_code: "141123221084922",
            courier_company_id: 51,
            shipment_id: 236612717,
            order_id: 237157589,
            pickup_date: "2026-07-18 20:28:00",
            delivered_date: "2026-07-19 11:37:00",
            weight: "0.30",
            packages: 1,
            current_status: "Delivered",
            delivered_to: "Mumbai",
            destination: "Mumbai",
            consignee_name: "",
            origin: "Delhi",
            courier_name: "Xpressbees Surface",
            edd: null,
            pod: "Available",
          },
        ],
        shipment_track_activities: [
          {
            date: "2026-07-19 11:37:00",
            status: "DLVD",
            activity: "DELIVERED",
            location: "MUMBAI/JB Nagar [Mumbai]",
            "sr-status": 7,
            "sr-status-label": "DELIVERED",
          },
        ],
        track_url: "https://shiprocket.co/tracking/141123221084922",
        etd: "2026-07-20 19:28:00",
        qc_response: { qc_image: "", qc_failed_reason: "" },
      },
    });
    const data = answer.tracking_data;
    expect(data.shipment_status).toBe(7);
    expect(data.shipment_track[0]).toMatchObject({
      awb_code: "141123221084922",
      current_status: "Delivered",
      courier_name: "Xpressbees Surface",
      weight: "0.30",
      order_id: "237157589",
      edd: null,
      pod: "Available",
    });
    expect(data.shipment_track_activities[0]?.["sr-status"]).toBe("7");
    expect(data).toHaveProperty("qc_response");
  });

  it("reads the no-activities-yet answer with null activities and its error text", () => {
    const answer = trackingAnswerSchema.parse({
      tracking_data: {
        track_status: 0,
        shipment_status: "0",
        shipment_track: [{ awb_code: "", current_status: null, pickup_date: null, delivered_date: null }],
        shipment_track_activities: null,
        error: "Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.",
      },
    });
    expect(answer.tracking_data.track_status).toBe(0);
    expect(answer.tracking_data.shipment_status).toBe(0);
    expect(answer.tracking_data.shipment_track_activities).toEqual([]);
    expect(answer.tracking_data.track_url).toBeNull();
    expect(answer.tracking_data.error).toMatch(/no activities/);
  });

  it("refuses an answer without tracking_data", () => {
    expect(trackingAnswerSchema.safeParse({ message: "Unauthenticated" }).success).toBe(false);
  });
});
