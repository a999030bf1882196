import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../connection.js";
import { idColumn } from "./columns.js";

/**
 * What each catalogue version changed (decision 0024): a row per product a change names, or one
 * row without a product for a change of everything (categories, colours, a bulk import). Every
 * process reads the rows after the last one it has seen and updates only those products' search
 * documents and cached answers; a row without a product, or too many rows, still drops everything.
 */
export function catalogueChanges(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("catalogue_changes")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("version", "text", (c) => c.notNull())
        .addColumn("product_id", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      await db.schema.dropTable("catalogue_changes").ifExists().execute();
    },
  };
}
