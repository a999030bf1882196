import type { Kysely, Migration } from "kysely";
import type { Dialect } from "../connection.js";
import { idColumn, nonNegative } from "./columns.js";

export function catalogueTables(dialect: Dialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("categories")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("parent_id", "integer", (c) => c.references("categories.id").onDelete("set null"))
        .addColumn("description", "text")
        .addColumn("tagline", "text")
        .addColumn("accent_color", "text")
        .addColumn("image_url", "text")
        .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("display_order", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("excluded_image_positions", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("categories_parent_idx").on("categories").column("parent_id").execute();

      await db.schema
        .createTable("products")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("price", "integer", (c) => c.notNull().check(nonNegative("price")))
        .addColumn("description_html", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("specifications", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("delivery_info_html", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("is_featured", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("popularity", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("products_active_created_idx")
        .on("products")
        .columns(["is_active", "created_at"])
        .execute();
      await db.schema
        .createIndex("products_featured_idx")
        .on("products")
        .columns(["is_featured", "is_active"])
        .execute();

      await db.schema
        .createTable("product_images")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("url", "text", (c) => c.notNull())
        .addColumn("alt", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("display_order", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_primary", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex("product_images_product_idx")
        .on("product_images")
        .columns(["product_id", "display_order"])
        .execute();

      await db.schema
        .createTable("category_products")
        .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade"))
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("category_products_pk", ["category_id", "product_id"])
        .execute();
      await db.schema
        .createIndex("category_products_product_idx")
        .on("category_products")
        .column("product_id")
        .execute();

      await db.schema
        .createTable("variants")
        .addColumn("id", idColumn(dialect), (c) => c.primaryKey().notNull())
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("sku", "text", (c) => c.notNull().unique())
        .addColumn("price", "integer", (c) => c.notNull().check(nonNegative("price")))
        .addColumn("stock_quantity", "integer", (c) => c.notNull().defaultTo(0).check(nonNegative("stock_quantity")))
        .addColumn("size", "text")
        .addColumn("color", "text")
        .addColumn("theme", "text")
        .addColumn("story_description", "text")
        .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("variants_product_idx").on("variants").column("product_id").execute();

      await db.schema
        .createTable("shop_state")
        .addColumn("key", "text", (c) => c.primaryKey().notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      for (const table of ["shop_state", "variants", "category_products", "product_images", "products", "categories"]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
