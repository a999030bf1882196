import { type Kysely, type Migration, sql } from "kysely";
import { nameWordsOf } from "../../lib/name-words.js";
import type { Dialect } from "../connection.js";

/**
 * The order inbox's name search by index (decision 0022, "Afterwards"): each order's delivery name
 * and city as words, keyed (word, order_id) so a typed word's prefix is a range of the key. On
 * PostgreSQL the word uses the "C" collation, so that range is byte order, as in SQLite.
 * Existing orders are filled in batches here.
 */
export function orderNameWords(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("order_name_words")
        .addColumn("word", "text", (c) =>
          dialect === "postgres" ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull(),
        )
        .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("order_name_words_pk", ["word", "order_id"])
        .execute();
      // An order's words from its id alone (the check of each order when a name is common; deletes).
      await db.schema
        .createIndex("order_name_words_order_idx")
        .on("order_name_words")
        .columns(["order_id", "word"])
        .execute();
      let after = "";
      for (;;) {
        const batch: { id: string; shipping_address: string | null }[] = await db
          .selectFrom("orders")
          .select(["id", "shipping_address"])
          .where("id", ">", after)
          .where("shipping_address", "is not", null)
          .orderBy("id")
          .limit(1000)
          .execute();
        if (batch.length === 0) break;
        const rows = batch.flatMap((order) =>
          nameWordsOf(order.shipping_address).map((word) => ({ word, order_id: order.id })),
        );
        for (let start = 0; start < rows.length; start += 500) {
          await db
            .insertInto("order_name_words")
            .values(rows.slice(start, start + 500))
            .execute();
        }
        after = batch.at(-1)?.id ?? after;
      }
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      await db.schema.dropTable("order_name_words").ifExists().execute();
    },
  };
}
