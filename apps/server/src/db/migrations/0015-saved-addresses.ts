import { type Kysely, type Migration, sql } from "kysely";

/**
 * Saved addresses of signed-in shoppers (the address book): at most 10 per account, exactly one
 * default while any exist (the service keeps both rules under a lock on the user's row).
 */
export function savedAddresses(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("saved_addresses")
        .addColumn("id", "text", (c) => c.primaryKey().notNull())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("full_name", "text", (c) => c.notNull())
        .addColumn("phone", "text", (c) => c.notNull())
        .addColumn("line1", "text", (c) => c.notNull())
        .addColumn("line2", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("city", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull().defaultTo(""))
        /** Pincode in India, postal code abroad ("" where a country has none). */
        .addColumn("pincode", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("country", "text", (c) => c.notNull())
        .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("saved_addresses_user_idx").on("saved_addresses").columns(["user_id"]).execute();
      // At most one default per account, whatever two requests do at once.
      await db.schema
        .createIndex("saved_addresses_one_default")
        .on("saved_addresses")
        .column("user_id")
        .unique()
        .where(sql.ref("is_default"), "=", 1)
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      await db.schema.dropTable("saved_addresses").ifExists().execute();
    },
  };
}
