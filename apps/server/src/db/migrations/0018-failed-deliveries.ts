import type { Kysely, Migration } from "kysely";
import { oneOf } from "./columns.js";

/**
 * Failed deliveries (issue "owner's side, part 3"): what the shop asked the courier after an
 * undelivered attempt (re-attempt on a day, or return to origin) and when the returned parcel
 * was received back; the sandbox courier's own record of a shipment meant to fail and the
 * action it was given (its journey continues from there).
 */
export function failedDeliveries(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("orders")
        .addColumn("ndr_action", "text", (c) => c.check(oneOf("ndr_action", ["re-attempt", "return"])))
        .execute();
      await db.schema.alterTable("orders").addColumn("ndr_requested_at", "text").execute();
      await db.schema.alterTable("orders").addColumn("reattempt_date", "text").execute();
      await db.schema.alterTable("orders").addColumn("returned_at", "text").execute();
      await db.schema
        .alterTable("sandbox_shipments")
        .addColumn("fails_delivery", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("sandbox_shipments")
        .addColumn("ndr_action", "text", (c) => c.check(oneOf("ndr_action", ["re-attempt", "return"])))
        .execute();
      await db.schema.alterTable("sandbox_shipments").addColumn("ndr_action_at", "text").execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      await db.schema.alterTable("sandbox_shipments").dropColumn("ndr_action_at").execute();
      await db.schema.alterTable("sandbox_shipments").dropColumn("ndr_action").execute();
      await db.schema.alterTable("sandbox_shipments").dropColumn("fails_delivery").execute();
      await db.schema.alterTable("orders").dropColumn("returned_at").execute();
      await db.schema.alterTable("orders").dropColumn("reattempt_date").execute();
      await db.schema.alterTable("orders").dropColumn("ndr_requested_at").execute();
      await db.schema.alterTable("orders").dropColumn("ndr_action").execute();
    },
  };
}
