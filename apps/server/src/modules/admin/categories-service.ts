import type { AdminCategory, CategoryOrderRequest } from "@vaki/contract/admin/categories";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import type { AuditLog } from "../audit/service.js";
import type { AuditContext } from "../audit/types.js";
import type { CatalogCategoryWrites, CategoryInput } from "../catalog/admin-categories.js";
import type { CatalogService } from "../catalog/service.js";

export interface CategoriesAdminDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  catalog: CatalogService;
  writes: CatalogCategoryWrites;
}

/**
 * The category tree and the Vakiverse characters on the owner's side: each change in one
 * transaction with its audit event, then a new catalogue version, so the storefront's menus,
 * lists and the Vakiverse page show it on every process within seconds.
 */
export class CategoriesAdminService {
  constructor(private readonly deps: CategoriesAdminDeps) {}

  list(): Promise<AdminCategory[]> {
    return this.deps.writes.list(this.deps.db);
  }

  async create(input: CategoryInput, context: AuditContext): Promise<{ id: number }> {
    const { db, writes, audit, clock } = this.deps;
    const id = await db.transaction().execute(async (trx) => {
      const created = await writes.create(trx, input, clock.now().toISOString());
      await audit.record(trx, context, {
        action: "category.create",
        entityType: "category",
        entityId: String(created.id),
        changes: created.changes,
      });
      return created.id;
    });
    await this.deps.catalog.catalogueChanged();
    return { id };
  }

  async update(id: number, patch: Partial<CategoryInput>, context: AuditContext): Promise<{ id: number }> {
    const { db, writes, audit, clock } = this.deps;
    const changed = await db.transaction().execute(async (trx) => {
      const { changes } = await writes.update(trx, id, patch, clock.now().toISOString());
      if (Object.keys(changes).length === 0) return false;
      await audit.record(trx, context, {
        action: "category.update",
        entityType: "category",
        entityId: String(id),
        changes,
      });
      return true;
    });
    if (changed) await this.deps.catalog.catalogueChanged();
    return { id };
  }

  async reorder(request: CategoryOrderRequest, context: AuditContext): Promise<void> {
    const { db, writes, audit, clock } = this.deps;
    await db.transaction().execute(async (trx) => {
      const { before } = await writes.reorder(trx, request.parentId, request.ids, clock.now().toISOString());
      await audit.record(trx, context, {
        action: "category.reorder",
        entityType: "category",
        entityId: request.parentId === null ? "top" : String(request.parentId),
        changes: { order: { before, after: request.ids } },
      });
    });
    await this.deps.catalog.catalogueChanged();
  }
}
