import {
  afterSalesKinds,
  afterSalesResolutions,
  afterSalesStatuses,
  openAfterSalesStatuses,
  replacementLegStatuses,
  returnConditions,
  returnLegStatuses,
} from "@vaki/contract/exchanges";
import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "../connection.js";
import { idColumn, nonNegative, oneOf } from "./columns.js";

/**
 * Size exchanges and defect reports (issue 29): one request per order line and its three legs'
 * states (the request, the unit coming back, the new size going out), the customer's photos of a
 * defect, and the sandbox courier's reverse pickups (a shipment's direction).
 */
export function exchanges(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("after_sales_requests")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
        .addColumn("order_item_id", "integer", (c) => c.notNull().references("order_items.id"))
        .addColumn("kind", "text", (c) => c.notNull().check(oneOf("kind", afterSalesKinds)))
        .addColumn("resolution", "text", (c) => c.check(oneOf("resolution", afterSalesResolutions)))
        .addColumn("status", "text", (c) => c.notNull().check(oneOf("status", afterSalesStatuses)))
        .addColumn("return_status", "text", (c) => c.check(oneOf("return_status", returnLegStatuses)))
        .addColumn("replacement_status", "text", (c) => c.check(oneOf("replacement_status", replacementLegStatuses)))
        .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 1`))
        .addColumn("from_variant_id", "integer", (c) => c.notNull().references("variants.id"))
        .addColumn("to_variant_id", "integer", (c) => c.references("variants.id"))
        .addColumn("hold_status", "text", (c) => c.check(oneOf("hold_status", ["HELD", "SOLD", "RELEASED"])))
        .addColumn("description", "text")
        .addColumn("refusal_reason", "text")
        .addColumn("return_condition", "text", (c) => c.check(oneOf("return_condition", returnConditions)))
        .addColumn("return_provider_order_id", "text")
        .addColumn("return_shipment_id", "text")
        .addColumn("return_awb", "text")
        .addColumn("return_courier_name", "text")
        .addColumn("replacement_provider_order_id", "text")
        .addColumn("replacement_shipment_id", "text")
        .addColumn("replacement_awb", "text")
        .addColumn("replacement_courier_name", "text")
        .addColumn("refunded_amount", "integer", (c) => c.notNull().defaultTo(0).check(nonNegative("refunded_amount")))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("decided_at", "text")
        .addColumn("picked_up_at", "text")
        .addColumn("at_warehouse_at", "text")
        .addColumn("received_at", "text")
        .addColumn("replacement_shipped_at", "text")
        .addColumn("replacement_delivered_at", "text")
        .addColumn("completed_at", "text")
        .addColumn("decided_by", "text")
        // When the courier sync last asked about this request (the sync takes the longest unasked first).
        .addColumn("courier_checked_at", "text")
        .execute();
      await db.schema
        .createIndex("after_sales_requests_order_idx")
        .on("after_sales_requests")
        .column("order_id")
        .execute();
      await db.schema
        .createIndex("after_sales_requests_status_idx")
        .on("after_sales_requests")
        .columns(["status", "id"])
        .execute();
      // One open request per order line: a second one (two tabs, two processes) fails on this key.
      await db.schema
        .createIndex("after_sales_requests_one_open")
        .on("after_sales_requests")
        .column("order_item_id")
        .unique()
        .where(sql.ref("status"), "in", [...openAfterSalesStatuses])
        .execute();
      await db.schema
        .createTable("after_sales_photos")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("request_id", "integer", (c) =>
          c.notNull().references("after_sales_requests.id").onDelete("cascade"),
        )
        .addColumn("mime", "text", (c) => c.notNull())
        .addColumn("bytes", dialect === "postgres" ? "bytea" : "blob", (c) => c.notNull())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("after_sales_photos_request_idx")
        .on("after_sales_photos")
        .column("request_id")
        .execute();
      await db.schema
        .alterTable("sandbox_shipments")
        .addColumn("direction", "text", (c) =>
          c
            .notNull()
            .defaultTo("forward")
            .check(oneOf("direction", ["forward", "return"])),
        )
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      await db.schema.alterTable("sandbox_shipments").dropColumn("direction").execute();
      await db.schema.dropTable("after_sales_photos").ifExists().execute();
      await db.schema.dropTable("after_sales_requests").ifExists().execute();
    },
  };
}
