import { type CategoryPictureAnswer, categoryMessages as cm } from "@vaki/contract/admin/categories";
import { photoSources } from "@vaki/contract/photos";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { NotFound } from "../../lib/errors.js";
import type { AuditChanges } from "../audit/types.js";
import type { CatalogCategoryWrites } from "../catalog/admin-categories.js";
import { cleanPhoto } from "./photo-processing.js";
import type { MediaRepo } from "./repo.js";
import type { RecordAudit } from "./service.js";

export interface CategoryPicturesDeps {
  db: Db;
  postgres: boolean;
  clock: Clock;
  repo: MediaRepo;
  /** The category tree's writes: the picture's URL becomes the category's `imageUrl` through them. */
  categories: CatalogCategoryWrites;
  /** Bumps the catalogue version so every process's storefront shows the change (decision 0002). */
  catalogueChanged: () => Promise<void>;
}

/**
 * A category's or character's one picture, through the product photos' pipeline: the bytes
 * checked and cleaned (`cleanPhoto`), the original kept in `media_originals`, its renditions
 * served by `PhotoRenditions`. The category's `imageUrl` becomes the JPEG at the fallback width
 * (960 px fits the 4:5 tiles, and a JPEG suits link previews that read it). Each change runs in one
 * transaction with its audit event, then bumps the catalogue version.
 */
export class CategoryPicturesService {
  constructor(private readonly deps: CategoryPicturesDeps) {}

  async upload(categoryId: number, upload: Buffer, record: RecordAudit): Promise<CategoryPictureAnswer> {
    const { db, repo, clock, categories } = this.deps;
    if (!(await repo.categoryExists(db, categoryId))) throw new NotFound(cm.notFound);
    // Decoding and encoding happen before the transaction: it holds no lock while sharp works.
    const cleaned = await cleanPhoto(upload);
    const { url } = photoSources(cleaned.sha256, cleaned.width, cleaned.height);
    const changed = await db.transaction().execute(async (trx) => {
      if (!(await this.lock(trx, categoryId))) throw new NotFound(cm.notFound);
      const now = clock.now().toISOString();
      const before = await repo.categoryPicture(trx, categoryId);
      const originalId = await repo.storeOriginal(trx, { ...cleaned, createdAt: now });
      if (before?.original_id !== originalId) {
        await repo.setCategoryPicture(trx, categoryId, originalId, now);
        if (before) await repo.deleteOriginalIfUnused(trx, before.original_id);
      }
      const { changes } = await categories.update(trx, categoryId, { imageUrl: url }, now);
      if (before?.original_id === originalId && Object.keys(changes).length === 0) return false;
      await record(trx, {
        action: "category.picture_set",
        entityType: "category",
        entityId: String(categoryId),
        changes: {
          ...changes,
          picture: {
            before: before ? `${before.width}×${before.height}` : null,
            after: `${cleaned.width}×${cleaned.height} ${cleaned.mime}`,
          },
        },
      });
      return true;
    });
    if (changed) await this.deps.catalogueChanged();
    return { id: categoryId, imageUrl: url, width: cleaned.width, height: cleaned.height };
  }

  /** Takes the picture away: the uploaded one (its original too when nothing else uses it) or a typed address. */
  async remove(categoryId: number, record: RecordAudit): Promise<CategoryPictureAnswer> {
    const { db, repo, clock, categories } = this.deps;
    const changed = await db.transaction().execute(async (trx) => {
      if (!(await this.lock(trx, categoryId))) throw new NotFound(cm.notFound);
      const now = clock.now().toISOString();
      const before = await repo.categoryPicture(trx, categoryId);
      if (before) {
        await repo.deleteCategoryPicture(trx, categoryId);
        await repo.deleteOriginalIfUnused(trx, before.original_id);
      }
      const { changes } = await categories.update(trx, categoryId, { imageUrl: null }, now);
      const audited: AuditChanges = before
        ? { ...changes, picture: { before: `${before.width}×${before.height}`, after: null } }
        : changes;
      if (Object.keys(audited).length === 0) return false;
      await record(trx, {
        action: "category.picture_remove",
        entityType: "category",
        entityId: String(categoryId),
        changes: audited,
      });
      return true;
    });
    if (changed) await this.deps.catalogueChanged();
    return { id: categoryId, imageUrl: null, width: null, height: null };
  }

  private lock(trx: Db, categoryId: number): Promise<boolean> {
    return this.deps.repo.lockCategory(trx, categoryId, this.deps.postgres);
  }
}
