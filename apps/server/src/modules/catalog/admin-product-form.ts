import { catalogueMessages as cm } from "@vaki/contract/admin/catalogue";
import { type Colour, productFormMessages as fm, type GridCell } from "@vaki/contract/admin/product-form";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import { Conflict, InvalidInput, NotFound } from "../../lib/errors.js";

export interface GridVariant {
  id: number;
  sku: string;
  colour: string | null;
  size: string | null;
  price: number;
  stock: number;
  active: boolean;
}

/**
 * The SQL of the admin's product form and variant grid (in the caller's transaction): the checks a
 * new product and a grid save make, and the grid's writes other than stock (which moves through the
 * inventory service's ledger). Product and variant inserts reuse `CatalogCsvStore`.
 */
export class CatalogProductForm {
  async colours(db: Db): Promise<Colour[]> {
    return db.selectFrom("colours").select(["name", "hex"]).orderBy("name").execute();
  }

  /** Adds a colour with its swatch; 409 when one of that name exists in any spelling. */
  async addColour(trx: Db, colour: Colour): Promise<void> {
    const taken = await trx
      .selectFrom("colours")
      .select("name")
      .where(sql<string>`lower(name)`, "=", colour.name.toLowerCase())
      .executeTakeFirst();
    if (taken) throw new Conflict(fm.colourTaken(taken.name));
    await trx.insertInto("colours").values(colour).execute();
  }

  async assertSlugFree(trx: Db, slug: string): Promise<void> {
    const taken = await trx.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirst();
    if (taken) throw new Conflict(fm.slugTaken(slug));
  }

  /** The slugs of these category ids (400 when one is unknown), for `CatalogCsvStore.createProduct`. */
  async categorySlugs(trx: Db, ids: readonly number[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const rows = await trx.selectFrom("categories").select("slug").where("id", "in", unique).execute();
    if (rows.length !== unique.length) throw new InvalidInput(fm.categoryUnknown);
    return rows.map((row) => row.slug);
  }

  /**
   * The grid's own checks: one cell per colour and size, one SKU per cell, every colour in the
   * colours table (answers the colours table's spelling of each), no SKU used by a variant that
   * stays outside the grid (another product's, or this product's archived one).
   */
  async checkCells(trx: Db, cells: readonly GridCell[], keptIds: ReadonlySet<number>): Promise<Map<string, string>> {
    const places = new Set<string>();
    const skus = new Set<string>();
    for (const cell of cells) {
      const place = `${cell.colour.toLowerCase()}\u0000${cell.size.toLowerCase()}`;
      if (places.has(place)) throw new InvalidInput(fm.cellTwice(cell.colour, cell.size));
      places.add(place);
      if (skus.has(cell.sku.toLowerCase())) throw new Conflict(cm.skuTaken(cell.sku));
      skus.add(cell.sku.toLowerCase());
    }
    const colourRows = await trx.selectFrom("colours").select("name").execute();
    const spelling = new Map(colourRows.map((row) => [row.name.toLowerCase(), row.name]));
    for (const cell of cells) {
      if (!spelling.has(cell.colour.toLowerCase())) throw new InvalidInput(fm.colourUnknown(cell.colour));
    }
    if (cells.length > 0) {
      const clashes = await trx
        .selectFrom("variants")
        .select(["id", "sku"])
        .where(
          "sku",
          "in",
          cells.map((cell) => cell.sku),
        )
        .execute();
      const clash = clashes.find((row) => !keptIds.has(row.id));
      if (clash) throw new Conflict(cm.skuTaken(clash.sku));
    }
    return spelling;
  }

  /** The product's version and variants, read for a grid save (404 for an unknown product). */
  async gridOf(trx: Db, productId: number): Promise<{ version: number; slug: string; variants: GridVariant[] }> {
    const product = await trx
      .selectFrom("products")
      .select(["version", "slug"])
      .where("id", "=", productId)
      .executeTakeFirst();
    if (!product) throw new NotFound(cm.productNotFound);
    const rows = await trx
      .selectFrom("variants")
      .select(["id", "sku", "color", "size", "price", "stock_quantity", "is_active"])
      .where("product_id", "=", productId)
      .orderBy("id")
      .execute();
    return {
      version: product.version,
      slug: product.slug,
      variants: rows.map((row) => ({
        id: row.id,
        sku: row.sku,
        colour: row.color,
        size: row.size,
        price: row.price,
        stock: row.stock_quantity,
        active: row.is_active === 1,
      })),
    };
  }

  /** Of these variants, the ones an order names (a line or a stock hold): they are archived, never deleted. */
  async orderedIds(trx: Db, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const [lines, holds] = await Promise.all([
      trx
        .selectFrom("order_items")
        .select("variant_id")
        .distinct()
        .where("variant_id", "in", [...ids])
        .execute(),
      trx
        .selectFrom("stock_holds")
        .select("variant_id")
        .distinct()
        .where("variant_id", "in", [...ids])
        .execute(),
    ]);
    return new Set([...lines, ...holds].map((row) => row.variant_id));
  }

  async archiveVariants(trx: Db, ids: readonly number[], now: string): Promise<void> {
    if (ids.length === 0) return;
    await trx
      .updateTable("variants")
      .set({ is_active: 0, updated_at: now })
      .where("id", "in", [...ids])
      .execute();
  }

  /**
   * Deletes variants no order names, with their stock ledger (the ledger of a variant that no longer
   * exists; the audit event keeps what it had). Carts and back-in-stock requests go by cascade.
   */
  async deleteVariants(trx: Db, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await trx
      .deleteFrom("stock_ledger")
      .where("variant_id", "in", [...ids])
      .execute();
    await trx
      .deleteFrom("variants")
      .where("id", "in", [...ids])
      .execute();
  }

  /** SKUs that change move through a placeholder first, so two variants may swap theirs. */
  async parkSkus(trx: Db, ids: readonly number[], now: string): Promise<void> {
    for (const id of ids) {
      await trx
        .updateTable("variants")
        .set({ sku: `~${id}~${now}` })
        .where("id", "=", id)
        .execute();
    }
  }

  async updateCell(trx: Db, id: number, cell: GridCell, now: string): Promise<void> {
    await trx
      .updateTable("variants")
      .set({
        sku: cell.sku,
        color: cell.colour,
        size: cell.size,
        price: cell.price,
        is_active: cell.active ? 1 : 0,
        updated_at: now,
      })
      .where("id", "=", id)
      .execute();
  }

  async setDescription(trx: Db, productId: number, html: string): Promise<void> {
    await trx.updateTable("products").set({ description_html: html }).where("id", "=", productId).execute();
  }

  /** Bumps the version the grid was loaded at; 409 when another save got in between. */
  async bumpVersion(trx: Db, productId: number, version: number, now: string): Promise<number> {
    const updated = await trx
      .updateTable("products")
      .set({ version: sql<number>`version + 1`, updated_at: now })
      .where("id", "=", productId)
      .where("version", "=", version)
      .returning("version")
      .executeTakeFirst();
    if (!updated) throw new Conflict(cm.staleVersion);
    return updated.version;
  }

  async versionOf(trx: Db, productId: number): Promise<number> {
    const row = await trx
      .selectFrom("products")
      .select("version")
      .where("id", "=", productId)
      .executeTakeFirstOrThrow();
    return row.version;
  }
}
