import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "../connection.js";
import { idColumn, nonNegative, oneOf } from "./columns.js";

// Status names as of this migration (R-ORD-4); a later change needs its own migration.
const orderStatuses = ["CREATED", "CONFIRMED", "PROCESSING", "SHIPPED", "DELIVERED", "CANCELLED"];
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
const holdStatuses = ["HELD", "SOLD", "RELEASED", "RETURNED"];

/**
 * Carts (per user or guest session), promotions, orders with copied lines, the order-number
 * sequence and stock holds (decision 0004). Ids of carts and orders are random UUID text:
 * they appear in URLs and must not be guessable counters.
 */
export function cartAndOrderTables(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("carts")
        .addColumn("id", "text", (c) => c.primaryKey().notNull())
        .addColumn("user_id", "text", (c) => c.unique().references("users.id").onDelete("cascade"))
        .addColumn("guest_session_id", "text", (c) => c.unique())
        .addColumn("promo_code", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        // Exactly one owner: a logged-in user or a guest session.
        .addCheckConstraint("carts_one_owner", sql`(user_id is null) <> (guest_session_id is null)`)
        .execute();
      await db.schema.createIndex("carts_updated_idx").on("carts").column("updated_at").execute();

      await db.schema
        .createTable("cart_items")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("cart_id", "text", (c) => c.notNull().references("carts.id").onDelete("cascade"))
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("variant_id", "integer", (c) => c.notNull().references("variants.id").onDelete("cascade"))
        .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity between 1 and 10`))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addUniqueConstraint("cart_items_cart_variant_uq", ["cart_id", "variant_id"])
        .execute();
      // For the cascades when a product or variant is deleted (the unique key leads with cart_id).
      await db.schema.createIndex("cart_items_variant_idx").on("cart_items").column("variant_id").execute();
      await db.schema.createIndex("cart_items_product_idx").on("cart_items").column("product_id").execute();

      await db.schema
        .createTable("promotions")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("code", "text", (c) => c.notNull().unique())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull().check(oneOf("kind", ["percentage", "fixed"])))
        // Percent (1-100) for percentage codes, paise for fixed ones.
        .addColumn("value", "integer", (c) => c.notNull().check(sql`value > 0`))
        .addColumn("first_order_only", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("starts_at", "text")
        .addColumn("ends_at", "text")
        .addColumn("usage_limit", "integer")
        .addColumn("times_used", "integer", (c) => c.notNull().defaultTo(0).check(nonNegative("times_used")))
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addCheckConstraint("promotions_percentage_range", sql`kind <> 'percentage' or value <= 100`)
        .execute();

      const now = new Date().toISOString();
      await db
        .insertInto("promotions")
        .values({
          code: "VAKI10",
          description: "10% off your first order",
          kind: "percentage",
          value: 10,
          first_order_only: 1,
          starts_at: null,
          ends_at: null,
          usage_limit: null,
          times_used: 0,
          active: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();

      await db.schema
        .createTable("orders")
        .addColumn("id", "text", (c) => c.primaryKey().notNull())
        .addColumn("order_number", "text", (c) => c.notNull().unique())
        .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("guest_session_id", "text")
        // The cart the order was built from: a new order from the same cart replaces an unpaid one.
        .addColumn("cart_id", "text")
        .addColumn("order_secret_hash", "text")
        .addColumn("status", "text", (c) => c.notNull().check(oneOf("status", orderStatuses)))
        .addColumn("payment_status", "text", (c) => c.notNull().check(oneOf("payment_status", paymentStatuses)))
        .addColumn("currency", "text", (c) => c.notNull().defaultTo("INR"))
        .addColumn("subtotal", "integer", (c) => c.notNull().check(nonNegative("subtotal")))
        .addColumn("discount_amount", "integer", (c) => c.notNull().check(nonNegative("discount_amount")))
        .addColumn("tax_amount", "integer", (c) => c.notNull().check(nonNegative("tax_amount")))
        .addColumn("shipping_amount", "integer", (c) => c.notNull().check(nonNegative("shipping_amount")))
        .addColumn("total", "integer", (c) => c.notNull().check(nonNegative("total")))
        .addColumn("promo_code", "text")
        .addColumn("contact_email", "text")
        .addColumn("contact_phone", "text")
        .addColumn("shipping_method", "text")
        /** JSON text, filled when the address is known (payment, issue 6). */
        .addColumn("shipping_address", "text")
        .addColumn("billing_address", "text")
        .addColumn("tracking_number", "text")
        .addColumn("shiprocket_order_id", "text")
        .addColumn("hold_expires_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addCheckConstraint(
          "orders_total_adds_up",
          sql`total = subtotal - discount_amount + tax_amount + shipping_amount`,
        )
        .execute();
      await db.schema.createIndex("orders_user_created_idx").on("orders").columns(["user_id", "created_at"]).execute();
      await db.schema.createIndex("orders_guest_idx").on("orders").column("guest_session_id").execute();
      await db.schema.createIndex("orders_cart_status_idx").on("orders").columns(["cart_id", "status"]).execute();
      await db.schema
        .createIndex("orders_status_hold_idx")
        .on("orders")
        .columns(["status", "hold_expires_at"])
        .execute();
      await db.schema.createIndex("orders_contact_email_idx").on("orders").column("contact_email").execute();
      await db.schema.createIndex("orders_contact_phone_idx").on("orders").column("contact_phone").execute();

      await db.schema
        .createTable("order_items")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        // Copies, not references: the order keeps what was bought even if the catalogue changes.
        .addColumn("product_id", "integer", (c) => c.notNull())
        .addColumn("variant_id", "integer", (c) => c.notNull())
        .addColumn("sku", "text", (c) => c.notNull())
        .addColumn("product_name", "text", (c) => c.notNull())
        .addColumn("image_url", "text")
        .addColumn("size", "text")
        .addColumn("color", "text")
        .addColumn("unit_price", "integer", (c) => c.notNull().check(nonNegative("unit_price")))
        .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 1`))
        .addColumn("line_total", "integer", (c) => c.notNull().check(nonNegative("line_total")))
        .execute();
      await db.schema.createIndex("order_items_order_idx").on("order_items").column("order_id").execute();

      // Human order numbers (VK-100001...) from an auto-numbered key: no shared counter row to lock.
      await db.schema
        .createTable("order_numbers")
        .addColumn("number", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("order_id", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("stock_holds")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        // No cascade: a variant with stock history is deactivated, not deleted.
        .addColumn("variant_id", "integer", (c) => c.notNull().references("variants.id"))
        .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 1`))
        .addColumn("status", "text", (c) => c.notNull().check(oneOf("status", holdStatuses)))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addUniqueConstraint("stock_holds_order_variant_uq", ["order_id", "variant_id"])
        .execute();
      await db.schema
        .createIndex("stock_holds_variant_status_idx")
        .on("stock_holds")
        .columns(["variant_id", "status"])
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      for (const table of [
        "stock_holds",
        "order_numbers",
        "order_items",
        "orders",
        "promotions",
        "cart_items",
        "carts",
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
