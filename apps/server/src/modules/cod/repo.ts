import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import { sql } from "kysely";
import type { Db } from "../../db/connection.js";
import type { CodBlocksTable, OrdersTable, PhoneVerificationsTable } from "../../db/schema.js";

export type PhoneVerificationRecord = Selectable<PhoneVerificationsTable>;
export type CodBlockRecord = Selectable<CodBlocksTable>;

/** Who a COD limit counts: the verified phone, the normalised delivery address, or the client address. */
export type CodSubject =
  | { by: "phone"; value: string }
  | { by: "address"; value: string }
  | { by: "client"; value: string };

const subjectColumn: Record<CodSubject["by"], keyof OrdersTable> = {
  phone: "cod_phone",
  address: "cod_address_key",
  client: "client_address_hash",
};

/** COD's SQL: one-time codes, blocks, and the usage its limits count from the orders table. */
export class CodRepo {
  constructor(private readonly db: Db) {}

  latestVerification(phone: string): Promise<PhoneVerificationRecord | undefined> {
    return this.db
      .selectFrom("phone_verifications")
      .selectAll()
      .where("phone", "=", phone)
      .orderBy("sent_at", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  async insertVerification(row: Omit<PhoneVerificationRecord, "attempts" | "verified_at">): Promise<void> {
    await this.db.insertInto("phone_verifications").values(row).execute();
  }

  /** Counts one try before the code is compared; undefined once the tries are used up (or it was verified). */
  countTry(id: string, maxTries: number): Promise<{ attempts: number } | undefined> {
    return this.db
      .updateTable("phone_verifications")
      .set({ attempts: sql<number>`attempts + 1` })
      .where("id", "=", id)
      .where("attempts", "<", maxTries)
      .where("verified_at", "is", null)
      .returning("attempts")
      .executeTakeFirst();
  }

  async markVerified(id: string, now: string): Promise<void> {
    await this.db
      .updateTable("phone_verifications")
      .set({ verified_at: now })
      .where("id", "=", id)
      .where("verified_at", "is", null)
      .execute();
  }

  async isBlocked(entries: { kind: "phone" | "pincode"; value: string }[]): Promise<boolean> {
    if (entries.length === 0) return false;
    const row = await this.db
      .selectFrom("cod_blocks")
      .select("id")
      .where((eb) => eb.or(entries.map((e) => eb.and([eb("kind", "=", e.kind), eb("value", "=", e.value)]))))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  transaction<T>(work: (repo: CodRepo, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new CodRepo(trx), trx));
  }

  /** Answers the new block, or undefined when that phone or pincode was already blocked. */
  async insertBlock(
    kind: "phone" | "pincode",
    value: string,
    reason: string | null,
    now: string,
  ): Promise<CodBlockRecord | undefined> {
    return this.db
      .insertInto("cod_blocks")
      .values({ id: randomUUID(), kind, value, reason, created_at: now })
      .onConflict((oc) => oc.columns(["kind", "value"]).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  findBlock(kind: "phone" | "pincode", value: string): Promise<CodBlockRecord | undefined> {
    return this.db
      .selectFrom("cod_blocks")
      .selectAll()
      .where("kind", "=", kind)
      .where("value", "=", value)
      .executeTakeFirst();
  }

  deleteBlockById(id: string): Promise<CodBlockRecord | undefined> {
    return this.db.deleteFrom("cod_blocks").where("id", "=", id).returningAll().executeTakeFirst();
  }

  async deleteBlock(kind: "phone" | "pincode", value: string): Promise<boolean> {
    const rows = await this.db
      .deleteFrom("cod_blocks")
      .where("kind", "=", kind)
      .where("value", "=", value)
      .returning("id")
      .execute();
    return rows.length > 0;
  }

  listBlocks(): Promise<CodBlockRecord[]> {
    return this.db.selectFrom("cod_blocks").selectAll().orderBy("created_at", "desc").orderBy("kind").execute();
  }

  /**
   * What a subject has ordered as cash on delivery, other than `exceptOrderId`: orders still open
   * (COD_PENDING, not cancelled) and units in COD orders placed since `since` (not cancelled).
   */
  async usage(subject: CodSubject, since: string, exceptOrderId: string): Promise<{ open: number; units: number }> {
    const column = sql.ref(`o.${subjectColumn[subject.by]}`);
    const open = await this.db
      .selectFrom("orders as o")
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .where(column, "=", subject.value)
      .where("o.id", "!=", exceptOrderId)
      .where("o.status", "!=", "CANCELLED")
      .where("o.payment_status", "=", "COD_PENDING")
      .executeTakeFirstOrThrow();
    const units = await this.db
      .selectFrom("order_items as i")
      .innerJoin("orders as o", "o.id", "i.order_id")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>("i.quantity"), eb.lit(0)).as("units"))
      .where(column, "=", subject.value)
      .where("o.id", "!=", exceptOrderId)
      .where("o.status", "!=", "CANCELLED")
      .where("o.payment_status", "in", ["COD_PENDING", "COD_COMPLETED"])
      .where("o.created_at", ">=", since)
      .executeTakeFirstOrThrow();
    return { open: Number(open.count), units: Number(units.units) };
  }

  /** COD orders waiting to be confirmed, oldest first. */
  async orderIdsToConfirm(limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom("orders")
      .select("id")
      .where("cod_state", "=", "to_confirm")
      .where("status", "=", "CREATED")
      .where("payment_status", "=", "COD_PENDING")
      .orderBy("created_at")
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** The phone and address a COD attempt of a still-unpaid order is counted under. */
  async recordCodAttempt(orderId: string, phone: string, addressKey: string): Promise<void> {
    await this.db
      .updateTable("orders")
      .set({ cod_phone: phone, cod_address_key: addressKey })
      .where("id", "=", orderId)
      .where("status", "=", "CREATED")
      .execute();
  }
}
