import type { Kysely, Migration } from "kysely";

/**
 * The colours the demo catalogue uses, as they stood when this migration was written (the seed
 * adds any it gains later). Frozen here so the migration gives the same result whenever it runs.
 */
const paletteAtMigration: readonly [name: string, hex: string][] = [
  ["Midnight Black", "#141416"],
  ["Off White", "#F1EDE3"],
  ["Heather Grey", "#B9B9B5"],
  ["Acid Lime", "#C6FF00"],
  ["Bottle Green", "#1F4D3A"],
  ["Rust", "#A8472A"],
  ["Dusk Lilac", "#B7A6D9"],
  ["Navy Night", "#1B2340"],
  ["Sand", "#D8C7A4"],
  ["Chai Brown", "#7A5236"],
  ["Monsoon Blue", "#8EC9EB"],
  ["Brick Red", "#9E2B25"],
  ["Olive", "#6B6B3A"],
  ["Cloud Pink", "#F2C6CF"],
  ["Charcoal", "#3A3A3E"],
  ["Natural Canvas", "#EDE4D0"],
];

/**
 * Colours become a real option and characters explicit (issue 10):
 * - `colours`: each colour name's swatch (CSS hex), for the product's Color option and list facets;
 * - `product_images.color`: the colour an image shows (null: every colour);
 * - `categories.is_character`: a Vakiverse character, whatever the order of a product's categories.
 * Existing demo data is tagged: characters are the children of the `vakiverse` category, and an
 * image whose alt text says "… in {colour}, …" (how the seed writes them) shows that colour.
 */
export function coloursAndCharacters(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("colours")
        .addColumn("name", "text", (c) => c.primaryKey().notNull())
        .addColumn("hex", "text", (c) => c.notNull())
        .execute();
      await db
        .insertInto("colours")
        .values(paletteAtMigration.map(([name, hex]) => ({ name, hex })))
        .execute();

      await db.schema.alterTable("product_images").addColumn("color", "text").execute();
      await db.schema
        .alterTable("categories")
        .addColumn("is_character", "integer", (c) => c.notNull().defaultTo(0))
        .execute();

      await db
        .updateTable("categories")
        .set({ is_character: 1 })
        .where(
          "parent_id",
          "in",
          db.selectFrom("categories as parent").select("parent.id").where("parent.slug", "=", "vakiverse"),
        )
        .execute();
      for (const [name] of paletteAtMigration) {
        await db
          .updateTable("product_images")
          .set({ color: name })
          .where("color", "is", null)
          .where("alt", "like", `% in ${name}, %`)
          .execute();
      }
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
    async down(db: Kysely<any>) {
      await db.schema.alterTable("categories").dropColumn("is_character").execute();
      await db.schema.alterTable("product_images").dropColumn("color").execute();
      await db.schema.dropTable("colours").ifExists().execute();
    },
  };
}
