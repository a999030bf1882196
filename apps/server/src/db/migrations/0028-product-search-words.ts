import { type Kysely, type Migration, sql } from "kysely";
import { productWordRows } from "../../modules/catalog/product-words.js";
import type { Dialect } from "../connection.js";

/**
 * The owner's product search by words (issue 27): each product's name words, its variants' SKU
 * parts and whole SKUs, keyed (word, product_id) so a typed word's prefix is a range of the key
 * (the order inbox's way, decision 0022). On PostgreSQL the word uses the "C" collation, so that
 * range is byte order, as in SQLite. Existing products are filled in batches here.
 */
export function productSearchWords(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("product_search_words")
        .addColumn("word", "text", (c) =>
          dialect === "postgres" ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull(),
        )
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("product_search_words_pk", ["word", "product_id"])
        .execute();
      // A product's words from its id alone (the check of each product when a word is common; rewrites).
      await db.schema
        .createIndex("product_search_words_product_idx")
        .on("product_search_words")
        .columns(["product_id", "word"])
        .execute();
      let after = 0;
      for (;;) {
        const products: { id: number; name: string }[] = await db
          .selectFrom("products")
          .select(["id", "name"])
          .where("id", ">", after)
          .orderBy("id")
          .limit(1000)
          .execute();
        const last = products.at(-1);
        if (!last) break;
        const variants: { product_id: number; sku: string }[] = await db
          .selectFrom("variants")
          .select(["product_id", "sku"])
          .where("product_id", ">", after)
          .where("product_id", "<=", last.id)
          .orderBy("id")
          .execute();
        const skus = new Map<number, string[]>();
        for (const variant of variants)
          skus.set(variant.product_id, [...(skus.get(variant.product_id) ?? []), variant.sku]);
        const rows = productWordRows(products.map((product) => ({ ...product, skus: skus.get(product.id) ?? [] })));
        for (let start = 0; start < rows.length; start += 1000) {
          await db
            .insertInto("product_search_words")
            .values(rows.slice(start, start + 1000))
            .execute();
        }
        after = last.id;
      }
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      await db.schema.dropTable("product_search_words").ifExists().execute();
    },
  };
}
