import { createHash, randomInt } from "node:crypto";
import {
  orderCodeByShipmentCode,
  type ShipmentTrackActivity,
  shipmentStatusCodes,
  shipmentStatusTrackingLabels,
  type TrackingAnswer,
} from "@vaki/contract/fulfilment";
import type { Clock } from "../../lib/clock.js";
import { Conflict, InvalidInput, NotFound } from "../../lib/errors.js";
import { type DeliveryRegion, deliveryRegionOf, deliveryWindows, indiaDateTime } from "./delivery-regions.js";
import type { SandboxShipment, SandboxShipmentStore } from "./sandbox-shipment-store.js";
import type {
  AssignedAwb,
  CreatedShipment,
  NdrRequest,
  ReturnShipmentOrder,
  Serviceability,
  ServiceabilityQuery,
  ShipmentOrder,
  ShippingProvider,
} from "./shipping-provider.js";

/** The sandbox's couriers, each with its own AWB format. */
export const sandboxCouriers = [
  { id: 1, name: "Delhivery Surface", awb: () => `1490${digits(10)}` },
  { id: 2, name: "Blue Dart Air", awb: () => `7${digits(10)}` },
  { id: 3, name: "Ekart", awb: () => `FMPC${digits(10)}` },
  { id: 4, name: "Xpressbees Surface", awb: () => `1411${digits(11)}` },
  { id: 5, name: "DHL Express", awb: () => digits(10) },
] as const;
type CourierEntry = (typeof sandboxCouriers)[number];

function digits(count: number): string {
  return Array.from({ length: count }, () => randomInt(0, 10)).join("");
}

/** Where each step of a journey is scanned. */
type Place = "warehouse" | "origin-hub" | "gateway" | "destination-hub" | "destination";

/** One scan of a journey: the SHIPMENT-scheme code (sr-status) and what the courier says. */
interface JourneyStep {
  shipmentCode: number;
  activity: string;
  at: Place;
}

/**
 * The sandbox courier's journeys as data: one step per SANDBOX_COURIER_MINUTES_PER_STEP from
 * the AWB assignment, with real Shiprocket codes (SHIPMENT scheme; `orderCodeByShipmentCode`
 * gives the ORDER-scheme twin, e.g. 18 In Transit = order 20).
 */
export const sandboxJourneys: Readonly<Record<DeliveryRegion, readonly JourneyStep[]>> = {
  "delhi-ncr": [
    { shipmentCode: 1, activity: "Shipment manifested, AWB assigned", at: "warehouse" },
    { shipmentCode: 3, activity: "Pickup scheduled with courier", at: "warehouse" },
    { shipmentCode: 42, activity: "Shipment picked up from seller", at: "warehouse" },
    { shipmentCode: 6, activity: "Shipped: received at origin hub", at: "origin-hub" },
    { shipmentCode: 18, activity: "In transit: bag dispatched to destination hub", at: "gateway" },
    { shipmentCode: 38, activity: "Reached destination hub", at: "destination-hub" },
    { shipmentCode: 17, activity: "Out for delivery", at: "destination" },
    { shipmentCode: 7, activity: "Delivered", at: "destination" },
  ],
  india: [
    { shipmentCode: 1, activity: "Shipment manifested, AWB assigned", at: "warehouse" },
    { shipmentCode: 3, activity: "Pickup scheduled with courier", at: "warehouse" },
    { shipmentCode: 42, activity: "Shipment picked up from seller", at: "warehouse" },
    { shipmentCode: 6, activity: "Shipped: received at origin hub", at: "origin-hub" },
    { shipmentCode: 18, activity: "In transit: connected to destination gateway", at: "gateway" },
    { shipmentCode: 38, activity: "Reached destination hub", at: "destination-hub" },
    { shipmentCode: 17, activity: "Out for delivery", at: "destination" },
    { shipmentCode: 7, activity: "Delivered", at: "destination" },
  ],
  international: [
    { shipmentCode: 1, activity: "Shipment manifested, AWB assigned", at: "warehouse" },
    { shipmentCode: 3, activity: "Pickup scheduled with courier", at: "warehouse" },
    { shipmentCode: 42, activity: "Shipment picked up from seller", at: "warehouse" },
    { shipmentCode: 6, activity: "Shipped: received at export hub", at: "origin-hub" },
    { shipmentCode: 50, activity: "In flight to destination country", at: "gateway" },
    { shipmentCode: 49, activity: "Cleared customs", at: "destination-hub" },
    { shipmentCode: 17, activity: "Out for delivery", at: "destination" },
    { shipmentCode: 7, activity: "Delivered", at: "destination" },
  ],
};

const pickedUpCode = 42;
const cancelledCode = 8;
const outForDeliveryCode = 17;
const deliveredCode = 7;
const undeliveredCode = 21;

/**
 * A tester's way to a failed delivery: these words in the delivery name or an address line on
 * the sandbox payment page (e.g. "Riya FAIL DELIVERY") make the parcel stop at "Undelivered"
 * (ORDER code 36) one step after Out for delivery, until the shop answers with `ndrAction`.
 */
export const sandboxFailDeliveryMarker = "FAIL DELIVERY";

/** The failed attempt; SHIPMENT code 21 is the ORDER scheme's 36 Undelivered. */
const undeliveredStep: JourneyStep = {
  shipmentCode: undeliveredCode,
  activity: "Undelivered: consignee not available, delivery attempt failed",
  at: "destination",
};

/** After `ndrAction`, one step per interval from the moment the shop asked. */
export const sandboxNdrJourneys: Readonly<Record<NdrRequest["action"], readonly JourneyStep[]>> = {
  "re-attempt": [
    { shipmentCode: outForDeliveryCode, activity: "Out for delivery (re-attempt)", at: "destination" },
    { shipmentCode: deliveredCode, activity: "Delivered", at: "destination" },
  ],
  // RTO initiated 9 → RTO in transit 46 → RTO delivered 10 (ORDER 15 → 55 → 16).
  return: [
    { shipmentCode: 9, activity: "RTO initiated: returning to the seller", at: "destination-hub" },
    { shipmentCode: 46, activity: "RTO in transit: bag dispatched to origin hub", at: "origin-hub" },
    { shipmentCode: 10, activity: "RTO delivered: received back at the seller's warehouse", at: "warehouse" },
  ],
};

/**
 * A reverse pickup's journey (issue 29), one step per interval from its AWB: booked, the courier
 * out to collect it, picked up from the customer, on its way back, delivered to the warehouse.
 */
export const sandboxReturnJourney: readonly JourneyStep[] = [
  { shipmentCode: 1, activity: "Return AWB assigned", at: "destination" },
  { shipmentCode: 19, activity: "Out for pickup", at: "destination" },
  { shipmentCode: 42, activity: "Picked up from customer", at: "destination" },
  { shipmentCode: 18, activity: "In transit to seller", at: "gateway" },
  { shipmentCode: 7, activity: "Delivered to seller's warehouse", at: "warehouse" },
];

/** One step of a shipment's journey with the moment it happens (or will). */
interface TimedStep {
  step: JourneyStep;
  at: Date;
}
const warehouse = "Okhla Phase III, New Delhi";

/** The gateway a parcel passes through, by the first digit of the Indian pincode (postal zones). */
const gatewayByZone: Readonly<Record<string, string>> = {
  "1": "Ambala Gateway, Haryana",
  "2": "Lucknow Gateway, Uttar Pradesh",
  "3": "Ahmedabad Gateway, Gujarat",
  "4": "Bhiwandi Gateway, Maharashtra",
  "5": "Hyderabad Gateway, Telangana",
  "6": "Chennai Gateway, Tamil Nadu",
  "7": "Kolkata Gateway, West Bengal",
  "8": "Patna Gateway, Bihar",
  "9": "Delhi Gateway, Delhi",
};

export const sandboxCourierMessages = {
  unknownAwb: "No shipment has this AWB",
  unknownShipment: "No such shipment",
  cancelled: "This shipment has been cancelled",
  alreadyPickedUp: "The shipment has already been picked up and can no longer be cancelled",
  reusedOrder: "The order's shipment was cancelled; a cancelled order id cannot be shipped again",
  noAwb: "Assign an AWB before requesting pickup",
  notUndelivered: "Only an undelivered shipment waiting for the seller's answer takes a re-attempt or return request",
} as const;

const labelOf = (code: number) => shipmentStatusTrackingLabels[code] ?? shipmentStatusCodes[code] ?? "Unknown";

/**
 * The built-in courier: creates shipments, assigns AWBs, and moves every shipment along a
 * realistic journey on the clock, one step per `minutesPerStep` from its AWB assignment,
 * producing Shiprocket's tracking answer. Its state lives in a `SandboxShipmentStore`.
 */
export class SandboxCourier implements ShippingProvider {
  readonly name = "sandbox" as const;
  private readonly store: SandboxShipmentStore;
  private readonly clock: Clock;
  private readonly stepMs: number;
  private readonly publicUrl: string;

  constructor(options: { store: SandboxShipmentStore; clock: Clock; minutesPerStep: number; publicUrl: string }) {
    this.store = options.store;
    this.clock = options.clock;
    this.stepMs = options.minutesPerStep * 60_000;
    this.publicUrl = options.publicUrl.replace(/\/$/, "");
  }

  async serviceability(query: ServiceabilityQuery): Promise<Serviceability> {
    if (!(query.weightKg > 0))
      throw new InvalidInput("Weight must be above 0 kg", { fieldErrors: { weightKg: ["Must be above 0"] } });
    const { region, valid } = deliveryRegionOf(query.pincode, query.country);
    const codAvailable = valid && region !== "international";
    const serviceable = valid && (!query.cod || codAvailable);
    return {
      serviceable,
      codAvailable,
      estimatedDays: { ...deliveryWindows[region] },
      region,
      courierName: serviceable ? this.courierFor(query.pincode, region).name : null,
    };
  }

  /** One shipment per shop order: asking again answers the same one (the confirmation page's "ensure" call). */
  async createShipment(order: ShipmentOrder): Promise<CreatedShipment> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const existing = await this.store.getByOrderId(order.orderId);
      if (existing) {
        if (existing.cancelledAt) throw new Conflict(sandboxCourierMessages.reusedOrder);
        return this.created(existing);
      }
      const { region, valid } = deliveryRegionOf(order.shipping.pincode, order.shipping.country);
      if (!valid) {
        throw new InvalidInput("The courier cannot deliver to this pincode", {
          fieldErrors: { "shipping.pincode": ["Not a deliverable pincode"] },
        });
      }
      const shipment: SandboxShipment = {
        shipmentId: String(randomInt(100_000_000, 999_999_999)),
        providerOrderId: String(randomInt(100_000_000, 999_999_999)),
        orderId: order.orderId,
        orderNumber: order.orderNumber,
        createdAt: this.clock.now().toISOString(),
        paymentMethod: order.paymentMethod,
        weightKg: order.weightKg,
        region,
        destinationCity: order.shipping.city.trim() || "Destination",
        destinationPincode: order.shipping.pincode.trim(),
        consigneeName: order.shipping.fullName.trim(),
        failsDelivery: [order.shipping.fullName, order.shipping.line1, order.shipping.line2].some((text) =>
          text.toUpperCase().includes(sandboxFailDeliveryMarker),
        ),
        ndrAction: null,
        ndrActionAt: null,
        awb: null,
        courierId: null,
        courierName: null,
        awbAssignedAt: null,
        pickupRequestedAt: null,
        cancelledAt: null,
        version: 0,
      };
      if (await this.store.save(shipment)) return this.created(shipment);
    }
    throw new Conflict("Could not create the shipment; try again");
  }

  /**
   * A reverse pickup from the customer's address to the warehouse, with its AWB at once: a
   * shipment of its own (`direction: "return"`) following the return journey. Asking again for
   * the same `orderId` answers the same pickup.
   */
  async createReturn(order: ReturnShipmentOrder): Promise<CreatedShipment & AssignedAwb> {
    let created: CreatedShipment | null = null;
    for (let attempt = 0; attempt < 5 && !created; attempt += 1) {
      const existing = await this.store.getByOrderId(order.orderId);
      if (existing) {
        if (existing.cancelledAt) throw new Conflict(sandboxCourierMessages.reusedOrder);
        created = this.created(existing);
        break;
      }
      const { region, valid } = deliveryRegionOf(order.pickup.pincode, order.pickup.country);
      if (!valid) {
        throw new InvalidInput("The courier cannot collect from this pincode", {
          fieldErrors: { "pickup.pincode": ["Not a serviceable pincode"] },
        });
      }
      const shipment: SandboxShipment = {
        shipmentId: String(randomInt(100_000_000, 999_999_999)),
        providerOrderId: String(randomInt(100_000_000, 999_999_999)),
        orderId: order.orderId,
        orderNumber: order.orderNumber,
        createdAt: this.clock.now().toISOString(),
        paymentMethod: "Prepaid",
        weightKg: order.weightKg,
        region,
        destinationCity: order.pickup.city.trim() || "Pickup",
        destinationPincode: order.pickup.pincode.trim(),
        consigneeName: order.pickup.fullName.trim(),
        failsDelivery: false,
        ndrAction: null,
        ndrActionAt: null,
        awb: null,
        courierId: null,
        courierName: null,
        awbAssignedAt: null,
        pickupRequestedAt: null,
        cancelledAt: null,
        direction: "return",
        version: 0,
      };
      if (await this.store.save(shipment)) created = this.created(shipment);
    }
    if (!created) throw new Conflict("Could not book the pickup; try again");
    const awb = await this.assignAwb({ shipmentId: created.shipmentId });
    // The status as of now (AWB assigned), the same however often it is asked.
    return { ...this.created(await this.existing(created.shipmentId)), ...awb };
  }

  /** Idempotent: a shipment that has an AWB keeps it. */
  async assignAwb(shipment: { shipmentId: string }, courierId?: number): Promise<AssignedAwb> {
    const chosen = courierId === undefined ? null : sandboxCouriers.find((courier) => courier.id === courierId);
    if (courierId !== undefined && !chosen) {
      throw new InvalidInput(`Unknown courier ${courierId}`, { fieldErrors: { courierId: ["Unknown courier"] } });
    }
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const current = await this.existing(shipment.shipmentId);
      if (current.cancelledAt) throw new Conflict(sandboxCourierMessages.cancelled);
      if (current.awb && current.courierId !== null && current.courierName) {
        return { awb: current.awb, courierId: current.courierId, courierName: current.courierName };
      }
      const courier = chosen ?? this.courierFor(current.destinationPincode, current.region);
      const awb = courier.awb();
      if (await this.store.getByAwb(awb)) continue;
      const updated = await this.store.update(current.shipmentId, current.version, {
        awb,
        courierId: courier.id,
        courierName: courier.name,
        awbAssignedAt: this.clock.now().toISOString(),
      });
      if (updated) return { awb, courierId: courier.id, courierName: courier.name };
    }
    throw new Conflict("Could not assign an AWB; try again");
  }

  /** The pickup is the journey's second step; answers when it is (or was) scheduled. */
  async requestPickup(shipment: { shipmentId: string }): Promise<{ pickupScheduledDate: string | null }> {
    const current = await this.existing(shipment.shipmentId);
    if (current.cancelledAt) throw new Conflict(sandboxCourierMessages.cancelled);
    if (!current.awbAssignedAt) throw new Conflict(sandboxCourierMessages.noAwb);
    if (!current.pickupRequestedAt) {
      await this.store.update(current.shipmentId, current.version, {
        pickupRequestedAt: this.clock.now().toISOString(),
      });
    }
    return { pickupScheduledDate: indiaDateTime(this.stepTime(current, 1)) };
  }

  async track(awb: string): Promise<TrackingAnswer> {
    const shipment = /^[A-Za-z0-9]{6,30}$/.test(awb) ? await this.store.getByAwb(awb) : null;
    if (!shipment?.awbAssignedAt) throw new NotFound(sandboxCourierMessages.unknownAwb);
    const plan = this.plan(shipment);
    const reached = this.reached(shipment);
    const scans: ShipmentTrackActivity[] = reached.map(({ step, at }) => ({
      date: indiaDateTime(at),
      status: step.shipmentCode === deliveredCode ? "DLVD" : step.shipmentCode === undeliveredCode ? "UNDL" : "UD",
      activity: step.activity,
      location: this.placeName(shipment, step.at),
      "sr-status": String(step.shipmentCode),
      "sr-status-label": labelOf(step.shipmentCode).toUpperCase(),
    }));
    if (shipment.cancelledAt) {
      scans.push({
        date: indiaDateTime(new Date(shipment.cancelledAt)),
        status: "CAN",
        activity: "Shipment cancelled by seller",
        location: warehouse,
        "sr-status": String(cancelledCode),
        "sr-status-label": labelOf(cancelledCode).toUpperCase(),
      });
    }
    const last = reached.at(-1);
    const currentCode = shipment.cancelledAt ? cancelledCode : (last?.step.shipmentCode ?? 1);
    const delivered = !shipment.cancelledAt && currentCode === deliveredCode;
    const pickedUp = reached.find(({ step }) => step.shipmentCode === pickedUpCode);
    const final = plan.at(-1);
    const eta = final?.step.shipmentCode === deliveredCode ? indiaDateTime(final.at) : null;
    return {
      tracking_data: {
        track_status: 1,
        shipment_status: currentCode,
        shipment_track: [
          {
            id: Number(shipment.shipmentId),
            awb_code: shipment.awb,
            courier_company_id: shipment.courierId,
            shipment_id: shipment.shipmentId,
            order_id: shipment.providerOrderId,
            pickup_date: pickedUp ? indiaDateTime(pickedUp.at) : null,
            delivered_date: delivered && last ? indiaDateTime(last.at) : null,
            weight: shipment.weightKg.toFixed(2),
            packages: 1,
            current_status: labelOf(currentCode),
            delivered_to: delivered ? shipment.destinationCity : null,
            destination: shipment.destinationCity,
            origin: "New Delhi",
            consignee_name: shipment.consigneeName,
            courier_name: shipment.courierName,
            edd: shipment.cancelledAt ? null : eta,
            pod: delivered ? "Available" : "Not Available",
          },
        ],
        // Newest first, as Shiprocket sends them.
        shipment_track_activities: scans.reverse(),
        track_url: `${this.publicUrl}/orders?awb=${encodeURIComponent(awb)}`,
        etd: shipment.cancelledAt ? null : eta,
      },
    };
  }

  /** Allowed until the courier picks the parcel up; cancelling twice is harmless. */
  async cancel(shipment: { providerOrderId: string; awb?: string | null }): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const current = await this.store.getByProviderOrderId(shipment.providerOrderId);
      if (!current) throw new NotFound(sandboxCourierMessages.unknownShipment);
      if (current.cancelledAt) return;
      if (this.reached(current).some(({ step }) => step.shipmentCode === pickedUpCode)) {
        throw new Conflict(sandboxCourierMessages.alreadyPickedUp);
      }
      const updated = await this.store.update(current.shipmentId, current.version, {
        cancelledAt: this.clock.now().toISOString(),
      });
      if (updated) return;
    }
    throw new Conflict("Could not cancel the shipment; try again");
  }

  /**
   * The seller's answer to an undelivered parcel: a re-attempt (Out for delivery, then Delivered)
   * or a return to origin (RTO initiated, in transit, delivered), each a step per interval from
   * now. The sandbox re-attempts at its own pace whatever day is asked. Once per shipment.
   */
  async ndrAction(awb: string, request: NdrRequest): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const current = /^[A-Za-z0-9]{6,30}$/.test(awb) ? await this.store.getByAwb(awb) : null;
      if (!current) throw new NotFound(sandboxCourierMessages.unknownAwb);
      if (current.cancelledAt) throw new Conflict(sandboxCourierMessages.cancelled);
      const last = this.reached(current).at(-1)?.step.shipmentCode;
      if (last !== undeliveredCode || current.ndrAction) throw new Conflict(sandboxCourierMessages.notUndelivered);
      const updated = await this.store.update(current.shipmentId, current.version, {
        ndrAction: request.action,
        ndrActionAt: this.clock.now().toISOString(),
      });
      if (updated) return;
    }
    throw new Conflict("Could not record the request; try again");
  }

  private async existing(shipmentId: string): Promise<SandboxShipment> {
    const found = await this.store.get(shipmentId);
    if (!found) throw new NotFound(sandboxCourierMessages.unknownShipment);
    return found;
  }

  private created(shipment: SandboxShipment): CreatedShipment {
    // ORDER code scheme: 1 NEW until an AWB is assigned, then the twin of the current step.
    const step = this.reached(shipment).at(-1)?.step;
    return {
      providerOrderId: shipment.providerOrderId,
      shipmentId: shipment.shipmentId,
      statusCode: step ? (orderCodeByShipmentCode[step.shipmentCode] ?? 1) : 1,
    };
  }

  /**
   * The shipment's whole journey with each step's moment, one step per interval from the AWB:
   * the region's journey, or for a failing parcel the journey up to Out for delivery and then
   * Undelivered, followed once the shop answered by the re-attempt or return steps.
   */
  private plan(shipment: SandboxShipment): TimedStep[] {
    const start = Date.parse(shipment.awbAssignedAt ?? shipment.createdAt);
    if (shipment.direction === "return") {
      return sandboxReturnJourney.map((step, index) => ({ step, at: new Date(start + index * this.stepMs) }));
    }
    const regional = sandboxJourneys[shipment.region];
    const steps = shipment.failsDelivery
      ? [
          ...regional.slice(0, regional.findIndex((step) => step.shipmentCode === outForDeliveryCode) + 1),
          undeliveredStep,
        ]
      : regional;
    const timed = steps.map((step, index) => ({ step, at: new Date(start + index * this.stepMs) }));
    if (!shipment.failsDelivery || !shipment.ndrAction || !shipment.ndrActionAt) return timed;
    const from = Date.parse(shipment.ndrActionAt);
    const after = sandboxNdrJourneys[shipment.ndrAction].map((step, index) => ({
      step,
      at: new Date(from + (index + 1) * this.stepMs),
    }));
    return [...timed, ...after];
  }

  /** The steps that have happened (the first is the AWB assignment); frozen by a cancel. */
  private reached(shipment: SandboxShipment): TimedStep[] {
    if (!shipment.awbAssignedAt) return [];
    const until = shipment.cancelledAt ? Date.parse(shipment.cancelledAt) : this.clock.now().getTime();
    return this.plan(shipment).filter(({ at }) => at.getTime() <= until);
  }

  private stepTime(shipment: SandboxShipment, index: number): Date {
    return new Date(Date.parse(shipment.awbAssignedAt ?? shipment.createdAt) + index * this.stepMs);
  }

  private placeName(shipment: SandboxShipment, place: Place): string {
    const city = shipment.destinationCity;
    switch (place) {
      case "warehouse":
        return warehouse;
      case "origin-hub":
        return shipment.region === "international" ? "Delhi Air Cargo Complex, New Delhi" : "Bilaspur Hub, Gurugram";
      case "gateway":
        if (shipment.region === "international") return "Indira Gandhi International Airport, New Delhi";
        if (shipment.region === "delhi-ncr") return "Delhi NCR Sort Centre, New Delhi";
        return gatewayByZone[shipment.destinationPincode.charAt(0)] ?? "Delhi Gateway, Delhi";
      case "destination-hub":
        return `${city} Hub`;
      case "destination":
        return city;
    }
  }

  /** The same courier for the same pincode every time; Delhi-NCR by surface, abroad by DHL. */
  private courierFor(pincode: string, region: DeliveryRegion): CourierEntry {
    if (region === "international") return sandboxCouriers[4];
    if (region === "delhi-ncr") return sandboxCouriers[0];
    const domestic = sandboxCouriers.slice(0, 4);
    const pick = createHash("sha256").update(pincode.trim()).digest()[0] ?? 0;
    return domestic[pick % domestic.length] ?? sandboxCouriers[0];
  }
}
