import type {
  AdjustmentReason,
  BulkCategoryAction,
  ProductEditRequest,
  ProductStatusValue,
  StockLedgerAnswer,
} from "@vaki/contract/admin/catalogue";
import type { ProductDetailsEdit } from "@vaki/contract/admin/product-form";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import type { AuditLog } from "../audit/service.js";
import type { AuditContext } from "../audit/types.js";
import type { CatalogAdminWrites } from "../catalog/admin-writes.js";
import type { CatalogService } from "../catalog/service.js";
import type { InventoryService } from "../inventory/service.js";

export interface CatalogueAdminDeps {
  db: Db;
  inventory: InventoryService;
  catalog: CatalogService;
  audit: AuditLog;
  writes: CatalogAdminWrites;
  clock: Clock;
}

/**
 * The owner's catalogue writes: each change runs in one transaction with its audit event, through
 * the services that own the rules (stock through inventory, the only code that changes stock),
 * then bumps the catalogue version so every process's storefront sees it (decision 0002).
 */
export class CatalogueAdminService {
  constructor(private readonly deps: CatalogueAdminDeps) {}

  async adjustStock(
    variantId: number,
    input: { change: number; reason: AdjustmentReason; note: string },
    context: AuditContext,
  ): Promise<{ variantId: number; before: number; after: number }> {
    const { db, inventory, audit } = this.deps;
    const result = await db.transaction().execute(async (trx) => {
      const moved = await inventory.adjustStock(trx, {
        variantId,
        change: input.change,
        reason: input.reason,
        note: input.note,
        staffUserId: context.actorId,
      });
      await audit.record(trx, context, {
        action: "product.stock_adjust",
        entityType: "product",
        entityId: String(moved.productId),
        changes: {
          [`stock ${moved.sku}`]: { before: moved.before, after: moved.after },
          change: { before: null, after: input.change },
          reason: { before: null, after: input.reason },
          ...(input.note ? { note: { before: null, after: input.note } } : {}),
        },
      });
      return moved;
    });
    // In stock or not shows on the storefront's lists and product pages.
    await this.deps.catalog.catalogueChanged([result.productId]);
    return { variantId: result.variantId, before: result.before, after: result.after };
  }

  /** Saves a product edited in the admin against the version it was loaded at (409 when stale). */
  async editProduct(
    productId: number,
    input: ProductEditRequest & ProductDetailsEdit,
    context: AuditContext,
  ): Promise<{ id: number; version: number }> {
    const { db, writes, audit, clock } = this.deps;
    const saved = await db.transaction().execute(async (trx) => {
      const result = await writes.editProduct(trx, productId, input, clock.now().toISOString());
      await audit.record(trx, context, {
        action: "product.update",
        entityType: "product",
        entityId: String(productId),
        changes: result.changes,
      });
      return result;
    });
    await this.deps.catalog.catalogueChanged([productId]);
    return { id: productId, version: saved.version };
  }

  /** Activates, archives or drafts many products at once; one audit event per product changed. */
  async setStatus(
    ids: readonly number[],
    status: ProductStatusValue,
    context: AuditContext,
  ): Promise<{ changed: number }> {
    const { db, writes, audit, clock } = this.deps;
    const changed = await db.transaction().execute(async (trx) => {
      const rows = await writes.setStatus(trx, [...new Set(ids)], status, clock.now().toISOString());
      for (const row of rows) {
        await audit.record(trx, context, {
          action: "product.status_change",
          entityType: "product",
          entityId: String(row.id),
          changes: { status: { before: row.before, after: status } },
        });
      }
      return rows.length;
    });
    if (changed > 0) await this.deps.catalog.catalogueChanged(ids);
    return { changed };
  }

  /**
   * Adds many products to a category (or character) or takes them out of it; one audit event per
   * product changed. Answers the category's name for the message.
   */
  async setCategory(
    ids: readonly number[],
    categoryId: number,
    action: BulkCategoryAction,
    context: AuditContext,
  ): Promise<{ changed: number; category: string }> {
    const { db, writes, audit, clock } = this.deps;
    const result = await db.transaction().execute(async (trx) => {
      const { category, changed } = await writes.setCategoryOf(
        trx,
        [...new Set(ids)],
        categoryId,
        action,
        clock.now().toISOString(),
      );
      for (const row of changed) {
        await audit.record(trx, context, {
          action: "product.update",
          entityType: "product",
          entityId: String(row.id),
          changes: { categories: { before: row.before, after: row.after } },
        });
      }
      return { changed: changed.length, category };
    });
    if (result.changed > 0) await this.deps.catalog.catalogueChanged();
    return result;
  }

  /** Marks many products featured or not; one audit event per product changed. */
  async setFeatured(ids: readonly number[], featured: boolean, context: AuditContext): Promise<{ changed: number }> {
    const { db, writes, audit, clock } = this.deps;
    const changed = await db.transaction().execute(async (trx) => {
      const changedIds = await writes.setFeatured(trx, [...new Set(ids)], featured, clock.now().toISOString());
      for (const id of changedIds) {
        await audit.record(trx, context, {
          action: "product.update",
          entityType: "product",
          entityId: String(id),
          changes: { featured: { before: !featured, after: featured } },
        });
      }
      return changedIds.length;
    });
    if (changed > 0) await this.deps.catalog.catalogueChanged();
    return { changed };
  }

  async ledger(variantId: number, limit: number): Promise<StockLedgerAnswer> {
    const { variant, rows } = await this.deps.inventory.ledger(variantId, limit);
    return {
      variantId: variant.id,
      sku: variant.sku,
      stock: variant.stock,
      items: rows.map((row) => ({
        id: row.id,
        change: row.change,
        stockAfter: row.stock_after,
        reason: row.reason,
        orderId: row.order_id,
        orderNumber: row.order_number,
        staff: row.staff_user_id ? { id: row.staff_user_id, name: row.staff_name ?? "Former staff" } : null,
        note: row.note,
        createdAt: row.created_at,
      })),
    };
  }
}
