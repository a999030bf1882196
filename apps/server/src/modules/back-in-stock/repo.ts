import type { Db } from "../../db/connection.js";

export interface DueRequest {
  id: number;
  email: string;
  token: string;
  productId: number;
  productName: string;
  size: string | null;
  color: string | null;
}

/** Back-in-stock requests (SQL only). */
export class BackInStockRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repo: BackInStockRepo, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new BackInStockRepo(trx), trx));
  }

  /** The variant with its stock, when it and its product are on sale. */
  findVariant(variantId: number) {
    return this.db
      .selectFrom("variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select(["v.id", "v.stock_quantity"])
      .where("v.id", "=", variantId)
      .where("v.is_active", "=", 1)
      .where("p.is_active", "=", 1)
      .executeTakeFirst();
  }

  /** An open request of this address for this variant (asking twice keeps one). */
  findOpen(variantId: number, email: string) {
    return this.db
      .selectFrom("back_in_stock_requests")
      .select("id")
      .where("variant_id", "=", variantId)
      .where("email", "=", email)
      .where("notified_at", "is", null)
      .where("unsubscribed_at", "is", null)
      .executeTakeFirst();
  }

  async insert(row: { variantId: number; email: string; userId: string | null; token: string; now: string }) {
    await this.db
      .insertInto("back_in_stock_requests")
      .values({
        variant_id: row.variantId,
        email: row.email,
        user_id: row.userId,
        token: row.token,
        created_at: row.now,
      })
      .execute();
  }

  /** Open requests whose variant has stock again (and is on sale), oldest first. */
  findDue(limit: number): Promise<{ id: number }[]> {
    return this.db
      .selectFrom("back_in_stock_requests as r")
      .innerJoin("variants as v", "v.id", "r.variant_id")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select("r.id")
      .where("r.notified_at", "is", null)
      .where("r.unsubscribed_at", "is", null)
      .where("v.stock_quantity", ">", 0)
      .where("v.is_active", "=", 1)
      .where("p.is_active", "=", 1)
      .orderBy("r.id")
      .limit(limit)
      .execute();
  }

  /** Marks a request answered; false when another process got there first. */
  async markNotified(id: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable("back_in_stock_requests")
      .set({ notified_at: now })
      .where("id", "=", id)
      .where("notified_at", "is", null)
      .where("unsubscribed_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** What the e-mail says: the product, its size and colour, and the link's token. */
  findForMail(id: number): Promise<(DueRequest & { unsubscribedAt: string | null }) | undefined> {
    return this.db
      .selectFrom("back_in_stock_requests as r")
      .innerJoin("variants as v", "v.id", "r.variant_id")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select([
        "r.id as id",
        "r.email as email",
        "r.token as token",
        "r.unsubscribed_at as unsubscribedAt",
        "p.id as productId",
        "p.name as productName",
        "v.size as size",
        "v.color as color",
      ])
      .where("r.id", "=", id)
      .executeTakeFirst();
  }

  /**
   * The e-mail's link: every alert still waiting for this address stops (the one that was sent is
   * marked too). False when no request has this token.
   */
  async unsubscribe(token: string, now: string): Promise<boolean> {
    const owner = await this.db
      .selectFrom("back_in_stock_requests")
      .select("email")
      .where("token", "=", token)
      .executeTakeFirst();
    if (!owner) return false;
    await this.db
      .updateTable("back_in_stock_requests")
      .set({ unsubscribed_at: now })
      .where("email", "=", owner.email)
      .where("unsubscribed_at", "is", null)
      .where((eb) => eb.or([eb("notified_at", "is", null), eb("token", "=", token)]))
      .execute();
    return true;
  }
}
