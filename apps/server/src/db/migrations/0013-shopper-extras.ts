import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../connection.js";
import { idColumn } from "./columns.js";

/**
 * What shoppers expect next (issue 30): a signed-in shopper's wishlist (a guest's stays in the
 * browser until login merges it), and "notify me when it is back" requests per sold-out variant,
 * each answered once by e-mail and cancellable through its token.
 */
export function shopperExtras(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("wishlist_items")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addUniqueConstraint("wishlist_items_user_product", ["user_id", "product_id"])
        .execute();

      await db.schema
        .createTable("back_in_stock_requests")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("variant_id", "integer", (c) => c.notNull().references("variants.id").onDelete("cascade"))
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
        /** Random, for the e-mail's unsubscribe link. */
        .addColumn("token", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("notified_at", "text")
        .addColumn("unsubscribed_at", "text")
        .execute();
      // One open request per variant and address: asking again changes nothing.
      await db.schema
        .createIndex("back_in_stock_requests_variant_idx")
        .on("back_in_stock_requests")
        .columns(["variant_id", "email", "notified_at"])
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      await db.schema.dropTable("back_in_stock_requests").ifExists().execute();
      await db.schema.dropTable("wishlist_items").ifExists().execute();
    },
  };
}
