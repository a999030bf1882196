import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../connection.js";
import { idColumn } from "./columns.js";

/**
 * Product photos (issue "owner's side, part 2"): each uploaded original, cleaned (orientation
 * applied, metadata stripped), lives in the database so every process can render its sizes
 * without shared disk; a product image points at it. The demo art keeps `original_id` null.
 */
export function productPhotos(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("media_originals")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey())
        .addColumn("sha256", "text", (c) => c.notNull().unique())
        .addColumn("mime", "text", (c) => c.notNull())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("byte_size", "integer", (c) => c.notNull())
        .addColumn("bytes", dialect === "postgres" ? "bytea" : "blob", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .alterTable("product_images")
        .addColumn("original_id", "integer", (c) => c.references("media_originals.id"))
        .execute();
      await db.schema.createIndex("product_images_original_idx").on("product_images").column("original_id").execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("product_images_original_idx").ifExists().execute();
      await db.schema.alterTable("product_images").dropColumn("original_id").execute();
      await db.schema.dropTable("media_originals").ifExists().execute();
    },
  };
}
