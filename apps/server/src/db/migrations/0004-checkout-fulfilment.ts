import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "../connection.js";
import { idColumn, nonNegative, oneOf } from "./columns.js";

// Status names as of this migration; a later change needs its own migration.
const paymentStatuses = [
  "CREATED",
  "PENDING",
  "PROCESSING",
  "PAID",
  "SUCCESS",
  "COMPLETED",
  "FAILED",
  "FAILURE",
  "CANCELLED",
  "REFUND_PROCESSING",
  "REFUNDED",
  "PARTIALLY_REFUNDED",
  "COD_PENDING",
  "COD_COMPLETED",
];
const outboxStatuses = ["PENDING", "RUNNING", "DONE", "FAILED"];

/** Columns issue 6 adds to orders (0003 already has contact, addresses, tracking number, shiprocket id). */
const orderColumns: [string, "text" | "integer"][] = [
  ["courier_name", "text"],
  // ORDER code scheme (docs/providers.md "The two status-code schemes"): the courier's last known status of the shipment.
  ["courier_status_code", "integer"],
  ["confirmed_at", "text"],
  ["processing_at", "text"],
  ["shipped_at", "text"],
  ["delivered_at", "text"],
  ["cancelled_at", "text"],
  // Something the shop owner should look at (first-order code reused, address not serviceable...).
  ["review_note", "text"],
];

/**
 * Checkout and fulfilment (issue 6): one row per gateway checkout (`payments`), one shipment per
 * order, the sandbox gateway's and sandbox courier's own tables (they stand in for services
 * outside the shop, so no foreign keys into the shop's tables), and the outbox of side effects
 * written in the same transaction as the order change that causes them (decision 0005).
 */
export function checkoutAndFulfilmentTables(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      // SQLite adds one column per ALTER TABLE.
      for (const [name, type] of orderColumns) {
        await db.schema.alterTable("orders").addColumn(name, type).execute();
      }
      await db.schema.createIndex("orders_tracking_number_idx").on("orders").column("tracking_number").execute();

      await db.schema
        .createTable("payments")
        .addColumn("id", "text", (c) => c.primaryKey().notNull())
        .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("provider", "text", (c) => c.notNull())
        .addColumn("checkout_id", "text", (c) => c.notNull().unique())
        .addColumn("token", "text", (c) => c.notNull())
        .addColumn("token_expires_at", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().check(oneOf("status", paymentStatuses)))
        .addColumn("amount", "integer", (c) => c.notNull().check(nonNegative("amount")))
        .addColumn("currency", "text", (c) => c.notNull().defaultTo("INR"))
        .addColumn("payment_type", "text", (c) =>
          c.check(sql`payment_type is null or ${oneOf("payment_type", ["PREPAID", "CASH_ON_DELIVERY"])}`),
        )
        .addColumn("payment_id", "text")
        .addColumn("gateway_transaction_id", "text")
        /** JSON text: the gateway's own answer. */
        .addColumn("raw", "text")
        .addColumn("review_reason", "text")
        .addColumn("refund_id", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("payments_order_idx").on("payments").columns(["order_id", "created_at"]).execute();

      await db.schema
        .createTable("shipments")
        .addColumn("order_id", "text", (c) => c.primaryKey().notNull().references("orders.id").onDelete("cascade"))
        .addColumn("provider", "text", (c) => c.notNull())
        .addColumn("payment_method", "text", (c) => c.notNull().check(oneOf("payment_method", ["Prepaid", "COD"])))
        .addColumn("provider_order_id", "text")
        .addColumn("shipment_id", "text")
        .addColumn("awb", "text")
        .addColumn("courier_id", "integer")
        .addColumn("courier_name", "text")
        // ORDER code scheme (status_code of order responses, docs/providers.md "The two status-code schemes").
        .addColumn("status_code", "integer")
        .addColumn("pickup_requested_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("cancelled_at", "text")
        .execute();
      await db.schema.createIndex("shipments_awb_idx").on("shipments").column("awb").execute();

      await db.schema
        .createTable("sandbox_checkouts")
        .addColumn("checkout_id", "text", (c) => c.primaryKey().notNull())
        .addColumn("token", "text", (c) => c.notNull().unique())
        /** JSON text: the CheckoutOrder the shop asked to collect. */
        .addColumn("order_json", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().check(oneOf("status", ["INITIATED", "SUCCESS", "FAILED"])))
        .addColumn("payment_type", "text")
        .addColumn("method", "text")
        .addColumn("payment_id", "text")
        .addColumn("gateway_transaction_id", "text")
        .addColumn("email", "text")
        .addColumn("phone", "text")
        .addColumn("shipping_address", "text")
        .addColumn("billing_address", "text")
        .addColumn("refunds", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("completed_at", "text")
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable("sandbox_shipments")
        .addColumn("shipment_id", "text", (c) => c.primaryKey().notNull())
        .addColumn("provider_order_id", "text", (c) => c.notNull().unique())
        .addColumn("order_id", "text", (c) => c.notNull().unique())
        .addColumn("order_number", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("payment_method", "text", (c) => c.notNull())
        .addColumn("weight_grams", "integer", (c) => c.notNull())
        .addColumn("region", "text", (c) => c.notNull())
        .addColumn("destination_city", "text", (c) => c.notNull())
        .addColumn("destination_pincode", "text", (c) => c.notNull())
        .addColumn("consignee_name", "text", (c) => c.notNull())
        .addColumn("awb", "text", (c) => c.unique())
        .addColumn("courier_id", "integer")
        .addColumn("courier_name", "text")
        .addColumn("awb_assigned_at", "text")
        .addColumn("pickup_requested_at", "text")
        .addColumn("cancelled_at", "text")
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable("outbox")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("payload", "text", (c) => c.notNull())
        // A replayed cause (webhook, confirmation page) inserts nothing: ON CONFLICT DO NOTHING.
        .addColumn("dedupe_key", "text", (c) => c.notNull().unique())
        .addColumn("status", "text", (c) => c.notNull().check(oneOf("status", outboxStatuses)))
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "text", (c) => c.notNull())
        // The lease of the worker running the row: another worker may take it over once it ends.
        .addColumn("locked_until", "text")
        .addColumn("locked_by", "text")
        .addColumn("last_error", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("outbox_due_idx").on("outbox").columns(["status", "next_attempt_at"]).execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      for (const table of ["outbox", "sandbox_shipments", "sandbox_checkouts", "shipments", "payments"]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
      await db.schema.dropIndex("orders_tracking_number_idx").ifExists().execute();
      for (const [name] of [...orderColumns].reverse()) {
        await db.schema.alterTable("orders").dropColumn(name).execute();
      }
    },
  };
}
