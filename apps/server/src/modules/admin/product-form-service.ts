import { catalogueMessages as cm } from "@vaki/contract/admin/catalogue";
import type {
  Colour,
  ColourCreateRequest,
  GridCell,
  ProductCreateAnswer,
  ProductCreateInput,
  VariantGridAnswer,
  VariantGridRequest,
} from "@vaki/contract/admin/product-form";
import type { AuditChanges } from "@vaki/contract/admin/schemas";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { Conflict, InvalidInput } from "../../lib/errors.js";
import type { AuditLog } from "../audit/service.js";
import type { AuditContext } from "../audit/types.js";
import { slugFrom } from "../catalog/admin-categories.js";
import type { CatalogCsvStore } from "../catalog/admin-csv.js";
import type { CatalogProductForm } from "../catalog/admin-product-form.js";
import { replaceProductWords } from "../catalog/product-words.js";
import { sanitizeProductHtml } from "../catalog/sanitize.js";
import type { CatalogService } from "../catalog/service.js";
import type { InventoryService } from "../inventory/service.js";

export interface ProductFormDeps {
  db: Db;
  inventory: InventoryService;
  catalog: CatalogService;
  audit: AuditLog;
  clock: Clock;
  store: CatalogCsvStore;
  form: CatalogProductForm;
}

const cellAudit = (cell: GridCell) => ({
  colour: cell.colour,
  size: cell.size,
  price: cell.price,
  stock: cell.stock,
  active: cell.active,
});

/**
 * A new product with its colour × size grid, a grid saved again against the product's version, and
 * the colours table: each write in one transaction with its audit events, every unit of stock
 * through the inventory service's ledger, then the catalogue version bumped for the storefront.
 */
export class ProductFormService {
  constructor(private readonly deps: ProductFormDeps) {}

  colours(): Promise<Colour[]> {
    return this.deps.form.colours(this.deps.db);
  }

  async addColour(input: ColourCreateRequest, context: AuditContext): Promise<Colour> {
    const colour = { name: input.name.trim(), hex: input.hex.toLowerCase() };
    await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.form.addColour(trx, colour);
      await this.deps.audit.record(trx, context, {
        action: "colour.create",
        entityType: "colour",
        entityId: colour.name,
        changes: { hex: { before: null, after: colour.hex } },
      });
    });
    // The storefront's swatches and colour filter read the colours table.
    await this.deps.catalog.catalogueChanged();
    return colour;
  }

  async createProduct(input: ProductCreateInput, context: AuditContext): Promise<ProductCreateAnswer> {
    const { db, store, form, audit, clock } = this.deps;
    const now = clock.now().toISOString();
    const slug = input.slug || slugFrom(input.name);
    const cells = input.variants.map(({ id: _id, stockBefore: _before, ...cell }) => cell);
    const created = await db.transaction().execute(async (trx) => {
      await form.assertSlugFree(trx, slug);
      const categories = await form.categorySlugs(trx, input.categoryIds);
      const spelling = await form.checkCells(trx, cells, new Set());
      const id = await store.createProduct(
        trx,
        {
          line: 0,
          slug,
          name: input.name,
          status: input.status,
          featured: input.featured,
          categories,
          lowStockThreshold: input.lowStockThreshold,
          hsnCode: input.hsnCode,
          taxClass: input.taxClass,
        },
        now,
      );
      const description = sanitizeProductHtml(input.descriptionHtml);
      if (description) await form.setDescription(trx, id, description);
      const changes: AuditChanges = {
        slug: { before: null, after: slug },
        name: { before: null, after: input.name },
        status: { before: null, after: input.status },
        categories: { before: null, after: categories },
        hsnCode: { before: null, after: input.hsnCode },
        taxClass: { before: null, after: input.taxClass },
      };
      for (const cell of cells) {
        const colour = spelling.get(cell.colour.toLowerCase()) ?? cell.colour;
        const variantId = await store.createVariant(
          trx,
          id,
          { line: 0, productSlug: slug, ...cell, colour, stock: 0 },
          now,
        );
        await this.receive(trx, variantId, cell.stock, context);
        changes[`variant ${cell.sku}`] = { before: null, after: cellAudit({ ...cell, colour }) };
      }
      await store.refreshPrices(trx, [id]);
      await replaceProductWords(trx, [id]);
      await audit.record(trx, context, {
        action: "product.create",
        entityType: "product",
        entityId: String(id),
        changes,
      });
      return { id, version: await form.versionOf(trx, id) };
    });
    await this.deps.catalog.catalogueChanged([created.id]);
    return { id: created.id, slug, version: created.version, variants: cells.length };
  }

  /**
   * Saves the whole grid against the version it was loaded at: new cells become variants (their
   * stock received), changed cells are updated (a stock change is a correction), and variants left
   * out are deleted, or archived when an order names them.
   */
  async saveGrid(productId: number, input: VariantGridRequest, context: AuditContext): Promise<VariantGridAnswer> {
    const { db, store, form, inventory, audit, clock } = this.deps;
    const now = clock.now().toISOString();
    const answer = await db.transaction().execute(async (trx) => {
      const current = await form.gridOf(trx, productId);
      if (current.version !== input.version) throw new Conflict(cm.staleVersion);
      const own = new Map(current.variants.map((variant) => [variant.id, variant]));
      const keptIds = new Set<number>();
      for (const cell of input.variants) {
        if (cell.id === undefined) continue;
        if (!own.has(cell.id)) throw new InvalidInput(cm.variantsUnknown);
        keptIds.add(cell.id);
      }
      const removed = current.variants.filter((variant) => !keptIds.has(variant.id));
      const ordered = await form.orderedIds(
        trx,
        removed.map((variant) => variant.id),
      );
      const archived = removed.filter((variant) => ordered.has(variant.id));
      const deleted = removed.filter((variant) => !ordered.has(variant.id));
      // An archived variant keeps its SKU, so a new cell may not take it.
      const spelling = await form.checkCells(
        trx,
        input.variants,
        new Set([...keptIds, ...deleted.map((variant) => variant.id)]),
      );

      const changes: AuditChanges = {};
      await form.archiveVariants(
        trx,
        archived.map((variant) => variant.id),
        now,
      );
      await form.deleteVariants(
        trx,
        deleted.map((variant) => variant.id),
      );
      for (const variant of archived) {
        changes[`variant ${variant.sku}`] = { before: "active", after: "archived (in an order)" };
      }
      for (const variant of deleted) {
        changes[`variant ${variant.sku}`] = {
          before: { colour: variant.colour, size: variant.size, price: variant.price, stock: variant.stock },
          after: null,
        };
      }

      const kept = input.variants.filter((cell) => cell.id !== undefined);
      await form.parkSkus(
        trx,
        kept.filter((cell) => own.get(cell.id as number)?.sku !== cell.sku).map((cell) => cell.id as number),
        now,
      );
      let updated = 0;
      for (const cell of kept) {
        const was = own.get(cell.id as number) as (typeof current.variants)[number];
        const colour = spelling.get(cell.colour.toLowerCase()) ?? cell.colour;
        const same =
          was.sku === cell.sku &&
          was.colour === colour &&
          was.size === cell.size &&
          was.price === cell.price &&
          was.active === cell.active;
        if (!same) {
          await form.updateCell(trx, was.id, { ...cell, colour }, now);
          for (const key of ["sku", "colour", "size", "price", "active"] as const) {
            const after = key === "colour" ? colour : cell[key];
            if (was[key] !== after) changes[`${key} ${was.sku}`] = { before: was[key], after };
          }
        }
        const stockChanged =
          cell.stockBefore === undefined ? was.stock !== cell.stock : cell.stock !== cell.stockBefore;
        if (stockChanged) {
          // A change from the stock the grid was loaded with keeps sales made since; without it the
          // grid says what the stock is, worked out under the stock lock.
          const moved = await inventory.adjustStock(trx, {
            variantId: was.id,
            ...(cell.stockBefore === undefined
              ? { change: 0, target: cell.stock }
              : { change: cell.stock - cell.stockBefore }),
            reason: "correction",
            note: "Variant grid",
            staffUserId: context.actorId,
          });
          if (moved.before !== moved.after) changes[`stock ${cell.sku}`] = { before: moved.before, after: moved.after };
        }
        if (!same || stockChanged) updated += 1;
      }

      const fresh = input.variants.filter((cell) => cell.id === undefined);
      for (const { id: _id, stockBefore: _before, ...cell } of fresh) {
        const colour = spelling.get(cell.colour.toLowerCase()) ?? cell.colour;
        const variantId = await store.createVariant(
          trx,
          productId,
          { line: 0, productSlug: current.slug, ...cell, colour, stock: 0 },
          now,
        );
        await this.receive(trx, variantId, cell.stock, context);
        changes[`variant ${cell.sku}`] = { before: null, after: cellAudit({ ...cell, colour }) };
      }

      await store.refreshPrices(trx, [productId]);
      // SKUs changed, added or deleted: the owner's search reads them as words.
      await replaceProductWords(trx, [productId]);
      const version = await form.bumpVersion(trx, productId, input.version, now);
      await audit.record(trx, context, {
        action: "product.update",
        entityType: "product",
        entityId: String(productId),
        changes: { ...changes, source: { before: null, after: "Variant grid" } },
      });
      return {
        version,
        created: fresh.length,
        updated,
        deleted: deleted.length,
        archived: archived.map((variant) => variant.sku),
      };
    });
    await this.deps.catalog.catalogueChanged([productId]);
    return answer;
  }

  /** A new variant's starting stock enters through the ledger as received. */
  private async receive(trx: Db, variantId: number, stock: number, context: AuditContext): Promise<void> {
    if (stock <= 0) return;
    await this.deps.inventory.adjustStock(trx, {
      variantId,
      change: stock,
      reason: "received",
      note: "New variant",
      staffUserId: context.actorId,
    });
  }
}
