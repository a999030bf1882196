import { type Kysely, type Migration, sql } from "kysely";

/**
 * The order inbox at 100,000 orders (decision 0022): a whole e-mail is looked up
 * case-insensitively; the in-transit and failed-delivery counts read status and courier code
 * from one index; returned parcels (which stay in their tab for good) are listed newest first and
 * counted from a partial index of their own. Indexes only: a second or two on an existing shop.
 */
export function inboxIndexes(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex("orders_contact_email_lower_idx")
        .on("orders")
        .expression(sql`lower(contact_email)`)
        .execute();
      await db.schema
        .createIndex("orders_status_courier_idx")
        .on("orders")
        .columns(["status", "courier_status_code"])
        .execute();
      // returnToOriginCodes of inbox-tabs.ts, in its order: inTab (orders/admin-reads.ts) says the
      // same. The coalesce keeps the plain courier-code indexes out of the planners' choice; status
      // and code make the index cover the tab's count.
      await db.schema
        .createIndex("orders_rto_created_idx")
        .on("orders")
        .columns(["created_at", "id", "status", "courier_status_code"])
        .where(
          sql<boolean>`status != 'CANCELLED' and coalesce(courier_status_code, 0) in (15, 16, 17, 45, 46, 55, 87, 90)`,
        )
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      for (const index of ["orders_rto_created_idx", "orders_status_courier_idx", "orders_contact_email_lower_idx"]) {
        await db.schema.dropIndex(index).ifExists().execute();
      }
    },
  };
}
