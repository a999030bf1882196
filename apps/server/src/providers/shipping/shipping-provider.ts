import type { FieldErrors } from "@vaki/contract/envelope";
import type { PostalAddress, TrackingAnswer } from "@vaki/contract/fulfilment";
import { DomainError } from "../../lib/errors.js";
import type { DeliveryRegion } from "./delivery-regions.js";

export type { PostalAddress, TrackingAnswer };

/** What a courier needs to ship one order: plain values, no dependency on the orders tables. */
export interface ShipmentOrder {
  /** The shop's order id. */
  orderId: string;
  /** Sent to the courier as its order reference (≤ 50 characters, unique, never reused). */
  orderNumber: string;
  orderDate: Date;
  paymentMethod: "Prepaid" | "COD";
  /** Paise. */
  subTotal: number;
  lines: {
    name: string;
    sku: string;
    units: number;
    /** Paise per unit, GST-inclusive. */
    sellingPrice: number;
  }[];
  billing: PostalAddress & { email: string };
  shipping: PostalAddress;
  weightKg: number;
  dimensionsCm: { length: number; breadth: number; height: number };
}

/**
 * A reverse pickup (issue 29): the courier collects `lines` from the customer at `pickup` and
 * brings them to the shop's warehouse. `orderNumber` is the courier's reference, unique and
 * never reused (e.g. `VK-100023-R7`); `orderId` the shop's key of the pickup (`<orderId>:r7`).
 */
export interface ReturnShipmentOrder {
  orderId: string;
  orderNumber: string;
  orderDate: Date;
  /** Paise. */
  subTotal: number;
  lines: ShipmentOrder["lines"];
  /** The customer's address: where the parcel is collected. */
  pickup: PostalAddress & { email: string };
  weightKg: number;
  dimensionsCm: { length: number; breadth: number; height: number };
}

export interface ServiceabilityQuery {
  pincode: string;
  /** Cash on delivery wanted. */
  cod: boolean;
  weightKg: number;
  /** Defaults to India; another country, or a code that is not 6 digits, means international. */
  country?: string;
}

export interface Serviceability {
  /** A courier delivers there with the payment asked for (COD only when `cod` was asked). */
  serviceable: boolean;
  /** Whether cash on delivery is possible there at all. */
  codAvailable: boolean;
  /** Working days. */
  estimatedDays: { min: number; max: number };
  region: DeliveryRegion;
  courierName: string | null;
}

export interface CreatedShipment {
  /** The courier platform's order id (Shiprocket's `order_id`); cancel with it. */
  providerOrderId: string;
  shipmentId: string;
  /** ORDER code scheme (1 = NEW). */
  statusCode: number;
}

export interface AssignedAwb {
  awb: string;
  courierId: number;
  courierName: string;
}

/**
 * The seller's answer to a failed delivery (NDR): try again on `date` (India, YYYY-MM-DD)
 * calling `phone`, or return the parcel to origin (RTO; it cannot be undone).
 */
export type NdrRequest =
  | { action: "re-attempt"; date: string; phone: string; comment?: string }
  | { action: "return"; comment?: string };

/**
 * A courier platform as a small strategy (Vendure's ShippingCalculator/fulfilment shape):
 * check a pincode, create a shipment, get an AWB, ask for pickup, track, cancel.
 */
export interface ShippingProvider {
  readonly name: "sandbox" | "shiprocket";
  serviceability(query: ServiceabilityQuery): Promise<Serviceability>;
  /** Idempotent per `orderNumber` where the platform allows it (the sandbox returns the existing shipment). */
  createShipment(order: ShipmentOrder): Promise<CreatedShipment>;
  /** Without `courierId` the platform's recommended courier is used. */
  assignAwb(shipment: { shipmentId: string }, courierId?: number): Promise<AssignedAwb>;
  requestPickup?(shipment: { shipmentId: string }): Promise<{ pickupScheduledDate: string | null }>;
  /** The spec's tracking answer (`tracking_data`); NotFound for an unknown AWB. */
  track(awb: string): Promise<TrackingAnswer>;
  cancel(shipment: { providerOrderId: string; awb?: string | null }): Promise<void>;
  /**
   * Books a reverse pickup from the customer to the warehouse and assigns its AWB (a return
   * journey: pickup booked, picked up, delivered to the seller). Idempotent per `orderId`.
   */
  createReturn?(order: ReturnShipmentOrder): Promise<CreatedShipment & AssignedAwb>;
  /** Answers a failed delivery (NDR) by AWB; Conflict when the shipment is not waiting for one. */
  ndrAction?(awb: string, request: NdrRequest): Promise<void>;
}

/**
 * The courier platform failed or refused. 422 validation answers carry the platform's field
 * messages in `fieldErrors`; `retryable` (429, 5xx, network) tells the outbox to try later.
 */
export class ShippingProviderError extends DomainError {
  readonly status = 502;
  readonly kind = "ShippingProviderError";
  constructor(
    message: string,
    readonly upstreamStatus: number | null,
    readonly retryable: boolean,
    fieldErrors?: FieldErrors,
  ) {
    super(message, fieldErrors ? { fieldErrors } : {});
  }
}
