import { cartMessages as m } from "@vaki/contract/messages";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { InvalidInput } from "../../lib/errors.js";
import { cappedDiscount, percentageOf } from "../../lib/money.js";
import type { PromotionRecord, PromotionsRepo } from "./repo.js";

/** Whoever a promo code is checked for; a guest's e-mail and phone are known only at payment. */
export interface CustomerRef {
  userId?: string | null;
  email?: string | null;
  phone?: string | null;
}

/** Answers whether a customer already has a paid order (owned by the orders module). */
export interface PaidOrderLookup {
  hasPaidOrder(customer: CustomerRef, db?: Db): Promise<boolean>;
  /** Paid orders of the customer that used the code (for a per-customer limit). */
  paidOrdersWithCode(customer: CustomerRef, code: string, db?: Db): Promise<number>;
  /** Per code: paid orders that used it and the paise they were discounted (the admin's list). */
  paidUseOfCodes(): Promise<Map<string, { orders: number; discount: number }>>;
}

export interface EvaluateOptions {
  /** Checkout leaves the usage limit to reserveUse, which counts the use atomically. */
  ignoreUsage?: boolean;
}

/** What a code gives a cart right now: a discount and its message, or why it gives nothing. */
export interface PromoOutcome {
  code: string;
  valid: boolean;
  /** Paise; 0 when not valid. */
  discount: number;
  message: string;
}

/**
 * Promo codes (table `promotions`; VAKI10 is data from migration 0003; the owner manages codes
 * in the admin). A code is valid when it exists and is active, has started and not ended, is not
 * used up, the subtotal reaches its minimum, the customer has not used it up to its per-customer
 * limit, and — for first-order codes — the customer has no paid order. A guest is checked again by e-mail and phone when the address
 * is known at payment (`checkFirstOrderEligibility`, called by the payment flow).
 */
export class PromotionsService {
  constructor(
    private readonly repo: PromotionsRepo,
    private readonly clock: Clock,
    private readonly paidOrders: PaidOrderLookup,
  ) {}

  /** The discount a code gives on a subtotal for this customer; never throws for an invalid code. */
  async evaluate(
    code: string,
    customer: CustomerRef,
    subtotal: number,
    trx?: Db,
    options: EvaluateOptions = {},
  ): Promise<PromoOutcome> {
    const repo = trx ? this.repo.in(trx) : this.repo;
    const promotion = await repo.findByCode(code);
    const problem = await this.problemWith(promotion, customer, subtotal, trx, options);
    if (problem || !promotion) return { code, valid: false, discount: 0, message: problem ?? m.promoInvalid };
    return {
      code,
      valid: true,
      discount: discountOf(promotion, subtotal),
      message: m.promoApplied(promotion.code, promotion.description),
    };
  }

  /** Like evaluate, but an invalid code is refused with 400 and its reason ("This code has expired"). */
  async require(
    code: string,
    customer: CustomerRef,
    subtotal: number,
    trx?: Db,
    options: EvaluateOptions = {},
  ): Promise<PromoOutcome> {
    const outcome = await this.evaluate(code, customer, subtotal, trx, options);
    if (!outcome.valid) throw new InvalidInput(outcome.message, { fieldErrors: { code: [outcome.message] } });
    return outcome;
  }

  /**
   * First-order rule: a customer is eligible when no paid order matches the user, the e-mail or
   * the phone. The payment flow calls this again once a guest's address is known.
   */
  async checkFirstOrderEligibility(customer: CustomerRef, trx?: Db): Promise<{ eligible: boolean }> {
    return { eligible: !(await this.paidOrders.hasPaidOrder(customer, trx)) };
  }

  /** Counts the order on the code inside the order's transaction; 400 when the code just got used up. */
  async reserveUse(trx: Db, code: string): Promise<void> {
    if (!(await this.repo.in(trx).reserveUse(code, this.clock.now().toISOString()))) {
      throw new InvalidInput(m.promoUsedUp, { fieldErrors: { code: [m.promoUsedUp] } });
    }
  }

  /** Gives back the uses of orders cancelled before payment (one entry per order). */
  async releaseUses(trx: Db, codes: readonly (string | null)[]): Promise<void> {
    const counts = new Map<string, number>();
    for (const code of codes) if (code) counts.set(code, (counts.get(code) ?? 0) + 1);
    const repo = this.repo.in(trx);
    const now = this.clock.now().toISOString();
    for (const [code, count] of counts) await repo.releaseUses(code, count, now);
  }

  private async problemWith(
    promotion: PromotionRecord | undefined,
    customer: CustomerRef,
    subtotal: number,
    trx: Db | undefined,
    options: EvaluateOptions,
  ): Promise<string | null> {
    if (promotion?.active !== 1) return m.promoInvalid;
    const now = this.clock.now().toISOString();
    if (promotion.starts_at && promotion.starts_at > now) return m.promoNotStarted;
    if (promotion.ends_at && promotion.ends_at <= now) return m.promoExpired;
    const usedUp = promotion.usage_limit !== null && promotion.times_used >= promotion.usage_limit;
    if (usedUp && !options.ignoreUsage) return m.promoUsedUp;
    if (subtotal < promotion.min_order_amount) return m.promoMinimumOrder(promotion.min_order_amount);
    if (promotion.per_customer_limit !== null && hasIdentity(customer)) {
      const used = await this.paidOrders.paidOrdersWithCode(customer, promotion.code, trx);
      if (used >= promotion.per_customer_limit) return m.promoCustomerLimit;
    }
    if (promotion.first_order_only === 1 && hasIdentity(customer)) {
      const { eligible } = await this.checkFirstOrderEligibility(customer, trx);
      if (!eligible) return m.promoFirstOrderOnly;
    }
    return null;
  }
}

function hasIdentity(customer: CustomerRef): boolean {
  return Boolean(customer.userId || customer.email || customer.phone);
}

/** Rounding rule: lib/money.ts (percentages of the whole subtotal, rounded down to whole paise). */
export function discountOf(promotion: Pick<PromotionRecord, "kind" | "value">, subtotal: number): number {
  return promotion.kind === "percentage"
    ? percentageOf(subtotal, promotion.value)
    : cappedDiscount(subtotal, promotion.value);
}
