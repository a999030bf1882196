import type { Insertable, Selectable, Updateable } from "kysely";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import type { PromotionsTable } from "../../db/schema.js";

export type PromotionRecord = Selectable<PromotionsTable>;

/** SQL of promo codes. */
export class PromotionsRepo {
  constructor(private readonly db: Db) {}

  in(trx: Db): PromotionsRepo {
    return new PromotionsRepo(trx);
  }

  transaction<T>(work: (repo: PromotionsRepo, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new PromotionsRepo(trx), trx));
  }

  listAll(): Promise<PromotionRecord[]> {
    return this.db.selectFrom("promotions").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
  }

  findById(id: number): Promise<PromotionRecord | undefined> {
    return this.db.selectFrom("promotions").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The new row, or undefined when the code is taken. */
  async insert(row: Insertable<PromotionsTable>): Promise<PromotionRecord | undefined> {
    return this.db
      .insertInto("promotions")
      .values(row)
      .onConflict((oc) => oc.column("code").doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  update(id: number, changes: Updateable<PromotionsTable>): Promise<PromotionRecord | undefined> {
    return this.db.updateTable("promotions").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
  }

  findByCode(code: string): Promise<PromotionRecord | undefined> {
    return this.db.selectFrom("promotions").selectAll().where("code", "=", code).executeTakeFirst();
  }

  /** Counts one more order on the code unless it is used up; false when it was. */
  async reserveUse(code: string, now: string): Promise<boolean> {
    const row = await this.db
      .updateTable("promotions")
      .set({ times_used: sql<number>`times_used + 1`, updated_at: now })
      .where("code", "=", code)
      .where((eb) => eb.or([eb("usage_limit", "is", null), eb("times_used", "<", eb.ref("usage_limit"))]))
      .returning("id")
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Gives back uses reserved by orders that were cancelled before payment. */
  async releaseUses(code: string, count: number, now: string): Promise<void> {
    await this.db
      .updateTable("promotions")
      .set({
        times_used: sql<number>`case when times_used >= ${count} then times_used - ${count} else 0 end`,
        updated_at: now,
      })
      .where("code", "=", code)
      .execute();
  }
}
