import type { StockReason } from "@vaki/contract/admin/catalogue";
import { type RawBuilder, sql } from "kysely";
import type { Db, Dialect } from "../../db/connection.js";
import type { StockHoldStatusColumn } from "../../db/schema.js";

export interface VariantQuantity {
  variantId: number;
  quantity: number;
}

/** One row of the stock ledger to write: a signed change of one variant and why. */
export interface LedgerMove {
  variantId: number;
  change: number;
  reason: StockReason;
  orderId?: string | null;
  staffUserId?: string | null;
  note?: string | null;
}

export interface LedgerRow {
  id: number;
  variant_id: number;
  change: number;
  stock_after: number;
  reason: StockReason;
  order_id: string | null;
  order_number: string | null;
  staff_user_id: string | null;
  staff_name: string | null;
  note: string | null;
  created_at: string;
}

export interface HoldRow {
  order_id: string;
  variant_id: number;
  quantity: number;
}

/** `case id when 7 then 2 when 9 then 1 end`: one statement changes every variant by its own amount. */
function quantityById(lines: readonly VariantQuantity[]): RawBuilder<number> {
  const branches = lines.map((line) => sql`when ${line.variantId} then cast(${line.quantity} as integer)`);
  return sql<number>`case id ${sql.join(branches, sql` `)} end`;
}

/**
 * SQL of stock: variants.stock_quantity is what is available; stock_holds records what each order
 * took. Every statement here is one statement for all the lines of an order (no statement per line).
 */
export class InventoryRepo {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  /** The same repository inside a transaction. */
  in(trx: Db): InventoryRepo {
    return new InventoryRepo(trx, this.dialect);
  }

  /**
   * Current stock of the variants, locking their rows on PostgreSQL in ascending id order: every
   * path that changes stock locks through here, once per transaction, so two orders never wait on
   * each other in a cycle. FOR NO KEY UPDATE is the lock the stock UPDATE takes anyway, and unlike
   * FOR UPDATE it does not block the key-share locks of foreign-key checks (cart lines, holds).
   * (SQLite has one writer at a time; the transaction already holds the write lock.)
   */
  async lockVariants(variantIds: readonly number[]): Promise<Map<number, number>> {
    if (variantIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("variants")
      .select(["id", "stock_quantity"])
      .where("id", "in", [...variantIds])
      .orderBy("id")
      .$if(this.dialect === "postgres", (query) => query.forNoKeyUpdate())
      .execute();
    return new Map(rows.map((row) => [row.id, row.stock_quantity]));
  }

  /**
   * Takes stock for every line in one conditional statement: a variant is decremented only if it
   * still has enough, so stock never goes below zero (and the CHECK would refuse it anyway).
   * Answers the ids that were decremented; fewer than asked means some line was short.
   */
  async takeStock(lines: readonly VariantQuantity[]): Promise<number[]> {
    if (lines.length === 0) return [];
    const wanted = quantityById(lines);
    const rows = await this.db
      .updateTable("variants")
      .set({ stock_quantity: sql<number>`stock_quantity - ${wanted}` })
      .where(
        "id",
        "in",
        lines.map((line) => line.variantId),
      )
      .where(sql<number>`stock_quantity`, ">=", wanted)
      .returning("id")
      .execute();
    return rows.map((row) => row.id);
  }

  /** Gives stock back for every line in one statement. */
  async returnStock(lines: readonly VariantQuantity[]): Promise<void> {
    if (lines.length === 0) return;
    await this.db
      .updateTable("variants")
      .set({ stock_quantity: sql<number>`stock_quantity + ${quantityById(lines)}` })
      .where(
        "id",
        "in",
        lines.map((line) => line.variantId),
      )
      .execute();
  }

  /**
   * Writes the ledger rows of moves already applied to `variants.stock_quantity`, in one statement
   * whatever their number. Each row's `stock_after` is read from the variant in the same statement;
   * when one variant has several rows, the earlier ones subtract the later changes, so every row
   * shows the stock right after it.
   */
  async recordMoves(moves: readonly LedgerMove[], now: string): Promise<void> {
    if (moves.length === 0) return;
    const laterChanges = new Map<number, number>();
    const offsets = new Array<number>(moves.length);
    for (let index = moves.length - 1; index >= 0; index--) {
      const move = moves[index]!;
      const later = laterChanges.get(move.variantId) ?? 0;
      offsets[index] = later;
      laterChanges.set(move.variantId, later + move.change);
    }
    await this.db
      .insertInto("stock_ledger")
      .values(
        moves.map((move, index) => ({
          variant_id: move.variantId,
          change: move.change,
          stock_after: sql<number>`(select v.stock_quantity from variants v where v.id = ${move.variantId}) - cast(${offsets[index]} as integer)`,
          reason: move.reason,
          order_id: move.orderId ?? null,
          staff_user_id: move.staffUserId ?? null,
          note: move.note ?? null,
          created_at: now,
        })),
      )
      .execute();
  }

  /** Adds a signed change to one variant's stock unless it would go below zero; answers the new stock, or undefined. */
  async changeStock(variantId: number, change: number): Promise<number | undefined> {
    const row = await this.db
      .updateTable("variants")
      .set({ stock_quantity: sql<number>`stock_quantity + ${change}` })
      .where("id", "=", variantId)
      .where(sql<number>`stock_quantity + ${change}`, ">=", 0)
      .returning("stock_quantity")
      .executeTakeFirst();
    return row?.stock_quantity;
  }

  async variant(
    variantId: number,
  ): Promise<{ id: number; sku: string; product_id: number; stock_quantity: number } | undefined> {
    return this.db
      .selectFrom("variants")
      .select(["id", "sku", "product_id", "stock_quantity"])
      .where("id", "=", variantId)
      .executeTakeFirst();
  }

  /** A variant's ledger, newest first, with the order's number and the person's name. */
  async ledger(variantId: number, limit: number): Promise<LedgerRow[]> {
    return this.db
      .selectFrom("stock_ledger as l")
      .leftJoin("orders as o", "o.id", "l.order_id")
      .leftJoin("staff_users as s", "s.id", "l.staff_user_id")
      .select([
        "l.id",
        "l.variant_id",
        "l.change",
        "l.stock_after",
        "l.reason",
        "l.order_id",
        "o.order_number",
        "l.staff_user_id",
        "s.name as staff_name",
        "l.note",
        "l.created_at",
      ])
      .where("l.variant_id", "=", variantId)
      .orderBy("l.id", "desc")
      .limit(limit)
      .execute();
  }

  async insertHolds(
    orderId: string,
    lines: readonly VariantQuantity[],
    status: StockHoldStatusColumn,
    times: { now: string; expiresAt: string },
  ): Promise<void> {
    if (lines.length === 0) return;
    await this.db
      .insertInto("stock_holds")
      .values(
        lines.map((line) => ({
          order_id: orderId,
          variant_id: line.variantId,
          quantity: line.quantity,
          status,
          created_at: times.now,
          expires_at: times.expiresAt,
          updated_at: times.now,
        })),
      )
      .execute();
  }

  /**
   * Moves the holds of these orders from one status to another, only those still in `from`:
   * a conditional update, so each hold changes once however many callers try. Answers the
   * holds this call moved.
   */
  async moveHolds(
    orderIds: readonly string[],
    from: readonly StockHoldStatusColumn[],
    to: StockHoldStatusColumn,
    now: string,
  ): Promise<HoldRow[]> {
    if (orderIds.length === 0) return [];
    return this.db
      .updateTable("stock_holds")
      .set({ status: to, updated_at: now })
      .where("order_id", "in", [...orderIds])
      .where("status", "in", [...from])
      .returning(["order_id", "variant_id", "quantity"])
      .execute();
  }

  /** Moves the given holds of one order (by variant) from one status to another. */
  async moveHoldsOfVariants(
    orderId: string,
    variantIds: readonly number[],
    from: StockHoldStatusColumn,
    to: StockHoldStatusColumn,
    now: string,
  ): Promise<HoldRow[]> {
    if (variantIds.length === 0) return [];
    return this.db
      .updateTable("stock_holds")
      .set({ status: to, updated_at: now })
      .where("order_id", "=", orderId)
      .where("variant_id", "in", [...variantIds])
      .where("status", "=", from)
      .returning(["order_id", "variant_id", "quantity"])
      .execute();
  }

  async holdsOf(orderId: string): Promise<(HoldRow & { status: StockHoldStatusColumn })[]> {
    return this.db
      .selectFrom("stock_holds")
      .select(["order_id", "variant_id", "quantity", "status"])
      .where("order_id", "=", orderId)
      .orderBy("variant_id")
      .execute();
  }

  /** Available, held and sold units per variant, in one statement. */
  async stockLevels(
    variantIds: readonly number[],
  ): Promise<{ id: number; available: number; held: number; sold: number; returned: number }[]> {
    if (variantIds.length === 0) return [];
    const sumOf = (status: StockHoldStatusColumn) =>
      sql<number>`coalesce((select sum(h.quantity) from stock_holds h where h.variant_id = v.id and h.status = ${status}), 0)`;
    const rows = await this.db
      .selectFrom("variants as v")
      .select([
        "v.id",
        "v.stock_quantity as available",
        sumOf("HELD").as("held"),
        sumOf("SOLD").as("sold"),
        sumOf("RETURNED").as("returned"),
      ])
      .where("v.id", "in", [...variantIds])
      .orderBy("v.id")
      .execute();
    return rows.map((row) => ({
      id: row.id,
      available: Number(row.available),
      held: Number(row.held),
      sold: Number(row.sold),
      returned: Number(row.returned),
    }));
  }
}
