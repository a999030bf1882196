import type { Kysely, Migration } from "kysely";

/**
 * The owner's product list filtered by status and sorted by time or price (issue 27): each sort
 * walks its own index within the status, as the name sort does along (status, name) of 0010,
 * instead of reading every active product to sort them. Indexes only.
 */
export function adminProductStatusIndexes(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex("products_status_created_id_idx")
        .on("products")
        .columns(["status", "created_at", "id"])
        .execute();
      await db.schema
        .createIndex("products_status_price_id_idx")
        .on("products")
        .columns(["status", "price", "id"])
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      for (const index of ["products_status_price_id_idx", "products_status_created_id_idx"]) {
        await db.schema.dropIndex(index).ifExists().execute();
      }
    },
  };
}
