import type { Kysely, Migration } from "kysely";

/**
 * Who holds stock: each order keeps a hash of the client address it was placed from, so the
 * units that one address holds at once can be limited (the guest session is already on the order).
 */
export function holdLimits(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema.alterTable("orders").addColumn("client_address_hash", "text").execute();
      await db.schema
        .createIndex("orders_client_address_idx")
        .on("orders")
        .columns(["client_address_hash", "status"])
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("orders_client_address_idx").ifExists().execute();
      await db.schema.alterTable("orders").dropColumn("client_address_hash").execute();
    },
  };
}
