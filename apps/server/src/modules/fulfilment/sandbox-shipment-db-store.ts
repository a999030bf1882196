import type { Selectable, Updateable } from "kysely";
import type { Db } from "../../db/connection.js";
import { uniqueViolation } from "../../db/errors.js";
import type { SandboxShipmentsTable } from "../../db/schema.js";
import type { DeliveryRegion } from "../../providers/shipping/delivery-regions.js";
import type {
  SandboxShipment,
  SandboxShipmentChanges,
  SandboxShipmentStore,
} from "../../providers/shipping/sandbox-shipment-store.js";

type Row = Selectable<SandboxShipmentsTable>;

function toShipment(row: Row): SandboxShipment {
  return {
    shipmentId: row.shipment_id,
    providerOrderId: row.provider_order_id,
    orderId: row.order_id,
    orderNumber: row.order_number,
    createdAt: row.created_at,
    paymentMethod: row.payment_method === "COD" ? "COD" : "Prepaid",
    weightKg: row.weight_grams / 1000,
    region: row.region as DeliveryRegion,
    destinationCity: row.destination_city,
    destinationPincode: row.destination_pincode,
    consigneeName: row.consignee_name,
    awb: row.awb,
    courierId: row.courier_id,
    courierName: row.courier_name,
    awbAssignedAt: row.awb_assigned_at,
    pickupRequestedAt: row.pickup_requested_at,
    cancelledAt: row.cancelled_at,
    failsDelivery: row.fails_delivery === 1,
    ndrAction: row.ndr_action,
    ndrActionAt: row.ndr_action_at,
    direction: row.direction,
    version: row.version,
  };
}

function columnsOf(changes: SandboxShipmentChanges): Updateable<SandboxShipmentsTable> {
  const columns: Updateable<SandboxShipmentsTable> = {};
  if ("awb" in changes) columns.awb = changes.awb ?? null;
  if ("courierId" in changes) columns.courier_id = changes.courierId ?? null;
  if ("courierName" in changes) columns.courier_name = changes.courierName ?? null;
  if ("awbAssignedAt" in changes) columns.awb_assigned_at = changes.awbAssignedAt ?? null;
  if ("pickupRequestedAt" in changes) columns.pickup_requested_at = changes.pickupRequestedAt ?? null;
  if ("cancelledAt" in changes) columns.cancelled_at = changes.cancelledAt ?? null;
  if ("ndrAction" in changes) columns.ndr_action = changes.ndrAction ?? null;
  if ("ndrActionAt" in changes) columns.ndr_action_at = changes.ndrActionAt ?? null;
  return columns;
}

/**
 * The sandbox courier's shipments in the shop's database (table `sandbox_shipments`): tracking
 * is read by every process and survives restarts. One shipment per order (unique order_id);
 * updates are compare-and-set on `version`.
 */
export class DatabaseSandboxShipmentStore implements SandboxShipmentStore {
  constructor(private readonly db: Db) {}

  async save(shipment: SandboxShipment): Promise<boolean> {
    const inserted = await this.db
      .insertInto("sandbox_shipments")
      .values({
        shipment_id: shipment.shipmentId,
        provider_order_id: shipment.providerOrderId,
        order_id: shipment.orderId,
        order_number: shipment.orderNumber,
        created_at: shipment.createdAt,
        payment_method: shipment.paymentMethod,
        weight_grams: Math.round(shipment.weightKg * 1000),
        region: shipment.region,
        destination_city: shipment.destinationCity,
        destination_pincode: shipment.destinationPincode,
        consignee_name: shipment.consigneeName,
        awb: shipment.awb,
        courier_id: shipment.courierId,
        courier_name: shipment.courierName,
        awb_assigned_at: shipment.awbAssignedAt,
        pickup_requested_at: shipment.pickupRequestedAt,
        cancelled_at: shipment.cancelledAt,
        fails_delivery: shipment.failsDelivery ? 1 : 0,
        ndr_action: shipment.ndrAction,
        ndr_action_at: shipment.ndrActionAt,
        direction: shipment.direction ?? "forward",
        version: shipment.version,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning("shipment_id")
      .executeTakeFirst();
    return inserted !== undefined;
  }

  get(shipmentId: string): Promise<SandboxShipment | null> {
    return this.findBy("shipment_id", shipmentId);
  }

  getByOrderId(orderId: string): Promise<SandboxShipment | null> {
    return this.findBy("order_id", orderId);
  }

  getByProviderOrderId(providerOrderId: string): Promise<SandboxShipment | null> {
    return this.findBy("provider_order_id", providerOrderId);
  }

  getByAwb(awb: string): Promise<SandboxShipment | null> {
    return this.findBy("awb", awb);
  }

  async update(
    shipmentId: string,
    expectedVersion: number,
    changes: SandboxShipmentChanges,
  ): Promise<SandboxShipment | null> {
    try {
      const row = await this.db
        .updateTable("sandbox_shipments")
        .set({ ...columnsOf(changes), version: expectedVersion + 1 })
        .where("shipment_id", "=", shipmentId)
        .where("version", "=", expectedVersion)
        .returningAll()
        .executeTakeFirst();
      return row ? toShipment(row) : null;
    } catch (error) {
      // Two shipments drew the same AWB at once: the loser retries with another (the courier loops).
      if (changes.awb && uniqueViolation(error)) return null;
      throw error;
    }
  }

  private async findBy(
    column: "shipment_id" | "order_id" | "provider_order_id" | "awb",
    value: string,
  ): Promise<SandboxShipment | null> {
    const row = await this.db.selectFrom("sandbox_shipments").selectAll().where(column, "=", value).executeTakeFirst();
    return row ? toShipment(row) : null;
  }
}
