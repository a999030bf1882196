import type { Kysely, Migration } from "kysely";
import { nonNegative } from "./columns.js";

/**
 * Coupons the owner manages (issue 28): a minimum order (paise, 0 for none) and a limit of uses
 * per customer (null for none) beside the existing total limit, dates, first-order rule and active flag.
 */
export function coupons(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("promotions")
        .addColumn("min_order_amount", "integer", (c) =>
          c.notNull().defaultTo(0).check(nonNegative("min_order_amount")),
        )
        .execute();
      await db.schema.alterTable("promotions").addColumn("per_customer_limit", "integer").execute();
      await db.schema
        .createIndex("orders_promo_code_idx")
        .on("orders")
        .columns(["promo_code", "payment_status"])
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("orders_promo_code_idx").ifExists().execute();
      await db.schema.alterTable("promotions").dropColumn("per_customer_limit").execute();
      await db.schema.alterTable("promotions").dropColumn("min_order_amount").execute();
    },
  };
}
