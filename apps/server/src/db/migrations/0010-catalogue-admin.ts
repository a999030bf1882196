import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "../connection.js";
import { idColumn, nonNegative, oneOf } from "./columns.js";

const ledgerReasons = [
  "opening",
  "received",
  "correction",
  "damaged",
  "returned",
  "other",
  "hold",
  "release",
  "sale",
  "cancelled",
] as const;

/**
 * The catalogue on the owner's side (issue 27): the stock ledger (one row for every change of a
 * variant's stock, so "why does this say 3?" has an answer), a product status (draft, active,
 * archived; `is_active` stays as its storefront mirror, decision 0015), a version for the edit
 * check and a low-stock threshold. Existing variants get one opening row with their stock, so the
 * ledger of every variant adds up to its stock from the start.
 */
export function catalogueAdmin(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("stock_ledger")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("variant_id", "integer", (c) => c.notNull().references("variants.id"))
        .addColumn("change", "integer", (c) => c.notNull())
        .addColumn("stock_after", "integer", (c) => c.notNull().check(nonNegative("stock_after")))
        .addColumn("reason", "text", (c) => c.notNull().check(oneOf("reason", ledgerReasons)))
        .addColumn("order_id", "text")
        .addColumn("staff_user_id", "text")
        .addColumn("note", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("stock_ledger_variant_idx")
        .on("stock_ledger")
        .columns(["variant_id", "id"])
        .execute();

      await db.schema
        .alterTable("products")
        .addColumn("status", "text", (c) =>
          c
            .notNull()
            .defaultTo("active")
            .check(oneOf("status", ["draft", "active", "archived"])),
        )
        .execute();
      await db.schema
        .alterTable("products")
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable("products")
        .addColumn("low_stock_threshold", "integer", (c) =>
          c.notNull().defaultTo(5).check(nonNegative("low_stock_threshold")),
        )
        .execute();
      // A product the shop had hidden was taken down: archived, not a draft.
      await db.updateTable("products").set({ status: "archived" }).where("is_active", "=", 0).execute();
      await db.schema.createIndex("products_status_idx").on("products").columns(["status", "name"]).execute();

      await sql`insert into stock_ledger (variant_id, change, stock_after, reason, created_at)
        select id, stock_quantity, stock_quantity, 'opening', ${new Date().toISOString()} from variants order by id`.execute(
        db,
      );
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("products_status_idx").ifExists().execute();
      for (const column of ["low_stock_threshold", "version", "status"]) {
        await db.schema.alterTable("products").dropColumn(column).execute();
      }
      await db.schema.dropTable("stock_ledger").ifExists().execute();
    },
  };
}
