import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../connection.js";

/**
 * Old product slugs (issue 27: the slug is editable, the old one redirects): each slug a product
 * had before, pointing at the product, so an old link answers a permanent redirect to its new
 * address. A product whose own slug becomes one of these takes it over (the row is removed then).
 */
export function productSlugRedirects(_dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("product_slug_redirects")
        .addColumn("old_slug", "text", (c) => c.primaryKey().notNull())
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      // A product's old slugs, for the product's own reads and deletes.
      await db.schema
        .createIndex("product_slug_redirects_product_idx")
        .on("product_slug_redirects")
        .column("product_id")
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("product_slug_redirects_product_idx").ifExists().execute();
      await db.schema.dropTable("product_slug_redirects").ifExists().execute();
    },
  };
}
