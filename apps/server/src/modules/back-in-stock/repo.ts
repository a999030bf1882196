import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import type { ProductStatusColumn } from "../../db/schema.js";

export interface DueRequest {
  id: number;
  email: string;
  token: string;
  productId: number;
  productName: string;
  size: string | null;
  color: string | null;
}

/** One variant's requests as the owner's view counts them (counts may come back as strings on PostgreSQL). */
export interface DemandRow {
  variantId: number;
  productId: number;
  productName: string;
  productStatus: ProductStatusColumn;
  productActive: number;
  variantActive: number;
  color: string | null;
  size: string | null;
  sku: string;
  stock: number;
  waiting: number | string;
  notified: number | string;
  oldestRequestAt: string;
  newestRequestAt: string;
}

/** A request waits until it is answered or stopped; the same test in every statement below. */
const waitingCase = sql<number>`case when r.notified_at is null and r.unsubscribed_at is null then 1 else 0 end`;

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

  /**
   * Variants with at least one waiting request, most waiting first (then by variant id), from
   * after the keyset `after` = [waiting, variantId]. Counts are per variant over all its requests;
   * the oldest and newest times are those of the waiting ones.
   */
  demand(after: [number, number] | undefined, limit: number): Promise<DemandRow[]> {
    const perVariant = this.db
      .selectFrom("back_in_stock_requests as r")
      .select([
        "r.variant_id",
        sql<number | string>`sum(${waitingCase})`.as("waiting"),
        sql<number | string>`sum(case when r.notified_at is not null then 1 else 0 end)`.as("notified"),
        sql<string>`min(case when ${waitingCase} = 1 then r.created_at end)`.as("oldest"),
        sql<string>`max(case when ${waitingCase} = 1 then r.created_at end)`.as("newest"),
      ])
      .groupBy("r.variant_id")
      .having(sql<boolean>`sum(${waitingCase}) > 0`);
    let select = this.db
      .selectFrom(perVariant.as("d"))
      .innerJoin("variants as v", "v.id", "d.variant_id")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select([
        "v.id as variantId",
        "p.id as productId",
        "p.name as productName",
        "p.status as productStatus",
        "p.is_active as productActive",
        "v.is_active as variantActive",
        "v.color as color",
        "v.size as size",
        "v.sku as sku",
        "v.stock_quantity as stock",
        "d.waiting as waiting",
        "d.notified as notified",
        "d.oldest as oldestRequestAt",
        "d.newest as newestRequestAt",
      ]);
    if (after) {
      const [waiting, variantId] = after;
      select = select.where((eb) =>
        eb.or([eb("d.waiting", "<", waiting), eb.and([eb("d.waiting", "=", waiting), eb("v.id", ">", variantId)])]),
      );
    }
    return select.orderBy("d.waiting", "desc").orderBy("v.id", "asc").limit(limit).execute();
  }

  /** Waiting requests in all, and the variants they wait for. */
  async waitingTotals(): Promise<{ waiting: number; variants: number }> {
    const row = await this.db
      .selectFrom("back_in_stock_requests as r")
      .select([
        sql<number | string>`count(*)`.as("waiting"),
        sql<number | string>`count(distinct r.variant_id)`.as("variants"),
      ])
      .where("r.notified_at", "is", null)
      .where("r.unsubscribed_at", "is", null)
      .executeTakeFirstOrThrow();
    return { waiting: Number(row.waiting), variants: Number(row.variants) };
  }
}
