import { catalogueMessages } from "@vaki/contract/admin/catalogue";
import { cartMessages } from "@vaki/contract/messages";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { Conflict, NotFound } from "../../lib/errors.js";
import type { HoldRow, InventoryRepo, LedgerMove, LedgerRow, VariantQuantity } from "./repo.js";

/** A line asking for stock; name and size make the message when it is short. */
export interface StockLine extends VariantQuantity {
  name: string;
  size: string | null;
}

/** The message for a line the shop cannot fill: how many are left, or that it just sold out. */
export function shortageMessage(line: Pick<StockLine, "name" | "size">, available: number): string {
  return available > 0 ? cartMessages.onlyLeft(available, line.size) : cartMessages.soldOut(line.name, line.size);
}

/** One line per variant, quantities added, in ascending variant id (the lock order). */
function byVariant<T extends VariantQuantity>(lines: readonly T[]): T[] {
  const merged = new Map<number, T>();
  for (const line of lines) {
    const seen = merged.get(line.variantId);
    merged.set(line.variantId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  return [...merged.values()].sort((a, b) => a.variantId - b.variantId);
}

const asLines = (holds: readonly HoldRow[]): VariantQuantity[] =>
  byVariant(holds.map((hold) => ({ variantId: hold.variant_id, quantity: hold.quantity })));

/** Ledger rows for holds that moved, one per order and variant, each change signed by `sign`. */
const movesOf = (holds: readonly HoldRow[], reason: LedgerMove["reason"], sign: 1 | -1 | 0): LedgerMove[] =>
  [...holds]
    .sort((a, b) => a.variant_id - b.variant_id || a.order_id.localeCompare(b.order_id))
    .map((hold) => ({ variantId: hold.variant_id, change: sign * hold.quantity, reason, orderId: hold.order_id }));

/** Units of one variant moved for an exchange request (issue 29). */
export interface ExchangeUnits {
  variantId: number;
  quantity: number;
  orderId: string;
  requestId: number;
}

const exchangeMove = (unit: ExchangeUnits, reason: LedgerMove["reason"], change: number): LedgerMove => ({
  variantId: unit.variantId,
  change,
  reason,
  orderId: unit.orderId,
  note: `Exchange #${unit.requestId}`,
});

/** A stock change a person makes by hand (received, correction, damaged, returned, other). */
export interface StockAdjustment {
  variantId: number;
  /** Units to add (or take away, negative). */
  change: number;
  /** Instead of `change`: the stock to end at, the change worked out under the lock (an import). */
  target?: number;
  reason: "received" | "correction" | "damaged" | "returned" | "other";
  note: string;
  staffUserId: string | null;
}

/**
 * The stock rules of the shop, in one place (decision 0004). `variants.stock_quantity` is what
 * can still be bought; a stock hold records what one order took and moves
 *
 *     HELD → SOLD      confirmSale   (payment confirmed; issue 6)
 *     HELD → RELEASED  releaseHold   (hold expired, order replaced or cancelled unpaid; stock given back)
 *     SOLD → RETURNED  returnStock   (paid order cancelled; stock given back)
 *
 * Each move is a conditional update on the hold's current status, so it happens exactly once;
 * for every variant, available + HELD + SOLD stays equal to the stock the shop started with
 * plus the hand adjustments (`adjustStock`). Every change writes stock_ledger rows in the same
 * statement batch (one insert per call), so a variant's ledger always adds up to its stock; a
 * HELD → SOLD move writes a "sale" row of 0 units, so the ledger says where held units went.
 * Every method runs inside the caller's transaction, beside the order change it belongs to.
 */
export class InventoryService {
  constructor(
    private readonly repo: InventoryRepo,
    private readonly clock: Clock,
  ) {}

  /**
   * Takes the stock of every line for the order, or nothing: throws Conflict ("Only 2 left in
   * size L", "Sorry, Orbit Hoodie (M) just sold out") when any line cannot be filled, and the
   * caller's transaction rolls back. `replacing` names earlier unpaid orders whose holds are
   * released in the same step (re-checkout from the same cart never holds stock twice).
   *
   * Fixed statement count whatever the number of lines: release (if replacing), one lock of
   * every variant involved (PostgreSQL: ascending ids, taken once so lock order stays global),
   * one give-back, one conditional decrement, one insert.
   */
  async holdStock(
    trx: Db,
    orderId: string,
    lines: readonly StockLine[],
    expiresAt: Date,
    options: { replacing?: readonly string[] } = {},
  ): Promise<void> {
    const repo = this.repo.in(trx);
    const now = this.clock.now().toISOString();
    const wanted = byVariant(lines);
    const releasedHolds = await repo.moveHolds(options.replacing ?? [], ["HELD"], "RELEASED", now);
    const released = asLines(releasedHolds);
    const variantIds = [...new Set([...released, ...wanted].map((line) => line.variantId))].sort((a, b) => a - b);
    const available = new Map(await repo.lockVariants(variantIds));
    if (released.length > 0) {
      await repo.returnStock(released);
      for (const line of released) available.set(line.variantId, (available.get(line.variantId) ?? 0) + line.quantity);
    }
    this.assertEnough(wanted, available);
    const taken = new Set(await repo.takeStock(wanted));
    // After the lock this cannot happen; the conditional decrement stays as the guard of last resort.
    const missed = wanted.find((line) => !taken.has(line.variantId));
    if (missed) throw new Conflict(shortageMessage(missed, 0));
    await repo.insertHolds(orderId, wanted, "HELD", { now, expiresAt: expiresAt.toISOString() });
    await repo.recordMoves(
      [
        ...movesOf(releasedHolds, "release", 1),
        ...wanted.map((line) => ({
          variantId: line.variantId,
          change: -line.quantity,
          reason: "hold" as const,
          orderId,
        })),
      ],
      now,
    );
  }

  /** Gives back the stock still HELD for these orders (expired, replaced, cancelled unpaid). Answers units released. */
  async releaseHold(trx: Db, orderIds: string | readonly string[]): Promise<number> {
    const ids = typeof orderIds === "string" ? [orderIds] : orderIds;
    const repo = this.repo.in(trx);
    const now = this.clock.now().toISOString();
    const released = await repo.moveHolds(ids, ["HELD"], "RELEASED", now);
    return this.giveBack(repo, released, movesOf(released, "release", 1), now);
  }

  /**
   * Payment confirmed: the order's HELD stock becomes SOLD. A hold that expired while the shopper
   * was paying (RELEASED) is taken again if the stock is still there; otherwise Conflict, and the
   * payment flow refunds (issue 6).
   */
  async confirmSale(trx: Db, orderId: string, lines: readonly StockLine[] = []): Promise<void> {
    const repo = this.repo.in(trx);
    const now = this.clock.now().toISOString();
    const sold = await repo.moveHolds([orderId], ["HELD"], "SOLD", now);
    const lapsed = (await repo.holdsOf(orderId)).filter((hold) => hold.status === "RELEASED");
    if (lapsed.length === 0) {
      await repo.recordMoves(movesOf(sold, "sale", 0), now);
      return;
    }
    const described = new Map(lines.map((line) => [line.variantId, line]));
    const wanted = asLines(lapsed).map((line) => ({
      ...line,
      name: described.get(line.variantId)?.name ?? "this item",
      size: described.get(line.variantId)?.size ?? null,
    }));
    const available = await repo.lockVariants(wanted.map((line) => line.variantId));
    this.assertEnough(wanted, available);
    await repo.takeStock(wanted);
    await repo.moveHoldsOfVariants(
      orderId,
      wanted.map((line) => line.variantId),
      "RELEASED",
      "SOLD",
      now,
    );
    await repo.recordMoves([...movesOf(sold, "sale", 0), ...movesOf(lapsed, "sale", -1)], now);
  }

  /**
   * An order placed after a declined attempt released its hold (cash on delivery waiting to be
   * confirmed): the released stock is taken again and HELD, or Conflict when it is gone.
   */
  async holdAgain(trx: Db, orderId: string): Promise<void> {
    const repo = this.repo.in(trx);
    const lapsed = (await repo.holdsOf(orderId)).filter((hold) => hold.status === "RELEASED");
    if (lapsed.length === 0) return;
    const wanted = asLines(lapsed).map((line) => ({ ...line, name: "this item", size: null }));
    const available = await repo.lockVariants(wanted.map((line) => line.variantId));
    this.assertEnough(wanted, available);
    await repo.takeStock(wanted);
    const now = this.clock.now().toISOString();
    await repo.moveHoldsOfVariants(
      orderId,
      wanted.map((line) => line.variantId),
      "RELEASED",
      "HELD",
      now,
    );
    await repo.recordMoves(movesOf(lapsed, "hold", -1), now);
  }

  /** Order cancelled: SOLD stock comes back (RETURNED), and any stock still HELD is released. Answers units given back. */
  async returnStock(trx: Db, orderId: string): Promise<number> {
    const repo = this.repo.in(trx);
    const now = this.clock.now().toISOString();
    const returned = await repo.moveHolds([orderId], ["SOLD"], "RETURNED", now);
    const released = await repo.moveHolds([orderId], ["HELD"], "RELEASED", now);
    const moves = [...movesOf(returned, "cancelled", 1), ...movesOf(released, "release", 1)];
    return this.giveBack(repo, [...returned, ...released], moves, now);
  }

  /**
   * A failed delivery's parcel came back (returned to origin) and a person checked it: the
   * order's SOLD stock becomes RETURNED, the units that passed (`restock` per variant, at most
   * what was sold; a variant left out passes whole) go back on sale, the rest are written off.
   * Ledger rows per variant: `returned` +sold, then `damaged` −written off, so the rows add up
   * to the change in stock. Once per order (the holds move once). Answers the units.
   */
  async receiveReturn(
    trx: Db,
    orderId: string,
    restock: ReadonlyMap<number, number>,
    staffUserId: string | null,
    note: string | null,
  ): Promise<{ returned: number; restocked: number; damaged: number }> {
    const repo = this.repo.in(trx);
    const now = this.clock.now().toISOString();
    const sold = asLines(await repo.moveHolds([orderId], ["SOLD"], "RETURNED", now));
    if (sold.length === 0) return { returned: 0, restocked: 0, damaged: 0 };
    const back = sold.map((line) => ({
      variantId: line.variantId,
      quantity: Math.max(0, Math.min(line.quantity, restock.get(line.variantId) ?? line.quantity)),
    }));
    await repo.lockVariants(sold.map((line) => line.variantId));
    await repo.returnStock(back.filter((line) => line.quantity > 0));
    const moves: LedgerMove[] = sold.flatMap((line, index) => {
      const damaged = line.quantity - (back[index]?.quantity ?? 0);
      const common = { variantId: line.variantId, orderId, staffUserId, note };
      return [
        { ...common, change: line.quantity, reason: "returned" as const },
        ...(damaged > 0 ? [{ ...common, change: -damaged, reason: "damaged" as const }] : []),
      ];
    });
    await repo.recordMoves(moves, now);
    const returned = sold.reduce((units, line) => units + line.quantity, 0);
    const restocked = back.reduce((units, line) => units + line.quantity, 0);
    return { returned, restocked, damaged: returned - restocked };
  }

  /**
   * Units of a size taken for an exchange or replacement (issue 29), kept on the request row
   * (never in stock_holds, whose order + variant key the order's own hold already uses): the
   * variant locked like every other path, its stock lowered, a "hold" ledger row naming the
   * order and "Exchange #<id>". Answers false, changing nothing, when too few are left.
   */
  async holdForExchange(trx: Db, unit: ExchangeUnits): Promise<boolean> {
    const repo = this.repo.in(trx);
    const available = (await repo.lockVariants([unit.variantId])).get(unit.variantId) ?? 0;
    if (available < unit.quantity) return false;
    const taken = await repo.takeStock([{ variantId: unit.variantId, quantity: unit.quantity }]);
    if (taken.length === 0) return false;
    await repo.recordMoves([exchangeMove(unit, "hold", -unit.quantity)], this.clock.now().toISOString());
    return true;
  }

  /** An exchange's held units go back on sale (refused, withdrawn, size unavailable): "release" +n. */
  async releaseExchangeHold(trx: Db, unit: ExchangeUnits): Promise<void> {
    const repo = this.repo.in(trx);
    await repo.lockVariants([unit.variantId]);
    await repo.returnStock([{ variantId: unit.variantId, quantity: unit.quantity }]);
    await repo.recordMoves([exchangeMove(unit, "release", unit.quantity)], this.clock.now().toISOString());
  }

  /** The held units shipped as the new size: a "sale" row of 0 (they left stock when held). */
  async sellExchangeHold(trx: Db, unit: ExchangeUnits): Promise<void> {
    await this.repo.in(trx).recordMoves([exchangeMove(unit, "sale", 0)], this.clock.now().toISOString());
  }

  /**
   * The customer's unit is back and checked: "returned" +n to the ORIGINAL variant, then, when
   * damaged, "damaged" −n (written off, so the stock ends where it was).
   */
  async receiveExchangeReturn(
    trx: Db,
    unit: ExchangeUnits & { damaged: boolean; staffUserId: string | null },
  ): Promise<void> {
    const repo = this.repo.in(trx);
    await repo.lockVariants([unit.variantId]);
    if (!unit.damaged) await repo.returnStock([{ variantId: unit.variantId, quantity: unit.quantity }]);
    const who = { staffUserId: unit.staffUserId };
    await repo.recordMoves(
      [
        { ...exchangeMove(unit, "returned", unit.quantity), ...who },
        ...(unit.damaged ? [{ ...exchangeMove(unit, "damaged", -unit.quantity), ...who }] : []),
      ],
      this.clock.now().toISOString(),
    );
  }

  /**
   * A person changes a variant's stock by hand (received, correction, damaged, returned, other),
   * in the caller's transaction (which writes the audit event beside it): the variant is locked
   * like every other stock path, the change refused with Conflict when it would take the stock
   * below zero, and the ledger row names the person and the note. Answers the stock before and after.
   */
  async adjustStock(
    trx: Db,
    adjustment: StockAdjustment,
  ): Promise<{ variantId: number; productId: number; sku: string; before: number; after: number }> {
    const repo = this.repo.in(trx);
    const variant = await repo.variant(adjustment.variantId);
    if (!variant) throw new NotFound(catalogueMessages.variantNotFound);
    const before = (await repo.lockVariants([variant.id])).get(variant.id) ?? 0;
    const change = adjustment.target === undefined ? adjustment.change : adjustment.target - before;
    if (change === 0)
      return { variantId: variant.id, productId: variant.product_id, sku: variant.sku, before, after: before };
    if (before + change < 0) throw new Conflict(catalogueMessages.belowZero(variant.sku, before));
    const after = await repo.changeStock(variant.id, change);
    // Locked above, so this cannot happen; the conditional update stays as the guard of last resort.
    if (after === undefined) throw new Conflict(catalogueMessages.belowZero(variant.sku, before));
    await repo.recordMoves(
      [
        {
          variantId: variant.id,
          change,
          reason: adjustment.reason,
          staffUserId: adjustment.staffUserId,
          note: adjustment.note || null,
        },
      ],
      this.clock.now().toISOString(),
    );
    return { variantId: variant.id, productId: variant.product_id, sku: variant.sku, before, after };
  }

  /** A variant's ledger, newest first (NotFound for an unknown variant). */
  async ledger(
    variantId: number,
    limit: number,
  ): Promise<{ variant: { id: number; sku: string; stock: number }; rows: LedgerRow[] }> {
    const variant = await this.repo.variant(variantId);
    if (!variant) throw new NotFound(catalogueMessages.variantNotFound);
    const rows = await this.repo.ledger(variantId, limit);
    return { variant: { id: variant.id, sku: variant.sku, stock: variant.stock_quantity }, rows };
  }

  /** Available, held and sold units per variant: the ledger the stock invariant is checked on. */
  stockLevels(variantIds: readonly number[]) {
    return this.repo.stockLevels(variantIds);
  }

  private async giveBack(
    repo: InventoryRepo,
    holds: readonly HoldRow[],
    moves: readonly LedgerMove[],
    now: string,
  ): Promise<number> {
    if (holds.length === 0) return 0;
    const lines = asLines(holds);
    await repo.lockVariants(lines.map((line) => line.variantId));
    await repo.returnStock(lines);
    await repo.recordMoves(moves, now);
    return lines.reduce((units, line) => units + line.quantity, 0);
  }

  private assertEnough(lines: readonly StockLine[], available: ReadonlyMap<number, number>): void {
    for (const line of lines) {
      const left = available.get(line.variantId) ?? 0;
      if (left < line.quantity) throw new Conflict(shortageMessage(line, left));
    }
  }
}
