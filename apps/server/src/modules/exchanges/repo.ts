import { type AdminAfterSalesView, adminAfterSalesViews } from "@vaki/contract/admin/exchanges";
import {
  type AfterSalesKind,
  type AfterSalesStatus,
  afterSalesStatuses,
  openAfterSalesStatuses,
} from "@vaki/contract/exchanges";
import { type Insertable, type Selectable, sql, type Updateable } from "kysely";
import type { Db } from "../../db/connection.js";
import { uniqueViolation } from "../../db/errors.js";
import type { AfterSalesPhotosTable, AfterSalesRequestsTable } from "../../db/schema.js";

export type AfterSalesRow = Selectable<AfterSalesRequestsTable>;
export type AfterSalesChanges = Updateable<AfterSalesRequestsTable>;

/** What a conditional move expects the row to still be (each field only when given). */
export interface AfterSalesExpected {
  status?: AfterSalesStatus | readonly AfterSalesStatus[];
  returnStatus?: AfterSalesRow["return_status"] | readonly NonNullable<AfterSalesRow["return_status"]>[];
  replacementStatus?: AfterSalesRow["replacement_status"];
  holdStatus?: AfterSalesRow["hold_status"];
}

/** A variant of a product as the size picker needs it. */
export interface SizeRow {
  id: number;
  product_id: number;
  sku: string;
  size: string | null;
  color: string | null;
  stock_quantity: number;
  is_active: number;
}

/** Statuses each inbox view lists. */
export const viewStatuses: Record<AdminAfterSalesView, readonly AfterSalesStatus[]> = {
  to_decide: ["REQUESTED"],
  in_progress: ["SIZE_UNAVAILABLE", "APPROVED"],
  closed: ["REFUSED", "WITHDRAWN", "COMPLETED"],
  all: afterSalesStatuses,
};

/** SQL of exchanges and defect reports: the requests, their photos, and what they read of the catalogue. */
export class ExchangesRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Inserts a request; null when the line already has an open one (the partial unique index). */
  async insert(trx: Db, values: Insertable<AfterSalesRequestsTable>): Promise<AfterSalesRow | null> {
    try {
      return await trx.insertInto("after_sales_requests").values(values).returningAll().executeTakeFirstOrThrow();
    } catch (error) {
      if (uniqueViolation(error)) return null;
      throw error;
    }
  }

  find(id: number, trx: Db = this.db): Promise<AfterSalesRow | undefined> {
    return trx.selectFrom("after_sales_requests").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The order's requests, newest first. */
  ofOrder(orderId: string): Promise<AfterSalesRow[]> {
    return this.db
      .selectFrom("after_sales_requests")
      .selectAll()
      .where("order_id", "=", orderId)
      .orderBy("id", "desc")
      .execute();
  }

  /** The requests of these orders, newest first: enough for My Orders' cards. */
  ofOrders(orderIds: readonly string[]): Promise<Pick<AfterSalesRow, "order_id" | "kind" | "status">[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom("after_sales_requests")
      .select(["order_id", "kind", "status"])
      .where("order_id", "in", [...orderIds])
      .orderBy("id", "desc")
      .execute();
  }

  /**
   * Moves a request only while it is still as `expected` (a conditional update): two processes
   * never both make the same move. Answers the row after the move, or undefined.
   */
  async move(
    trx: Db,
    id: number,
    expected: AfterSalesExpected,
    changes: AfterSalesChanges,
  ): Promise<AfterSalesRow | undefined> {
    let query = trx.updateTable("after_sales_requests").set(changes).where("id", "=", id);
    if (expected.status !== undefined) {
      const statuses = typeof expected.status === "string" ? [expected.status] : [...expected.status];
      query = query.where("status", "in", statuses);
    }
    if (expected.returnStatus !== undefined) {
      const given = expected.returnStatus;
      if (given === null) query = query.where("return_status", "is", null);
      else query = query.where("return_status", "in", typeof given === "string" ? [given] : [...given]);
    }
    if (expected.replacementStatus !== undefined) {
      query =
        expected.replacementStatus === null
          ? query.where("replacement_status", "is", null)
          : query.where("replacement_status", "=", expected.replacementStatus);
    }
    if (expected.holdStatus !== undefined) {
      query =
        expected.holdStatus === null
          ? query.where("hold_status", "is", null)
          : query.where("hold_status", "=", expected.holdStatus);
    }
    return query.returningAll().executeTakeFirst();
  }

  /** Units of each line in open or completed requests (what can no longer be exchanged). */
  async unitsTaken(orderId: string): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom("after_sales_requests")
      .select(["order_item_id", (eb) => eb.fn.sum<number>("quantity").as("units")])
      .where("order_id", "=", orderId)
      .where("status", "in", [...openAfterSalesStatuses, "COMPLETED"])
      .groupBy("order_item_id")
      .execute();
    return new Map(rows.map((row) => [row.order_item_id, Number(row.units)]));
  }

  /** Every variant of these products (the size pickers), by id. */
  async variantsOf(productIds: readonly number[]): Promise<SizeRow[]> {
    if (productIds.length === 0) return [];
    return this.db
      .selectFrom("variants")
      .select(["id", "product_id", "sku", "size", "color", "stock_quantity", "is_active"])
      .where("product_id", "in", [...new Set(productIds)])
      .orderBy("id")
      .execute();
  }

  async variantsById(ids: readonly number[]): Promise<Map<number, SizeRow>> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("variants")
      .select(["id", "product_id", "sku", "size", "color", "stock_quantity", "is_active"])
      .where("id", "in", wanted)
      .execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Photo ids per request, oldest first. */
  async photoIdsOf(requestIds: readonly number[]): Promise<Map<number, number[]>> {
    const byRequest = new Map<number, number[]>();
    if (requestIds.length === 0) return byRequest;
    const rows = await this.db
      .selectFrom("after_sales_photos")
      .select(["id", "request_id"])
      .where("request_id", "in", [...requestIds])
      .orderBy("id")
      .execute();
    for (const row of rows) byRequest.set(row.request_id, [...(byRequest.get(row.request_id) ?? []), row.id]);
    return byRequest;
  }

  /**
   * Adds a photo unless the request already has `max` (counted in the same transaction, after the
   * request's row is locked by a no-op update), answering its id or null.
   */
  async insertPhoto(
    trx: Db,
    photo: Insertable<AfterSalesPhotosTable>,
    max: number,
    now: string,
  ): Promise<number | null> {
    await trx.updateTable("after_sales_requests").set({ updated_at: now }).where("id", "=", photo.request_id).execute();
    const counted = await trx
      .selectFrom("after_sales_photos")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("request_id", "=", photo.request_id)
      .executeTakeFirstOrThrow();
    if (Number(counted.n) >= max) return null;
    const row = await trx.insertInto("after_sales_photos").values(photo).returning("id").executeTakeFirstOrThrow();
    return row.id;
  }

  photo(requestId: number, photoId: number): Promise<{ mime: string; bytes: Buffer } | undefined> {
    return this.db
      .selectFrom("after_sales_photos")
      .select(["mime", "bytes"])
      .where("id", "=", photoId)
      .where("request_id", "=", requestId)
      .executeTakeFirst();
  }

  /** Approved requests the courier still has news of (a return coming back, a replacement going out) or a replacement to ship. */
  inFlight(limit: number): Promise<AfterSalesRow[]> {
    return this.db
      .selectFrom("after_sales_requests")
      .selectAll()
      .where("status", "=", "APPROVED")
      .where((eb) =>
        eb.or([
          eb.and([eb("return_awb", "is not", null), eb("return_status", "in", ["PICKUP_BOOKED", "PICKED_UP"])]),
          eb.and([eb("replacement_awb", "is not", null), eb("replacement_status", "=", "SHIPPED")]),
          // A new size held but not shipped yet (the courier failed when it was due): tried again.
          eb.and([eb("replacement_status", "is", null), eb("hold_status", "=", "HELD")]),
        ]),
      )
      .orderBy(sql`coalesce(courier_checked_at, '')`)
      .orderBy("id")
      .limit(limit)
      .execute();
  }

  /** Notes that the courier was asked about a request (to the back of the sync's queue). */
  async checked(id: number, now: string): Promise<void> {
    await this.db.updateTable("after_sales_requests").set({ courier_checked_at: now }).where("id", "=", id).execute();
  }

  /** The inbox tab: a view's requests newest first, after `beforeId` (keyset). */
  list(options: {
    view: AdminAfterSalesView;
    kind?: AfterSalesKind | undefined;
    status?: AfterSalesStatus | undefined;
    beforeId: number | null;
    limit: number;
  }): Promise<AfterSalesRow[]> {
    let query = this.db
      .selectFrom("after_sales_requests")
      .selectAll()
      .where("status", "in", [...viewStatuses[options.view]]);
    if (options.kind) query = query.where("kind", "=", options.kind);
    if (options.status) query = query.where("status", "=", options.status);
    if (options.beforeId !== null) query = query.where("id", "<", options.beforeId);
    return query.orderBy("id", "desc").limit(options.limit).execute();
  }

  /** Requests per view (the tab's counts). */
  async counts(): Promise<Record<AdminAfterSalesView, number>> {
    const rows = await this.db
      .selectFrom("after_sales_requests")
      .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("status")
      .execute();
    const byStatus = new Map(rows.map((row) => [row.status, Number(row.n)]));
    const entries = adminAfterSalesViews.map((view) => [
      view,
      viewStatuses[view].reduce((sum, status) => sum + (byStatus.get(status) ?? 0), 0),
    ]);
    return Object.fromEntries(entries) as Record<AdminAfterSalesView, number>;
  }
}
