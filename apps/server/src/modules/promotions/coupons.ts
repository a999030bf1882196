import { type Coupon, type CouponInput, couponInputSchema, couponMessages as m } from "@vaki/contract/admin/coupons";
import type { z } from "zod";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { Conflict, NotFound } from "../../lib/errors.js";
import type { PromotionRecord, PromotionsRepo } from "./repo.js";
import type { PaidOrderLookup } from "./service.js";

type ParsedInput = z.output<typeof couponInputSchema>;
export type CouponChange = (trx: Db, before: PromotionRecord | null, after: PromotionRecord) => Promise<void>;

/**
 * The owner's side of promo codes: list with their use, create, edit. The cart applies them by
 * `PromotionsService`'s rules; `times_used` is only ever moved by orders, never by an edit.
 */
export class CouponsService {
  constructor(
    private readonly repo: PromotionsRepo,
    private readonly clock: Clock,
    private readonly paidOrders: PaidOrderLookup,
  ) {}

  async list(): Promise<Coupon[]> {
    const [rows, use] = await Promise.all([this.repo.listAll(), this.paidOrders.paidUseOfCodes()]);
    return rows.map((row) => toCoupon(row, use.get(row.code)));
  }

  /** Creates a coupon; 409 when the code is taken. `alsoInTransaction` writes the audit event. */
  create(input: CouponInput, alsoInTransaction: CouponChange): Promise<Coupon> {
    const fields = columnsOf(couponInputSchema.parse(input));
    const now = this.clock.now().toISOString();
    return this.repo.transaction(async (repo, trx) => {
      const row = await repo.insert({ ...fields, created_at: now, updated_at: now });
      if (!row) throw new Conflict(m.codeTaken(fields.code));
      await alsoInTransaction(trx, null, row);
      return toCoupon(row, undefined);
    });
  }

  /** Edits a coupon; 404 when there is none, 409 when the new code is another coupon's. */
  async update(id: number, input: CouponInput, alsoInTransaction: CouponChange): Promise<Coupon> {
    const fields = columnsOf(couponInputSchema.parse(input));
    const after = await this.repo.transaction(async (repo, trx) => {
      const before = await repo.findById(id);
      if (!before) throw new NotFound(m.notFound);
      if (fields.code !== before.code && (await repo.findByCode(fields.code))) {
        throw new Conflict(m.codeTaken(fields.code));
      }
      const after = await repo.update(id, { ...fields, updated_at: this.clock.now().toISOString() });
      if (!after) throw new NotFound(m.notFound);
      await alsoInTransaction(trx, before, after);
      return after;
    });
    // Read after the commit: on SQLite the transaction holds the one write connection.
    return toCoupon(after, (await this.paidOrders.paidUseOfCodes()).get(after.code));
  }
}

function columnsOf(input: ParsedInput) {
  return {
    code: input.code,
    description: input.description,
    kind: input.kind,
    value: input.value,
    min_order_amount: input.minOrderAmount,
    first_order_only: input.firstOrderOnly ? 1 : 0,
    per_customer_limit: input.perCustomerLimit,
    usage_limit: input.usageLimit,
    starts_at: input.startsAt ? new Date(input.startsAt).toISOString() : null,
    ends_at: input.endsAt ? new Date(input.endsAt).toISOString() : null,
    active: input.active ? 1 : 0,
  };
}

export function toCoupon(row: PromotionRecord, use: { orders: number; discount: number } | undefined): Coupon {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.value,
    minOrderAmount: row.min_order_amount,
    firstOrderOnly: row.first_order_only === 1,
    perCustomerLimit: row.per_customer_limit,
    usageLimit: row.usage_limit,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    active: row.active === 1,
    timesUsed: row.times_used,
    paidOrders: use?.orders ?? 0,
    discountGiven: use?.discount ?? 0,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The audit's changes of an edit: only the fields that moved. */
export function couponChanges(before: PromotionRecord | null, after: PromotionRecord) {
  const fields = [
    "code",
    "description",
    "kind",
    "value",
    "min_order_amount",
    "first_order_only",
    "per_customer_limit",
    "usage_limit",
    "starts_at",
    "ends_at",
    "active",
  ] as const;
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of fields) {
    const was = before ? before[field] : null;
    if (was !== after[field]) changes[field] = { before: was, after: after[field] };
  }
  return changes;
}
