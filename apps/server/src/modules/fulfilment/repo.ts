import type { Insertable, Selectable } from "kysely";
import type { Db } from "../../db/connection.js";
import type { ShipmentsTable } from "../../db/schema.js";

export type ShipmentRecord = Selectable<ShipmentsTable>;

/**
 * SQL of shipments: one row per order (primary key order_id). A row is first a claim, then
 * filled in step by step; every step is conditional on the field still being empty, so two
 * callers (the outbox and the confirmation page) never record two shipments or two AWBs.
 */
export class FulfilmentRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repo: FulfilmentRepo, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new FulfilmentRepo(trx), trx));
  }

  find(orderId: string): Promise<ShipmentRecord | undefined> {
    return this.db.selectFrom("shipments").selectAll().where("order_id", "=", orderId).executeTakeFirst();
  }

  /** Inserts the order's shipment row unless it has one (INSERT … ON CONFLICT DO NOTHING). */
  async claim(row: Insertable<ShipmentsTable>): Promise<void> {
    await this.db
      .insertInto("shipments")
      .values(row)
      .onConflict((conflict) => conflict.column("order_id").doNothing())
      .execute();
  }

  recordCreated(
    orderId: string,
    created: { providerOrderId: string; shipmentId: string; statusCode: number },
    now: string,
  ): Promise<ShipmentRecord | undefined> {
    return this.db
      .updateTable("shipments")
      .set({
        provider_order_id: created.providerOrderId,
        shipment_id: created.shipmentId,
        status_code: created.statusCode,
        updated_at: now,
      })
      .where("order_id", "=", orderId)
      .where("shipment_id", "is", null)
      .returningAll()
      .executeTakeFirst();
  }

  recordAwb(
    orderId: string,
    awb: { awb: string; courierId: number; courierName: string; statusCode: number },
    now: string,
  ): Promise<ShipmentRecord | undefined> {
    return this.db
      .updateTable("shipments")
      .set({
        awb: awb.awb,
        courier_id: awb.courierId,
        courier_name: awb.courierName,
        status_code: awb.statusCode,
        updated_at: now,
      })
      .where("order_id", "=", orderId)
      .where("awb", "is", null)
      .returningAll()
      .executeTakeFirst();
  }

  async recordPickup(orderId: string, statusCode: number, now: string): Promise<void> {
    await this.db
      .updateTable("shipments")
      .set({ pickup_requested_at: now, status_code: statusCode, updated_at: now })
      .where("order_id", "=", orderId)
      .where("pickup_requested_at", "is", null)
      .execute();
  }

  async setStatusCode(orderId: string, statusCode: number, now: string): Promise<void> {
    await this.db
      .updateTable("shipments")
      .set({ status_code: statusCode, updated_at: now })
      .where("order_id", "=", orderId)
      .where("cancelled_at", "is", null)
      .execute();
  }

  /** Marks the shipment cancelled once; answers whether this call did. */
  async markCancelled(orderId: string, now: string): Promise<boolean> {
    const row = await this.db
      .updateTable("shipments")
      .set({ cancelled_at: now, updated_at: now })
      .where("order_id", "=", orderId)
      .where("cancelled_at", "is", null)
      .returning("order_id")
      .executeTakeFirst();
    return row !== undefined;
  }
}
