import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../connection.js";
import { idColumn, nonNegative, oneOf } from "./columns.js";

/**
 * The order inbox (issue 28): who packed an order and when, how much of it was refunded, each
 * refund a person made (by the gateway, or by bank transfer or UPI for cash on delivery), and
 * the indexes the inbox's tabs and counts read by (status, courier status, packed, payment).
 */
export function orderInbox(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema.alterTable("orders").addColumn("packed_at", "text").execute();
      await db.schema.alterTable("orders").addColumn("packed_by", "text").execute();
      await db.schema
        .alterTable("orders")
        .addColumn("refunded_amount", "integer", (c) => c.notNull().defaultTo(0).check(nonNegative("refunded_amount")))
        .execute();

      await db.schema
        .createTable("order_refunds")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
        .addColumn("amount", "integer", (c) => c.notNull().check(nonNegative("amount")))
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("method", "text", (c) => c.notNull().check(oneOf("method", ["gateway", "bank", "upi"])))
        .addColumn("reference", "text")
        .addColumn("status", "text", (c) => c.notNull().check(oneOf("status", ["processing", "completed", "failed"])))
        .addColumn("staff_user_id", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("order_refunds_order_idx").on("order_refunds").columns(["order_id", "id"]).execute();

      // The inbox's tabs: by status (and packed, courier status within it), newest first.
      await db.schema
        .createIndex("orders_status_created_idx")
        .on("orders")
        .columns(["status", "created_at", "id"])
        .execute();
      await db.schema
        .createIndex("orders_status_packed_idx")
        .on("orders")
        .columns(["status", "packed_at", "created_at"])
        .execute();
      await db.schema
        .createIndex("orders_courier_status_idx")
        .on("orders")
        .columns(["courier_status_code", "created_at"])
        .execute();
      await db.schema
        .createIndex("orders_payment_status_idx")
        .on("orders")
        .columns(["payment_status", "created_at"])
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      for (const index of [
        "orders_payment_status_idx",
        "orders_courier_status_idx",
        "orders_status_packed_idx",
        "orders_status_created_idx",
      ]) {
        await db.schema.dropIndex(index).ifExists().execute();
      }
      await db.schema.dropTable("order_refunds").ifExists().execute();
      for (const column of ["refunded_amount", "packed_by", "packed_at"]) {
        await db.schema.alterTable("orders").dropColumn(column).execute();
      }
    },
  };
}
