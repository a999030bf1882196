import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../connection.js";
import { idColumn, nonNegative } from "./columns.js";

/**
 * Refunds by line (issue "owner's side, part 3"): which order lines a person's refund gave back,
 * how many units and how much of each, so a line's units are never refunded twice.
 */
export function refundLines(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("order_refund_lines")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("refund_id", "integer", (c) => c.notNull().references("order_refunds.id"))
        .addColumn("order_item_id", "integer", (c) => c.notNull().references("order_items.id"))
        .addColumn("quantity", "integer", (c) => c.notNull().check(nonNegative("quantity")))
        .addColumn("amount", "integer", (c) => c.notNull().check(nonNegative("amount")))
        .execute();
      await db.schema
        .createIndex("order_refund_lines_item_idx")
        .on("order_refund_lines")
        .columns(["order_item_id"])
        .execute();
      await db.schema
        .createIndex("order_refund_lines_refund_idx")
        .on("order_refund_lines")
        .columns(["refund_id"])
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      await db.schema.dropTable("order_refund_lines").ifExists().execute();
    },
  };
}
