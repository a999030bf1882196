import type { Kysely, Migration } from "kysely";

/**
 * The owner's product list at 100,000 products (issue 27): each of its sorts (name, created,
 * price; the id breaks ties, as in the keyset cursor) walks an index and stops at the page
 * instead of sorting every product, with the filters checked on the way. A search's SKU check
 * (does one of this product's variants' SKUs contain the text) reads (product_id, sku) from an
 * index alone instead of each variant's row. Indexes only.
 */
export function adminProductIndexes(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema.createIndex("products_name_id_idx").on("products").columns(["name", "id"]).execute();
      await db.schema.createIndex("products_created_id_idx").on("products").columns(["created_at", "id"]).execute();
      await db.schema.createIndex("products_price_id_idx").on("products").columns(["price", "id"]).execute();
      await db.schema.createIndex("variants_product_sku_idx").on("variants").columns(["product_id", "sku"]).execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      for (const index of [
        "variants_product_sku_idx",
        "products_price_id_idx",
        "products_created_id_idx",
        "products_name_id_idx",
      ]) {
        await db.schema.dropIndex(index).ifExists().execute();
      }
    },
  };
}
