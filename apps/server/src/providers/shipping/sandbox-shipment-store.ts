import type { DeliveryRegion } from "./delivery-regions.js";

/**
 * One shipment of the sandbox courier. It lives in the database (tracking is read by every
 * process and must survive restarts); its progress is computed from `awbAssignedAt` and the
 * clock, so nothing has to advance it. Dates are ISO-8601 text.
 */
export interface SandboxShipment {
  shipmentId: string;
  /** The "platform" order id the sandbox gave (Shiprocket's `order_id`), 9 digits. */
  providerOrderId: string;
  /** The shop's order id: one shipment per order. */
  orderId: string;
  orderNumber: string;
  createdAt: string;
  paymentMethod: "Prepaid" | "COD";
  weightKg: number;
  region: DeliveryRegion;
  destinationCity: string;
  destinationPincode: string;
  consigneeName: string;
  awb: string | null;
  courierId: number | null;
  courierName: string | null;
  /** The journey's clock starts here. */
  awbAssignedAt: string | null;
  pickupRequestedAt: string | null;
  cancelledAt: string | null;
  /** The parcel stops at "Undelivered" after Out for delivery (a test address: `sandboxFailDeliveryMarker`). */
  failsDelivery: boolean;
  /** The shop's answer to the failed delivery; the journey goes on from `ndrActionAt`. */
  ndrAction: "re-attempt" | "return" | null;
  ndrActionAt: string | null;
  /** A reverse pickup from the customer (issue 29) follows the return journey; absent means forward. */
  direction?: "forward" | "return";
  /** Bumped by every update: updates are compare-and-set on it. */
  version: number;
}

export type SandboxShipmentChanges = Partial<
  Pick<
    SandboxShipment,
    | "awb"
    | "courierId"
    | "courierName"
    | "awbAssignedAt"
    | "pickupRequestedAt"
    | "cancelledAt"
    | "ndrAction"
    | "ndrActionAt"
  >
>;

/** Where the sandbox courier keeps its shipments; the shop backs it with a table. */
export interface SandboxShipmentStore {
  /**
   * Inserts unless a shipment for the same `orderId` exists (a unique key on order_id:
   * `insert ... on conflict do nothing`). Answers whether it was inserted.
   */
  save(shipment: SandboxShipment): Promise<boolean>;
  get(shipmentId: string): Promise<SandboxShipment | null>;
  getByOrderId(orderId: string): Promise<SandboxShipment | null>;
  getByProviderOrderId(providerOrderId: string): Promise<SandboxShipment | null>;
  getByAwb(awb: string): Promise<SandboxShipment | null>;
  /** Applies `changes` only if the version is still `expectedVersion`; null when another writer won. */
  update(shipmentId: string, expectedVersion: number, changes: SandboxShipmentChanges): Promise<SandboxShipment | null>;
}

/** For unit tests and single-process experiments only: everything is lost on restart. */
export class InMemorySandboxShipmentStore implements SandboxShipmentStore {
  private readonly byId = new Map<string, SandboxShipment>();

  private find(matches: (shipment: SandboxShipment) => boolean): SandboxShipment | null {
    for (const shipment of this.byId.values()) if (matches(shipment)) return { ...shipment };
    return null;
  }

  async save(shipment: SandboxShipment): Promise<boolean> {
    if (this.find((s) => s.orderId === shipment.orderId || s.shipmentId === shipment.shipmentId)) return false;
    this.byId.set(shipment.shipmentId, { ...shipment });
    return true;
  }

  async get(shipmentId: string): Promise<SandboxShipment | null> {
    const found = this.byId.get(shipmentId);
    return found ? { ...found } : null;
  }

  async getByOrderId(orderId: string): Promise<SandboxShipment | null> {
    return this.find((s) => s.orderId === orderId);
  }

  async getByProviderOrderId(providerOrderId: string): Promise<SandboxShipment | null> {
    return this.find((s) => s.providerOrderId === providerOrderId);
  }

  async getByAwb(awb: string): Promise<SandboxShipment | null> {
    return this.find((s) => s.awb === awb);
  }

  async update(
    shipmentId: string,
    expectedVersion: number,
    changes: SandboxShipmentChanges,
  ): Promise<SandboxShipment | null> {
    const current = this.byId.get(shipmentId);
    if (!current || current.version !== expectedVersion) return null;
    const next = { ...current, ...changes, version: current.version + 1 };
    this.byId.set(shipmentId, next);
    return { ...next };
  }
}
