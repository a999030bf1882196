import { shipmentStatusCodes, timelineStepForOrderCode, trackingAnswerSchema } from "@vaki/contract/fulfilment";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../lib/clock.js";
import { Conflict, InvalidInput, NotFound } from "../../lib/errors.js";
import { deliveryRegionOf } from "./delivery-regions.js";
import { SandboxCourier, sandboxCouriers } from "./sandbox-courier.js";
import { InMemorySandboxShipmentStore } from "./sandbox-shipment-store.js";
import type { ShipmentOrder } from "./shipping-provider.js";

const minute = 60_000;

function courier(minutesPerStep = 5) {
  const clock = new ManualClock(new Date("2026-11-22T10:00:00.000Z"));
  const store = new InMemorySandboxShipmentStore();
  return {
    clock,
    store,
    courier: new SandboxCourier({ store, clock, minutesPerStep, publicUrl: "https://vaki.example/" }),
  };
}

function shipmentOrder(overrides: Partial<ShipmentOrder> = {}, shipping: Partial<ShipmentOrder["shipping"]> = {}) {
  const address = {
    fullName: "Kabir Rao",
    line1: "12 MG Road",
    line2: "",
    city: "Bengaluru",
    state: "Karnataka",
    pincode: "560001",
    country: "India",
    phone: "9123456780",
    ...shipping,
  };
  return {
    orderId: `order-${Math.random().toString(36).slice(2)}`,
    orderNumber: "VK-100042",
    orderDate: new Date("2026-11-22T09:55:00.000Z"),
    paymentMethod: "Prepaid",
    subTotal: 259_800,
    lines: [{ name: "Moonkid Tee", sku: "VK-MOON-TEE-BLK-M", units: 2, sellingPrice: 129_900 }],
    billing: { ...address, email: "kabir@example.com" },
    shipping: address,
    weightKg: 0.5,
    dimensionsCm: { length: 30, breadth: 25, height: 4 },
    ...overrides,
  } satisfies ShipmentOrder;
}

describe("delivery regions", () => {
  it("reads Delhi-NCR, the rest of India, abroad and nonsense from the pincode and country", () => {
    for (const pincode of ["110001", "121001", "122002", "201301", "110 017"]) {
      expect(deliveryRegionOf(pincode), pincode).toEqual({ region: "delhi-ncr", valid: true });
    }
    for (const pincode of ["560001", "400001", "700019", "123456", "202001"]) {
      expect(deliveryRegionOf(pincode), pincode).toEqual({ region: "india", valid: true });
    }
    expect(deliveryRegionOf("10001", "United States")).toEqual({ region: "international", valid: true });
    expect(deliveryRegionOf("110001", "Singapore")).toEqual({ region: "international", valid: true });
    expect(deliveryRegionOf("SW1A 1AA")).toEqual({ region: "international", valid: true });
    expect(deliveryRegionOf("011001")).toEqual({ region: "india", valid: false });
    expect(deliveryRegionOf("10001", "India")).toEqual({ region: "india", valid: false });
    expect(deliveryRegionOf("")).toEqual({ region: "international", valid: false });
    expect(deliveryRegionOf("<script>")).toEqual({ region: "international", valid: false });
  });

  it("takes an empty code only for a country without postal codes", () => {
    for (const country of ["United Arab Emirates", "AE", "Qatar", "Hong Kong"]) {
      expect(deliveryRegionOf("", country), country).toEqual({ region: "international", valid: true });
    }
    for (const country of ["United Kingdom", "United States", "Atlantis"]) {
      expect(deliveryRegionOf("", country), country).toEqual({ region: "international", valid: false });
    }
    expect(deliveryRegionOf("", "India")).toEqual({ region: "india", valid: false });
  });
});

describe("the sandbox courier's serviceability", () => {
  it("delivers in Delhi-NCR in 1-2 working days with cash on delivery", async () => {
    expect(await courier().courier.serviceability({ pincode: "122002", cod: true, weightKg: 0.5 })).toEqual({
      serviceable: true,
      codAvailable: true,
      estimatedDays: { min: 1, max: 2 },
      region: "delhi-ncr",
      courierName: "Delhivery Surface",
    });
  });

  it("delivers elsewhere in India in 3-5 days, always by the same courier for a pincode", async () => {
    const { courier: sandbox } = courier();
    const first = await sandbox.serviceability({ pincode: "560001", cod: false, weightKg: 1 });
    expect(first).toMatchObject({
      serviceable: true,
      codAvailable: true,
      estimatedDays: { min: 3, max: 5 },
      region: "india",
    });
    expect(sandboxCouriers.map((c) => c.name)).toContain(first.courierName);
    expect((await sandbox.serviceability({ pincode: "560001", cod: false, weightKg: 1 })).courierName).toBe(
      first.courierName,
    );
  });

  it("ships abroad in 5-14 days but never cash on delivery", async () => {
    const { courier: sandbox } = courier();
    expect(
      await sandbox.serviceability({ pincode: "10001", country: "United States", cod: false, weightKg: 1 }),
    ).toEqual({
      serviceable: true,
      codAvailable: false,
      estimatedDays: { min: 5, max: 14 },
      region: "international",
      courierName: "DHL Express",
    });
    expect(
      await sandbox.serviceability({ pincode: "10001", country: "United States", cod: true, weightKg: 1 }),
    ).toMatchObject({ serviceable: false, codAvailable: false, courierName: null });
  });

  it("refuses clearly invalid pincodes and weights", async () => {
    const { courier: sandbox } = courier();
    for (const pincode of ["011001", "000000"]) {
      expect(await sandbox.serviceability({ pincode, cod: false, weightKg: 1 }), pincode).toMatchObject({
        serviceable: false,
        codAvailable: false,
        courierName: null,
      });
    }
    await expect(sandbox.serviceability({ pincode: "560001", cod: false, weightKg: 0 })).rejects.toBeInstanceOf(
      InvalidInput,
    );
  });
});

describe("the sandbox courier's shipments", () => {
  it("creates one shipment per order, NEW in the order code scheme, and answers it again when asked again", async () => {
    const { courier: sandbox } = courier();
    const order = shipmentOrder();
    const created = await sandbox.createShipment(order);
    expect(created).toEqual({
      providerOrderId: expect.stringMatching(/^\d{9}$/),
      shipmentId: expect.stringMatching(/^\d{9}$/),
      statusCode: 1,
    });
    expect(await sandbox.createShipment(order)).toEqual(created);
  });

  it("refuses to ship to an invalid pincode", async () => {
    await expect(courier().courier.createShipment(shipmentOrder({}, { pincode: "012345" }))).rejects.toBeInstanceOf(
      InvalidInput,
    );
  });

  it("assigns an AWB in the courier's format, once", async () => {
    const { courier: sandbox } = courier();
    const delhi = await sandbox.createShipment(shipmentOrder({}, { pincode: "110017", city: "New Delhi" }));
    const awb = await sandbox.assignAwb({ shipmentId: delhi.shipmentId });
    expect(awb).toEqual({ awb: expect.stringMatching(/^1490\d{10}$/), courierId: 1, courierName: "Delhivery Surface" });
    expect(await sandbox.assignAwb({ shipmentId: delhi.shipmentId }, 2)).toEqual(awb);

    const chosen = await sandbox.createShipment(shipmentOrder());
    expect(await sandbox.assignAwb({ shipmentId: chosen.shipmentId }, 3)).toEqual({
      awb: expect.stringMatching(/^FMPC\d{10}$/),
      courierId: 3,
      courierName: "Ekart",
    });
    await expect(sandbox.assignAwb({ shipmentId: chosen.shipmentId }, 99)).rejects.toBeInstanceOf(InvalidInput);
    await expect(sandbox.assignAwb({ shipmentId: "123" })).rejects.toBeInstanceOf(NotFound);
  });

  it("schedules the pickup for the journey's second step, and only after an AWB", async () => {
    const { courier: sandbox } = courier();
    const shipment = await sandbox.createShipment(shipmentOrder());
    await expect(sandbox.requestPickup({ shipmentId: shipment.shipmentId })).rejects.toBeInstanceOf(Conflict);
    await sandbox.assignAwb({ shipmentId: shipment.shipmentId });
    expect(await sandbox.requestPickup({ shipmentId: shipment.shipmentId })).toEqual({
      pickupScheduledDate: "2026-11-22 15:35:00",
    });
  });
});

describe("the sandbox courier's tracking", () => {
  const expectedJourney: [number, string, string][] = [
    [1, "AWB Assigned", "Okhla Phase III, New Delhi"],
    [3, "Pickup Scheduled/Generated", "Okhla Phase III, New Delhi"],
    [42, "Picked Up", "Okhla Phase III, New Delhi"],
    [6, "Shipped", "Bilaspur Hub, Gurugram"],
    [18, "In Transit", "Hyderabad Gateway, Telangana"],
    [38, "Reached at Destination Hub", "Bengaluru Hub"],
    [17, "Out For Delivery", "Bengaluru"],
    [7, "Delivered", "Bengaluru"],
  ];

  it("moves through Shiprocket's statuses one step per 5 minutes from the AWB, newest scan first", async () => {
    const { courier: sandbox, clock } = courier();
    const order = shipmentOrder();
    const shipment = await sandbox.createShipment(order);
    const { awb } = await sandbox.assignAwb({ shipmentId: shipment.shipmentId });

    for (let step = 0; step < expectedJourney.length; step += 1) {
      const answer = await sandbox.track(awb);
      expect(trackingAnswerSchema.parse(answer)).toBeTruthy();
      const data = answer.tracking_data;
      const [code, label, location] = expectedJourney[step]!;
      expect(data.shipment_status, `after ${step} steps`).toBe(code);
      expect(data.shipment_track[0]?.current_status).toBe(label);
      expect(data.shipment_track_activities).toHaveLength(step + 1);
      expect(data.shipment_track_activities[0]).toMatchObject({
        "sr-status": String(code),
        "sr-status-label": label.toUpperCase(),
        location,
        date: new Date(Date.parse("2026-11-22T15:30:00.000Z") + step * 5 * minute)
          .toISOString()
          .slice(0, 19)
          .replace("T", " "),
      });
      expect(shipmentStatusCodes[code]).toBeDefined();
      expect(data.shipment_track[0]?.pickup_date).toBe(step >= 2 ? "2026-11-22 15:40:00" : null);
      expect(data.shipment_track[0]?.delivered_date).toBe(step === 7 ? "2026-11-22 16:05:00" : null);
      clock.advance(5 * minute);
    }

    clock.advance(60 * minute);
    const settled = (await sandbox.track(awb)).tracking_data;
    expect(settled.shipment_status).toBe(7);
    expect(settled.shipment_track_activities.map((scan) => Number(scan["sr-status"]))).toEqual(
      expectedJourney.map(([code]) => code).reverse(),
    );
    expect(settled.shipment_track[0]).toMatchObject({
      awb_code: awb,
      courier_name: expect.any(String),
      weight: "0.50",
      delivered_to: "Bengaluru",
      pod: "Available",
    });
    expect(settled.track_url).toBe(`https://vaki.example/orders?awb=${awb}`);
    expect(settled.etd).toBe("2026-11-22 16:05:00");
    // Asking for the shipment again reports its status in the ORDER code scheme: 7 Delivered.
    const again = await sandbox.createShipment(order);
    expect(again.statusCode).toBe(7);
    expect(timelineStepForOrderCode(again.statusCode)).toBe("Delivered");
  });

  it("is halfway after 3 steps, and honours the configured minutes per step", async () => {
    const { courier: sandbox, clock } = courier(1);
    const shipment = await sandbox.createShipment(shipmentOrder());
    const { awb } = await sandbox.assignAwb({ shipmentId: shipment.shipmentId });
    clock.advance(3 * minute + 59_000);
    const data = (await sandbox.track(awb)).tracking_data;
    expect(data.shipment_status).toBe(6);
    expect(data.shipment_track_activities).toHaveLength(4);
  });

  it("flies international parcels and clears customs on the way", async () => {
    const { courier: sandbox, clock } = courier();
    const shipment = await sandbox.createShipment(
      shipmentOrder({}, { pincode: "10001", country: "United States", city: "New York", state: "NY" }),
    );
    const { awb, courierName } = await sandbox.assignAwb({ shipmentId: shipment.shipmentId });
    expect(courierName).toBe("DHL Express");
    clock.advance(7 * 5 * minute);
    const codes = (await sandbox.track(awb)).tracking_data.shipment_track_activities.map((scan) => scan["sr-status"]);
    expect(codes).toEqual(["7", "17", "49", "50", "6", "42", "3", "1"]);
  });

  it("answers NotFound for an AWB it never assigned", async () => {
    const { courier: sandbox } = courier();
    await expect(sandbox.track("14901234567890")).rejects.toBeInstanceOf(NotFound);
    await expect(sandbox.track("../x")).rejects.toBeInstanceOf(NotFound);
  });
});

describe("cancelling a sandbox shipment", () => {
  it("works before pickup and stops the journey there", async () => {
    const { courier: sandbox, clock } = courier();
    const shipment = await sandbox.createShipment(shipmentOrder());
    const { awb } = await sandbox.assignAwb({ shipmentId: shipment.shipmentId });
    clock.advance(5 * minute);
    await sandbox.cancel({ providerOrderId: shipment.providerOrderId, awb });
    await sandbox.cancel({ providerOrderId: shipment.providerOrderId, awb });

    clock.advance(120 * minute);
    const data = (await sandbox.track(awb)).tracking_data;
    expect(data.shipment_status).toBe(8);
    expect(data.shipment_track[0]?.current_status).toBe("Canceled");
    expect(data.shipment_track_activities.map((scan) => scan["sr-status"])).toEqual(["8", "3", "1"]);
    expect(data.shipment_track[0]?.pickup_date).toBeNull();
    expect(data.etd).toBeNull();

    await expect(sandbox.assignAwb({ shipmentId: shipment.shipmentId })).rejects.toBeInstanceOf(Conflict);
    await expect(sandbox.requestPickup({ shipmentId: shipment.shipmentId })).rejects.toBeInstanceOf(Conflict);
  });

  it("works before an AWB is assigned, and then the order id cannot be shipped again", async () => {
    const { courier: sandbox } = courier();
    const order = shipmentOrder();
    const shipment = await sandbox.createShipment(order);
    await sandbox.cancel({ providerOrderId: shipment.providerOrderId });
    await expect(sandbox.createShipment(order)).rejects.toBeInstanceOf(Conflict);
  });

  it("is refused once the parcel is picked up", async () => {
    const { courier: sandbox, clock } = courier();
    const shipment = await sandbox.createShipment(shipmentOrder());
    await sandbox.assignAwb({ shipmentId: shipment.shipmentId });
    clock.advance(10 * minute);
    await expect(sandbox.cancel({ providerOrderId: shipment.providerOrderId })).rejects.toBeInstanceOf(Conflict);
  });

  it("answers NotFound for an unknown shipment", async () => {
    await expect(courier().courier.cancel({ providerOrderId: "999999999" })).rejects.toBeInstanceOf(NotFound);
  });
});

describe("a failed delivery in the sandbox (FAIL DELIVERY in the name or address)", () => {
  async function failing(where: "fullName" | "line2" = "fullName") {
    const setup = courier(5);
    const value = where === "fullName" ? "Kabir fail delivery" : "Near gate FAIL DELIVERY";
    const created = await setup.courier.createShipment(shipmentOrder({}, { [where]: value }));
    const { awb } = await setup.courier.assignAwb(created);
    const codes = async () => (await setup.courier.track(awb)).tracking_data.shipment_status;
    return { ...setup, awb, codes };
  }

  it("stops at Undelivered (code 21, order scheme 36) one step after Out for delivery, with no delivery date", async () => {
    const { clock, courier: sandbox, awb, codes } = await failing();
    clock.advance(6 * 5 * minute);
    expect(await codes()).toBe(17);
    clock.advance(5 * minute);
    expect(await codes()).toBe(21);
    clock.advance(60 * 5 * minute);
    const answer = await sandbox.track(awb);
    expect(answer.tracking_data.shipment_status).toBe(21);
    expect(answer.tracking_data.etd).toBeNull();
    expect(answer.tracking_data.shipment_track[0]?.delivered_date).toBeNull();
    expect(trackingAnswerSchema.safeParse(answer).success).toBe(true);
  });

  it("refuses an NDR action before the failed attempt, then re-attempts: Out for delivery, Delivered", async () => {
    const { clock, courier: sandbox, awb, codes } = await failing("line2");
    await expect(sandbox.ndrAction(awb, { action: "return" })).rejects.toBeInstanceOf(Conflict);
    clock.advance(7 * 5 * minute);
    expect(await codes()).toBe(21);
    await sandbox.ndrAction(awb, { action: "re-attempt", date: "2026-11-23", phone: "9123456780" });
    await expect(sandbox.ndrAction(awb, { action: "return" })).rejects.toBeInstanceOf(Conflict);
    expect(await codes()).toBe(21);
    clock.advance(5 * minute);
    expect(await codes()).toBe(17);
    clock.advance(5 * minute);
    const answer = await sandbox.track(awb);
    expect(answer.tracking_data.shipment_status).toBe(7);
    expect(answer.tracking_data.shipment_track[0]?.delivered_date).not.toBeNull();
  });

  it("returns to origin: RTO initiated, in transit, delivered back at the warehouse", async () => {
    const { clock, courier: sandbox, awb, codes } = await failing();
    clock.advance(7 * 5 * minute);
    await sandbox.ndrAction(awb, { action: "return" });
    const seen: number[] = [];
    for (let step = 0; step < 4; step += 1) {
      clock.advance(5 * minute);
      seen.push(await codes());
    }
    expect(seen).toEqual([9, 46, 10, 10]);
    const activities = (await sandbox.track(awb)).tracking_data.shipment_track_activities;
    expect(activities[0]?.location).toBe("Okhla Phase III, New Delhi");
    await expect(sandbox.ndrAction("NOSUCHAWB1", { action: "return" })).rejects.toBeInstanceOf(NotFound);
  });

  it("delivers an ordinary parcel as before", async () => {
    const { clock, courier: sandbox, store } = courier(5);
    const created = await sandbox.createShipment(shipmentOrder());
    const { awb } = await sandbox.assignAwb(created);
    clock.advance(8 * 5 * minute);
    expect((await sandbox.track(awb)).tracking_data.shipment_status).toBe(7);
    expect((await store.getByAwb(awb))?.failsDelivery).toBe(false);
  });
});

describe("the sandbox courier's reverse pickups (issue 29)", () => {
  const returnOrder = (orderId: string) => {
    const order = shipmentOrder({ orderId, orderNumber: "VK-100042-R7" });
    return {
      orderId,
      orderNumber: order.orderNumber,
      orderDate: order.orderDate,
      subTotal: 129_900,
      lines: [{ name: "Moonkid Tee", sku: "VK-MOON-TEE-BLK-M", units: 1, sellingPrice: 129_900 }],
      pickup: order.billing,
      weightKg: 0.5,
      dimensionsCm: order.dimensionsCm,
    };
  };

  it("books a pickup with its AWB and follows the return journey a step per interval", async () => {
    const { clock, courier: sandbox, store } = courier(5);
    const booked = await sandbox.createReturn(returnOrder("order-1:r7"));
    expect(booked.awb).toMatch(/^[A-Z0-9]{10,15}$/);
    expect((await store.getByAwb(booked.awb))?.direction).toBe("return");
    const seen: number[] = [];
    for (let step = 0; step < 6; step += 1) {
      seen.push((await sandbox.track(booked.awb)).tracking_data.shipment_status);
      clock.advance(5 * minute);
    }
    expect(seen).toEqual([1, 19, 42, 18, 7, 7]);
    const answer = (await sandbox.track(booked.awb)).tracking_data;
    expect(answer.shipment_track_activities.map((scan) => scan.activity)).toEqual([
      "Delivered to seller's warehouse",
      "In transit to seller",
      "Picked up from customer",
      "Out for pickup",
      "Return AWB assigned",
    ]);
    expect(answer.shipment_track_activities[0]?.location).toBe("Okhla Phase III, New Delhi");
    expect(answer.shipment_track_activities[2]?.location).toBe("Bengaluru");
    expect(trackingAnswerSchema.safeParse({ tracking_data: answer }).success).toBe(true);
  });

  it("answers the same pickup when asked again for the same order, and refuses a cancel after pickup", async () => {
    const { clock, courier: sandbox } = courier(5);
    const first = await sandbox.createReturn(returnOrder("order-2:r8"));
    const again = await sandbox.createReturn(returnOrder("order-2:r8"));
    expect(again).toEqual(first);
    clock.advance(2 * 5 * minute);
    await expect(sandbox.cancel({ providerOrderId: first.providerOrderId })).rejects.toBeInstanceOf(Conflict);
  });
});
