import { sql } from "kysely";
import type { Db } from "../../db/connection.js";

/** The account's wishlist rows (SQL only). */
export class WishlistRepo {
  constructor(private readonly db: Db) {}

  /** Product ids of a user's active products, newest first. */
  async productIds(userId: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom("wishlist_items as w")
      .innerJoin("products as p", "p.id", "w.product_id")
      .select("w.product_id")
      .where("w.user_id", "=", userId)
      .where("p.is_active", "=", 1)
      .orderBy("w.created_at", "desc")
      .orderBy("w.id", "desc")
      .execute();
    return rows.map((row) => row.product_id);
  }

  async count(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom("wishlist_items")
      .select(sql<number>`count(*)`.as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Active products among `ids` (a product must exist and be on sale to be saved). */
  async activeProductIds(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom("products")
      .select("id")
      .where("id", "in", [...ids])
      .where("is_active", "=", 1)
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Saves each product once (a second save of the same product changes nothing). */
  async add(userId: string, items: readonly { productId: number; createdAt: string }[]): Promise<void> {
    if (items.length === 0) return;
    await this.db
      .insertInto("wishlist_items")
      .values(items.map((item) => ({ user_id: userId, product_id: item.productId, created_at: item.createdAt })))
      .onConflict((conflict) => conflict.columns(["user_id", "product_id"]).doNothing())
      .execute();
  }

  async remove(userId: string, productId: number): Promise<void> {
    await this.db
      .deleteFrom("wishlist_items")
      .where("user_id", "=", userId)
      .where("product_id", "=", productId)
      .execute();
  }
}
