import { type Kysely, type Migration, sql } from "kysely";
import type { Dialect } from "../connection.js";
import { oneOf } from "./columns.js";

/**
 * Cash on delivery that cannot be abused (decision 0013): one-time codes sent to a phone (stored
 * hashed), phones and pincodes blocked from COD, and on each order the verified phone, the
 * normalised delivery address, whether the COD order waits for confirmation and which checkout
 * (cart or Buy Now) made it; on payments, what
 * a person decided about a payment flagged for review (an amount that differs from the order's).
 */
export function cashOnDelivery(_dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("phone_verifications")
        .addColumn("id", "text", (c) => c.primaryKey().notNull())
        .addColumn("phone", "text", (c) => c.notNull())
        .addColumn("code_hash", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("sent_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("verified_at", "text")
        .execute();
      await db.schema
        .createIndex("phone_verifications_phone_idx")
        .on("phone_verifications")
        .columns(["phone", "sent_at"])
        .execute();

      await db.schema
        .createTable("cod_blocks")
        .addColumn("id", "text", (c) => c.primaryKey().notNull())
        .addColumn("kind", "text", (c) => c.notNull().check(oneOf("kind", ["phone", "pincode"])))
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("reason", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addUniqueConstraint("cod_blocks_kind_value", ["kind", "value"])
        .execute();

      await db.schema.alterTable("orders").addColumn("cod_phone", "text").execute();
      await db.schema.alterTable("orders").addColumn("cod_address_key", "text").execute();
      await db.schema
        .alterTable("orders")
        .addColumn("cod_state", "text", (c) =>
          c.check(sql`cod_state is null or ${oneOf("cod_state", ["to_confirm", "confirmed"])}`),
        )
        .execute();
      await db.schema.alterTable("orders").addColumn("cod_confirmed_at", "text").execute();
      await db.schema.alterTable("orders").addColumn("cod_confirmed_by", "text").execute();
      await db.schema.createIndex("orders_cod_phone_idx").on("orders").column("cod_phone").execute();
      await db.schema.createIndex("orders_cod_address_idx").on("orders").column("cod_address_key").execute();
      await db.schema.createIndex("orders_cod_state_idx").on("orders").columns(["cod_state", "created_at"]).execute();

      // Which checkout made the order, so a new one replaces only an order of the same kind.
      await db.schema
        .alterTable("orders")
        .addColumn("checkout_kind", "text", (c) =>
          c.check(sql`checkout_kind is null or ${oneOf("checkout_kind", ["cart", "buy_now"])}`),
        )
        .execute();

      await db.schema.alterTable("payments").addColumn("gateway_amount", "integer").execute();
      await db.schema.alterTable("payments").addColumn("review_outcome", "text").execute();
      await db.schema.alterTable("payments").addColumn("reviewed_at", "text").execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      await db.schema.alterTable("payments").dropColumn("reviewed_at").execute();
      await db.schema.alterTable("payments").dropColumn("review_outcome").execute();
      await db.schema.alterTable("payments").dropColumn("gateway_amount").execute();
      await db.schema.alterTable("orders").dropColumn("checkout_kind").execute();
      for (const index of ["orders_cod_state_idx", "orders_cod_address_idx", "orders_cod_phone_idx"]) {
        await db.schema.dropIndex(index).ifExists().execute();
      }
      for (const column of ["cod_confirmed_by", "cod_confirmed_at", "cod_state", "cod_address_key", "cod_phone"]) {
        await db.schema.alterTable("orders").dropColumn(column).execute();
      }
      await db.schema.dropTable("cod_blocks").ifExists().execute();
      await db.schema.dropTable("phone_verifications").ifExists().execute();
    },
  };
}
