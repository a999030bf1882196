import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../connection.js";

/**
 * A category's or character's uploaded picture (issue 27): the cleaned original lives in
 * `media_originals` like a product photo's, so the same renditions serve it; one picture per
 * category. `product_images` is not reused: it belongs to products and the catalogue reads it as theirs.
 */
export function categoryPictures(_dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("category_pictures")
        .addColumn("category_id", "integer", (c) => c.primaryKey().notNull().references("categories.id"))
        .addColumn("original_id", "integer", (c) => c.notNull().references("media_originals.id"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("category_pictures_original_idx")
        .on("category_pictures")
        .column("original_id")
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("category_pictures_original_idx").ifExists().execute();
      await db.schema.dropTable("category_pictures").ifExists().execute();
    },
  };
}
