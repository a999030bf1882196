import {
  type ImportError,
  productCsvMessages as m,
  type ProductImportAnswer,
  productCsvLimits,
} from "@vaki/contract/admin/product-csv";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { InvalidInput } from "../../lib/errors.js";
import type { AuditLog } from "../audit/service.js";
import type { AuditContext } from "../audit/types.js";
import type { CatalogCsvStore } from "../catalog/admin-csv.js";
import type { CatalogAdminReads, ProductFilters } from "../catalog/admin-reads.js";
import { type ImportPlan, keysOf, parseProductCsv, planImport, toCsv } from "../catalog/product-csv.js";
import { replaceProductWords } from "../catalog/product-words.js";
import type { CatalogService } from "../catalog/service.js";
import type { InventoryService } from "../inventory/service.js";

export interface CatalogueCsvDeps {
  db: Db;
  inventory: InventoryService;
  catalog: CatalogService;
  audit: AuditLog;
  clock: Clock;
  reads: CatalogAdminReads;
  store: CatalogCsvStore;
}

/**
 * Products and variants as CSV for the owner: the export with the list's filters, and the import
 * (a dry run first; then the same plan, made again inside one transaction, applied with its audit
 * events and every stock change through the inventory service's ledger).
 */
export class CatalogueCsvService {
  constructor(private readonly deps: CatalogueCsvDeps) {}

  async exportCsv(query: ProductFilters, context: AuditContext): Promise<string> {
    const { db, reads, store, audit } = this.deps;
    const ids = await reads.filteredIds(query);
    const rows = await store.exportRows(db, ids);
    // Who took the catalogue out, and with which filters (no product data in the event).
    await db.transaction().execute((trx) =>
      audit.record(trx, context, {
        action: "product.export",
        entityType: "product",
        entityId: "csv",
        changes: { rows: { before: null, after: rows.length }, filters: { before: null, after: { ...query } } },
      }),
    );
    return `\uFEFF${toCsv(rows)}`;
  }

  async importCsv(text: string, apply: boolean, context: AuditContext): Promise<ProductImportAnswer> {
    const parsed = parseProductCsv(text);
    if (!parsed.ok) {
      if (apply) throw new InvalidInput(m.hasErrors(parsed.errors.length));
      return report(parsed.errors, null, false);
    }
    const { db, store } = this.deps;
    if (!apply) {
      const plan = planImport(parsed.rows, await store.state(db, keysOf(parsed.rows)));
      return report(plan.errors, plan, false);
    }
    const plan = await db.transaction().execute(async (trx) => {
      // Planned again against the catalogue as this transaction sees it: what changed since the
      // dry run counts, and a row that became wrong refuses the whole file.
      const fresh = planImport(parsed.rows, await store.state(trx, keysOf(parsed.rows)));
      const failed = fresh.rows.filter((row) => row.outcome === "error").length;
      if (failed > 0) throw new InvalidInput(m.hasErrors(failed));
      await this.applyPlan(trx, fresh, context);
      return fresh;
    });
    if (
      plan.createProducts.length +
        plan.updateProducts.length +
        plan.createVariants.length +
        plan.updateVariants.length >
      0
    ) {
      await this.deps.catalog.catalogueChanged();
    }
    return report([], plan, true);
  }

  private async applyPlan(trx: Db, plan: ImportPlan, context: AuditContext): Promise<void> {
    const { store, inventory, audit, clock } = this.deps;
    const now = clock.now().toISOString();
    const productIds = new Map<string, number>();
    const touched = new Set<number>();
    for (const product of plan.createProducts) {
      const id = await store.createProduct(trx, product, now);
      productIds.set(product.slug, id);
      touched.add(id);
      await audit.record(trx, context, {
        action: "product.create",
        entityType: "product",
        entityId: String(id),
        changes: {
          slug: { before: null, after: product.slug },
          name: { before: null, after: product.name },
          source: { before: null, after: "CSV import" },
        },
      });
    }
    for (const update of plan.updateProducts) {
      await store.updateProduct(trx, update, now);
      productIds.set(update.slug, update.productId);
      touched.add(update.productId);
      await audit.record(trx, context, {
        action: "product.update",
        entityType: "product",
        entityId: String(update.productId),
        changes: { ...update.changes, source: { before: null, after: "CSV import" } },
      });
    }
    const stockNote = "CSV import";
    for (const variant of plan.createVariants) {
      const productId = productIds.get(variant.productSlug) ?? (await this.productIdOf(trx, variant.productSlug));
      const id = await store.createVariant(trx, productId, variant, now);
      touched.add(productId);
      if (variant.stock > 0) {
        await inventory.adjustStock(trx, {
          variantId: id,
          change: variant.stock,
          reason: "received",
          note: stockNote,
          staffUserId: context.actorId,
        });
      }
      await audit.record(trx, context, {
        action: "product.update",
        entityType: "product",
        entityId: String(productId),
        changes: {
          [`variant ${variant.sku}`]: {
            before: null,
            after: { colour: variant.colour, size: variant.size, price: variant.price, stock: variant.stock },
          },
          source: { before: null, after: "CSV import" },
        },
      });
    }
    for (const update of plan.updateVariants) {
      await store.updateVariant(trx, update, now);
      touched.add(update.productId);
      if (update.stock !== undefined) {
        // The file says what the stock is; the difference is worked out under the stock lock.
        await inventory.adjustStock(trx, {
          variantId: update.variantId,
          change: 0,
          target: update.stock,
          reason: "correction",
          note: stockNote,
          staffUserId: context.actorId,
        });
      }
      await audit.record(trx, context, {
        action: "product.update",
        entityType: "product",
        entityId: String(update.productId),
        changes: Object.fromEntries(
          Object.entries({ ...update.changes, source: { before: null, after: "CSV import" } }).map(([key, pair]) => [
            key === "source" ? key : `${key} ${update.sku}`,
            pair,
          ]),
        ),
      });
    }
    await store.refreshPrices(trx, [...touched]);
    // New products, renamed ones and new SKUs: the owner's search reads them as words.
    await replaceProductWords(trx, [...touched]);
  }

  private async productIdOf(trx: Db, slug: string): Promise<number> {
    const state = await this.deps.store.state(trx, { skus: [], slugs: [slug] });
    const product = state.productsBySlug.get(slug);
    if (!product) throw new InvalidInput(m.slugRequired);
    return product.id;
  }
}

/** The answer: counts, every error, and the first rows that change something. */
function report(errors: readonly ImportError[], plan: ImportPlan | null, applied: boolean): ProductImportAnswer {
  const rows = plan?.rows ?? [];
  const count = (outcome: string) => rows.filter((row) => row.outcome === outcome).length;
  return {
    applied,
    counts: {
      created: count("created"),
      updated: count("updated"),
      unchanged: count("unchanged"),
      error: count("error") || (plan ? 0 : errors.length),
    },
    newProducts: plan?.createProducts.length ?? 0,
    errors: [...errors],
    rows: rows.filter((row) => row.outcome !== "unchanged").slice(0, productCsvLimits.rowsShown),
  };
}
