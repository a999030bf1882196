import { type Kysely, type Migration, sql } from "kysely";
import { taxClasses, taxCodeOfCategory } from "../../modules/tax/rate-table.js";
import type { Dialect } from "../connection.js";
import { nonNegative, oneOf } from "./columns.js";

/**
 * GST invoices (issue 29, decision 0017): each product's HSN code and tax class (the seed's
 * filled in by category), each order line's tax as charged when it was placed, the shop's
 * settings (legal name, address, state, GSTIN, prefixes) over their environment defaults, the
 * gap-free number series per financial year, and the invoices and credit notes themselves.
 */
export function gstInvoices(_dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("products")
        .addColumn("hsn_code", "text", (c) => c.notNull().defaultTo("6109"))
        .execute();
      await db.schema
        .alterTable("products")
        .addColumn("tax_class", "text", (c) => c.notNull().defaultTo("clothing").check(oneOf("tax_class", taxClasses)))
        .execute();
      for (const [slug, code] of Object.entries(taxCodeOfCategory)) {
        await sql`update products set hsn_code = ${code.hsnCode}, tax_class = ${code.taxClass}
          where id in (select cp.product_id from category_products cp
            join categories c on c.id = cp.category_id where c.slug = ${slug})`.execute(db);
      }

      // Null on lines placed before tax was worked out per line.
      await db.schema.alterTable("order_items").addColumn("hsn_code", "text").execute();
      await db.schema.alterTable("order_items").addColumn("tax_class", "text").execute();
      await db.schema.alterTable("order_items").addColumn("discount_amount", "integer").execute();
      await db.schema.alterTable("order_items").addColumn("tax_rate_bp", "integer").execute();
      await db.schema.alterTable("order_items").addColumn("taxable_value", "integer").execute();
      await db.schema.alterTable("order_items").addColumn("tax_amount", "integer").execute();

      await db.schema
        .createTable("shop_settings")
        .addColumn("key", "text", (c) => c.primaryKey().notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      // One row per series and financial year; the row is locked by the increment, so numbers are gap-free.
      await db.schema
        .createTable("document_series")
        .addColumn("series", "text", (c) => c.notNull().check(oneOf("series", ["invoice", "credit_note"])))
        .addColumn("fiscal_year", "text", (c) => c.notNull())
        .addColumn("last_number", "integer", (c) => c.notNull().check(nonNegative("last_number")))
        .addPrimaryKeyConstraint("document_series_pk", ["series", "fiscal_year"])
        .execute();

      await db.schema
        .createTable("tax_documents")
        .addColumn("id", "text", (c) => c.primaryKey().notNull())
        .addColumn("kind", "text", (c) => c.notNull().check(oneOf("kind", ["invoice", "credit_note"])))
        .addColumn("number", "text", (c) => c.notNull().unique())
        .addColumn("fiscal_year", "text", (c) => c.notNull())
        .addColumn("sequence", "integer", (c) => c.notNull())
        .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
        // "invoice" for the invoice; the refund's own key for a credit note (one per refund).
        .addColumn("source_key", "text", (c) => c.notNull())
        .addColumn("issued_at", "text", (c) => c.notNull())
        .addColumn("total", "integer", (c) => c.notNull().check(nonNegative("total")))
        .addColumn("taxable_value", "integer", (c) => c.notNull())
        .addColumn("tax_amount", "integer", (c) => c.notNull())
        // JSON: supplier, recipient and lines as issued, so a later change of settings never alters it.
        .addColumn("document", "text", (c) => c.notNull())
        .addUniqueConstraint("tax_documents_source", ["order_id", "kind", "source_key"])
        .addUniqueConstraint("tax_documents_sequence", ["kind", "fiscal_year", "sequence"])
        .execute();
      await db.schema.createIndex("tax_documents_issued_idx").on("tax_documents").columns(["issued_at"]).execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      await db.schema.dropTable("tax_documents").ifExists().execute();
      await db.schema.dropTable("document_series").ifExists().execute();
      await db.schema.dropTable("shop_settings").ifExists().execute();
      for (const column of ["tax_amount", "taxable_value", "tax_rate_bp", "discount_amount", "tax_class", "hsn_code"]) {
        await db.schema.alterTable("order_items").dropColumn(column).execute();
      }
      await db.schema.alterTable("products").dropColumn("tax_class").execute();
      await db.schema.alterTable("products").dropColumn("hsn_code").execute();
    },
  };
}
