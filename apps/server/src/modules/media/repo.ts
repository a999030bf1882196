import type { Db } from "../../db/connection.js";

export interface PhotoRow {
  id: number;
  product_id: number;
  url: string;
  alt: string;
  color: string | null;
  display_order: number;
  is_primary: number;
  original_id: number | null;
  sha256: string | null;
  width: number | null;
  height: number | null;
}

export interface CategoryPictureRow {
  category_id: number;
  original_id: number;
  sha256: string;
  width: number;
  height: number;
}

export interface OriginalRow {
  id: number;
  sha256: string;
  mime: string;
  width: number;
  height: number;
  bytes: Buffer;
}

/**
 * The SQL of uploaded pictures: cleaned originals (`media_originals`), the product images and the
 * category pictures pointing at them.
 */
export class MediaRepo {
  constructor(private readonly db: Db) {}

  /** The product's name and colours (its variants'), or null when there is no such product. */
  async productOf(db: Db, productId: number): Promise<{ name: string; colours: string[] } | null> {
    const product = await db.selectFrom("products").select("name").where("id", "=", productId).executeTakeFirst();
    if (!product) return null;
    const colours = await db
      .selectFrom("variants")
      .select("color")
      .distinct()
      .where("product_id", "=", productId)
      .where("color", "is not", null)
      .orderBy("color")
      .execute();
    return { name: product.name, colours: colours.flatMap((row) => (row.color ? [row.color] : [])) };
  }

  /** Locks the product row while its photos change (PostgreSQL; SQLite's writer is alone anyway). */
  async lockProduct(trx: Db, productId: number, postgres: boolean): Promise<boolean> {
    let query = trx.selectFrom("products").select("id").where("id", "=", productId);
    if (postgres) query = query.forUpdate();
    return (await query.executeTakeFirst()) !== undefined;
  }

  async photos(db: Db, productId: number): Promise<PhotoRow[]> {
    return db
      .selectFrom("product_images as pi")
      .leftJoin("media_originals as mo", "mo.id", "pi.original_id")
      .select([
        "pi.id",
        "pi.product_id",
        "pi.url",
        "pi.alt",
        "pi.color",
        "pi.display_order",
        "pi.is_primary",
        "pi.original_id",
        "mo.sha256",
        "mo.width",
        "mo.height",
      ])
      .where("pi.product_id", "=", productId)
      .orderBy("pi.display_order")
      .orderBy("pi.id")
      .execute();
  }

  /** The original's id, inserting it unless the same bytes are stored already (same hash). */
  async storeOriginal(
    trx: Db,
    original: { sha256: string; mime: string; width: number; height: number; bytes: Buffer; createdAt: string },
  ): Promise<number> {
    await trx
      .insertInto("media_originals")
      .values({
        sha256: original.sha256,
        mime: original.mime,
        width: original.width,
        height: original.height,
        byte_size: original.bytes.length,
        bytes: original.bytes,
        created_at: original.createdAt,
      })
      .onConflict((oc) => oc.column("sha256").doNothing())
      .execute();
    const row = await trx
      .selectFrom("media_originals")
      .select("id")
      .where("sha256", "=", original.sha256)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertPhoto(
    trx: Db,
    photo: { productId: number; originalId: number; url: string; alt: string; color: string | null },
  ): Promise<number> {
    const last = await trx
      .selectFrom("product_images")
      .select((eb) => [eb.fn.max("display_order").as("last"), eb.fn.countAll<number>().as("count")])
      .where("product_id", "=", photo.productId)
      .executeTakeFirst();
    const count = Number(last?.count ?? 0);
    const row = await trx
      .insertInto("product_images")
      .values({
        product_id: photo.productId,
        original_id: photo.originalId,
        url: photo.url,
        alt: photo.alt,
        color: photo.color,
        display_order: count === 0 ? 0 : Number(last?.last ?? 0) + 1,
        // The first picture of a product is its primary one.
        is_primary: count === 0 ? 1 : 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updatePhoto(trx: Db, photoId: number, values: { alt: string; color: string | null }): Promise<void> {
    await trx.updateTable("product_images").set(values).where("id", "=", photoId).execute();
  }

  async setOrder(trx: Db, productId: number, ids: readonly number[]): Promise<void> {
    for (const [index, id] of ids.entries()) {
      await trx
        .updateTable("product_images")
        .set({ display_order: index })
        .where("id", "=", id)
        .where("product_id", "=", productId)
        .execute();
    }
  }

  async setPrimary(trx: Db, productId: number, photoId: number): Promise<void> {
    await trx
      .updateTable("product_images")
      .set((eb) => ({ is_primary: eb.case().when("id", "=", photoId).then(1).else(0).end() }))
      .where("product_id", "=", productId)
      .execute();
  }

  /** Deletes the photo and, when nothing else uses it, its original. */
  async deletePhoto(trx: Db, photo: { id: number; original_id: number | null }): Promise<void> {
    await trx.deleteFrom("product_images").where("id", "=", photo.id).execute();
    if (photo.original_id !== null) await this.deleteOriginalIfUnused(trx, photo.original_id);
  }

  /**
   * Deletes an original no product photo and no category picture points at: the same bytes
   * uploaded twice share one original (by hash), so both kinds of owner are counted.
   */
  async deleteOriginalIfUnused(trx: Db, originalId: number): Promise<void> {
    const photo = await trx
      .selectFrom("product_images")
      .select("id")
      .where("original_id", "=", originalId)
      .limit(1)
      .executeTakeFirst();
    if (photo) return;
    const picture = await trx
      .selectFrom("category_pictures")
      .select("category_id")
      .where("original_id", "=", originalId)
      .limit(1)
      .executeTakeFirst();
    if (!picture) await trx.deleteFrom("media_originals").where("id", "=", originalId).execute();
  }

  /** Locks the category row while its picture changes (PostgreSQL; SQLite's writer is alone anyway). */
  async lockCategory(trx: Db, categoryId: number, postgres: boolean): Promise<boolean> {
    let query = trx.selectFrom("categories").select("id").where("id", "=", categoryId);
    if (postgres) query = query.forUpdate();
    return (await query.executeTakeFirst()) !== undefined;
  }

  async categoryExists(db: Db, categoryId: number): Promise<boolean> {
    return (
      (await db.selectFrom("categories").select("id").where("id", "=", categoryId).executeTakeFirst()) !== undefined
    );
  }

  /** The category's uploaded picture (its original's id, hash and size), if it has one. */
  async categoryPicture(db: Db, categoryId: number): Promise<CategoryPictureRow | null> {
    const row = await db
      .selectFrom("category_pictures as cp")
      .innerJoin("media_originals as mo", "mo.id", "cp.original_id")
      .select(["cp.category_id", "cp.original_id", "mo.sha256", "mo.width", "mo.height"])
      .where("cp.category_id", "=", categoryId)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Points the category at this original (its one picture), replacing any earlier one. */
  async setCategoryPicture(trx: Db, categoryId: number, originalId: number, createdAt: string): Promise<void> {
    await trx.deleteFrom("category_pictures").where("category_id", "=", categoryId).execute();
    await trx
      .insertInto("category_pictures")
      .values({ category_id: categoryId, original_id: originalId, created_at: createdAt })
      .execute();
  }

  async deleteCategoryPicture(trx: Db, categoryId: number): Promise<void> {
    await trx.deleteFrom("category_pictures").where("category_id", "=", categoryId).execute();
  }

  async originalByHash(sha256: string): Promise<OriginalRow | null> {
    const row = await this.db
      .selectFrom("media_originals")
      .select(["id", "sha256", "mime", "width", "height", "bytes"])
      .where("sha256", "=", sha256)
      .executeTakeFirst();
    return row ? { ...row, bytes: Buffer.from(row.bytes) } : null;
  }
}
