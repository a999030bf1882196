import { type Insertable, type Selectable, sql } from "kysely";
import type { Db } from "../../db/connection.js";
import type { ShipmentsTable } from "../../db/schema.js";

export type ShipmentRecord = Selectable<ShipmentsTable>;

/** ORDER code scheme: 7 Delivered. */
const deliveredCode = 7;

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
    await this.db.transaction().execute(async (trx) => {
      // Takes the order row first (a no-op update): an address edit in flight holds it, so the claim
      // waits for it, and an edit after the claim sees the shipment and is refused (issue 28).
      await trx.updateTable("orders").set({ updated_at: sql`updated_at` }).where("id", "=", row.order_id).execute();
      await trx
        .insertInto("shipments")
        .values(row)
        .onConflict((conflict) => conflict.column("order_id").doNothing())
        .execute();
    });
  }

  /** Whether the order has a shipment row, read in the caller's transaction. */
  static async exists(trx: Db, orderId: string): Promise<boolean> {
    const row = await trx.selectFrom("shipments").select("order_id").where("order_id", "=", orderId).executeTakeFirst();
    return row !== undefined;
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

  /**
   * Orders whose parcel the courier still carries (an AWB, not cancelled, not delivered), the
   * ones heard of longest ago first.
   */
  async findInFlight(limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom("shipments")
      .select("order_id")
      .where("awb", "is not", null)
      .where("cancelled_at", "is", null)
      .where((eb) => eb.or([eb("status_code", "is", null), eb("status_code", "!=", deliveredCode)]))
      .orderBy("updated_at")
      .limit(limit)
      .execute();
    return rows.map((row) => row.order_id);
  }

  /** Puts a shipment that needs no asking at the back of the courier sync's queue. */
  async touch(orderId: string, now: string): Promise<void> {
    await this.db.updateTable("shipments").set({ updated_at: now }).where("order_id", "=", orderId).execute();
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
