import { type Kysely, type Migration, sql } from "kysely";
import { nameWordsOf } from "../../lib/name-words.js";

/**
 * Each name-search word carries its order's creation time, and an order's words take in its
 * account's name too (decision 0022, "Afterwards, 2"): a common name's orders are walked newest
 * first along (word, created_at, order_id), and no search reads the accounts. Every order's words
 * are written again here, in batches.
 */
export function orderNameWordsTime(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("order_name_words")
        .addColumn("created_at", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await sql`delete from order_name_words`.execute(db);
      let after = "";
      for (;;) {
        const batch: { id: string; created_at: string; shipping_address: string | null; name: string | null }[] =
          await db
            .selectFrom("orders")
            .leftJoin("users", "users.id", "orders.user_id")
            .select(["orders.id", "orders.created_at", "orders.shipping_address", "users.name"])
            .where("orders.id", ">", after)
            .where((eb) => eb.or([eb("orders.shipping_address", "is not", null), eb("orders.user_id", "is not", null)]))
            .orderBy("orders.id")
            .limit(1000)
            .execute();
        if (batch.length === 0) break;
        const rows = batch.flatMap((order) =>
          nameWordsOf(order.shipping_address, order.name).map((word) => ({
            word,
            order_id: order.id,
            created_at: order.created_at,
          })),
        );
        for (let start = 0; start < rows.length; start += 500) {
          await db
            .insertInto("order_name_words")
            .values(rows.slice(start, start + 500))
            .execute();
        }
        after = batch.at(-1)?.id ?? after;
      }
      await db.schema
        .createIndex("order_name_words_time_idx")
        .on("order_name_words")
        .columns(["word", "created_at", "order_id"])
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("order_name_words_time_idx").ifExists().execute();
      await db.schema.alterTable("order_name_words").dropColumn("created_at").execute();
    },
  };
}
