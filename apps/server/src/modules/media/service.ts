import {
  type AdminPhoto,
  type AdminPhotosAnswer,
  type PhotoUpdate,
  photoLimits,
  photoMessages as pm,
} from "@vaki/contract/admin/photos";
import { photoSources, photoUrl } from "@vaki/contract/photos";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { Conflict, InvalidInput, NotFound } from "../../lib/errors.js";
import type { AuditEventInput } from "../audit/types.js";
import { cleanPhoto } from "./photo-processing.js";
import type { MediaRepo, PhotoRow } from "./repo.js";

/** Writes the change's audit event in the change's transaction (the routes bind who and from where). */
export type RecordAudit = (trx: Db, event: AuditEventInput) => Promise<void>;

export interface PhotosDeps {
  db: Db;
  postgres: boolean;
  clock: Clock;
  repo: MediaRepo;
  /** Bumps the catalogue version so every process's storefront shows the change (decision 0002). */
  /** The products a change touched (decision 0024): a photo is its product's alone. */
  catalogueChanged: (productIds?: readonly number[]) => Promise<void>;
}

function toAdminPhoto(row: PhotoRow): AdminPhoto {
  const uploaded = row.sha256 !== null;
  return {
    id: row.id,
    url: row.url,
    thumbnailUrl: row.sha256 ? photoUrl(row.sha256, 320, "webp") : row.url,
    alt: row.alt,
    color: row.color,
    primary: row.is_primary === 1,
    displayOrder: row.display_order,
    width: row.width,
    height: row.height,
    uploaded,
  };
}

/**
 * A product's photos on the owner's side: upload (bytes checked, original cleaned and stored in
 * the database), alt text and colour, order, primary, delete. Each change runs in one transaction
 * with its audit event, then bumps the catalogue version.
 */
export class PhotosService {
  constructor(private readonly deps: PhotosDeps) {}

  async list(productId: number): Promise<AdminPhotosAnswer> {
    const { db, repo } = this.deps;
    const product = await repo.productOf(db, productId);
    if (!product) throw new NotFound(pm.productNotFound);
    const rows = await repo.photos(db, productId);
    return { productId, photos: rows.map(toAdminPhoto), colours: product.colours };
  }

  async upload(
    productId: number,
    upload: Buffer,
    input: { alt?: string | undefined; color?: string | undefined },
    record: RecordAudit,
  ): Promise<AdminPhoto> {
    const { db, repo, clock } = this.deps;
    const product = await repo.productOf(db, productId);
    if (!product) throw new NotFound(pm.productNotFound);
    const color = this.colourOf(product.colours, input.color || null);
    // Decoding and encoding happen before the transaction: it holds no lock while sharp works.
    const cleaned = await cleanPhoto(upload);
    const sources = photoSources(cleaned.sha256, cleaned.width, cleaned.height);
    const alt = input.alt?.trim() || product.name;
    const id = await db.transaction().execute(async (trx) => {
      if (!(await this.lock(trx, productId))) throw new NotFound(pm.productNotFound);
      if ((await repo.photos(trx, productId)).length >= photoLimits.perProduct) throw new Conflict(pm.tooMany);
      const originalId = await repo.storeOriginal(trx, { ...cleaned, createdAt: clock.now().toISOString() });
      const photoId = await repo.insertPhoto(trx, { productId, originalId, url: sources.url, alt, color });
      await record(trx, {
        action: "product.photo_add",
        entityType: "product",
        entityId: String(productId),
        changes: {
          photo: { before: null, after: photoId },
          alt: { before: null, after: alt },
          ...(color ? { color: { before: null, after: color } } : {}),
          size: { before: null, after: `${cleaned.width}×${cleaned.height} ${cleaned.mime}` },
        },
      });
      return photoId;
    });
    await this.deps.catalogueChanged([productId]);
    return this.photo(productId, id);
  }

  async update(productId: number, photoId: number, input: PhotoUpdate, record: RecordAudit): Promise<AdminPhoto> {
    const { db, repo } = this.deps;
    const product = await repo.productOf(db, productId);
    if (!product) throw new NotFound(pm.productNotFound);
    const alt = input.alt.trim();
    if (!alt) throw new InvalidInput(pm.altRequired, { fieldErrors: { alt: [pm.altRequired] } });
    const color = this.colourOf(product.colours, input.color);
    await db.transaction().execute(async (trx) => {
      if (!(await this.lock(trx, productId))) throw new NotFound(pm.productNotFound);
      const before = await this.photoRow(trx, productId, photoId);
      if (before.alt === alt && before.color === color) return;
      await repo.updatePhoto(trx, photoId, { alt, color });
      await record(trx, {
        action: "product.photo_update",
        entityType: "product",
        entityId: String(productId),
        changes: {
          photo: { before: photoId, after: photoId },
          ...(before.alt !== alt ? { alt: { before: before.alt, after: alt } } : {}),
          ...(before.color !== color ? { color: { before: before.color, after: color } } : {}),
        },
      });
    });
    await this.deps.catalogueChanged([productId]);
    return this.photo(productId, photoId);
  }

  /** Puts the product's photos in the order given: every photo of the product exactly once. */
  async reorder(productId: number, ids: readonly number[], record: RecordAudit): Promise<AdminPhotosAnswer> {
    const { db, repo } = this.deps;
    await db.transaction().execute(async (trx) => {
      if (!(await this.lock(trx, productId))) throw new NotFound(pm.productNotFound);
      const rows = await repo.photos(trx, productId);
      const current = rows.map((row) => row.id);
      const given = new Set(ids);
      if (given.size !== ids.length || given.size !== current.length || current.some((id) => !given.has(id))) {
        throw new InvalidInput(pm.orderMismatch);
      }
      if (current.every((id, index) => ids[index] === id)) return;
      await repo.setOrder(trx, productId, ids);
      await record(trx, {
        action: "product.photo_reorder",
        entityType: "product",
        entityId: String(productId),
        changes: { photos: { before: current, after: [...ids] } },
      });
    });
    await this.deps.catalogueChanged([productId]);
    return this.list(productId);
  }

  async makePrimary(productId: number, photoId: number, record: RecordAudit): Promise<AdminPhotosAnswer> {
    const { db, repo } = this.deps;
    await db.transaction().execute(async (trx) => {
      if (!(await this.lock(trx, productId))) throw new NotFound(pm.productNotFound);
      const rows = await repo.photos(trx, productId);
      if (!rows.some((row) => row.id === photoId)) throw new NotFound(pm.photoNotFound);
      const before = rows.find((row) => row.is_primary === 1)?.id ?? null;
      if (before === photoId) return;
      await repo.setPrimary(trx, productId, photoId);
      await record(trx, {
        action: "product.photo_primary",
        entityType: "product",
        entityId: String(productId),
        changes: { primary: { before, after: photoId } },
      });
    });
    await this.deps.catalogueChanged([productId]);
    return this.list(productId);
  }

  /** Deletes a photo (its original too when no other product uses it); the next one becomes primary if it was. */
  async remove(productId: number, photoId: number, record: RecordAudit): Promise<AdminPhotosAnswer> {
    const { db, repo } = this.deps;
    await db.transaction().execute(async (trx) => {
      if (!(await this.lock(trx, productId))) throw new NotFound(pm.productNotFound);
      const photo = await this.photoRow(trx, productId, photoId);
      await repo.deletePhoto(trx, photo);
      const next = photo.is_primary === 1 ? (await repo.photos(trx, productId))[0] : undefined;
      if (next) await repo.setPrimary(trx, productId, next.id);
      await record(trx, {
        action: "product.photo_delete",
        entityType: "product",
        entityId: String(productId),
        changes: {
          photo: { before: photoId, after: null },
          alt: { before: photo.alt, after: null },
          ...(next ? { primary: { before: photoId, after: next.id } } : {}),
        },
      });
    });
    await this.deps.catalogueChanged([productId]);
    return this.list(productId);
  }

  private colourOf(colours: readonly string[], color: string | null): string | null {
    if (color === null || color === "") return null;
    const known = colours.find((name) => name.toLowerCase() === color.toLowerCase());
    if (!known) throw new InvalidInput(pm.colourNotOfProduct, { fieldErrors: { color: [pm.colourNotOfProduct] } });
    return known;
  }

  private async lock(trx: Db, productId: number): Promise<boolean> {
    return this.deps.repo.lockProduct(trx, productId, this.deps.postgres);
  }

  private async photoRow(db: Db, productId: number, photoId: number): Promise<PhotoRow> {
    const row = (await this.deps.repo.photos(db, productId)).find((photo) => photo.id === photoId);
    if (!row) throw new NotFound(pm.photoNotFound);
    return row;
  }

  private async photo(productId: number, photoId: number): Promise<AdminPhoto> {
    return toAdminPhoto(await this.photoRow(this.deps.db, productId, photoId));
  }
}
