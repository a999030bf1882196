/**
 * Money arithmetic of the server, in one place. Amounts are integer paise (Rs. 1,299 = 129900);
 * every result is an integer, so totals add up exactly on both database engines.
 */

function assertPaise(paise: number): void {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Expected paise, got ${paise}`);
}

/** Unit price × quantity. */
export function lineTotal(unitPrice: number, quantity: number): number {
  assertPaise(unitPrice);
  return unitPrice * quantity;
}

export function sumPaise(amounts: Iterable<number>): number {
  let total = 0;
  for (const amount of amounts) total += amount;
  assertPaise(total);
  return total;
}

/**
 * Rounding rule of the shop: a percentage discount is taken on the whole subtotal (not per
 * line) and rounded DOWN to whole paise, so it never exceeds the advertised percentage.
 * 10% of 99,999 paise is 9,999 paise (not 10,000).
 */
export function percentageOf(subtotal: number, percent: number): number {
  assertPaise(subtotal);
  return Math.floor((subtotal * percent) / 100);
}

/** The average of `count` amounts adding up to `total`, rounded down to whole paise (0 for none). */
export function averagePaise(total: number, count: number): number {
  if (!Number.isSafeInteger(total) || !Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`Expected paise and a count, got ${total} / ${count}`);
  }
  return count === 0 ? 0 : Math.floor(total / count);
}

/** A fixed discount never exceeds what it is taken from. */
export function cappedDiscount(subtotal: number, discount: number): number {
  return Math.max(0, Math.min(subtotal, discount));
}

const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });

/**
 * ₹1,299.00: how order pages and order e-mails show an amount (R-ORD-1).
 * The storefront formats its own; this is for what the server writes itself (e-mail).
 */
export function formatOrderAmount(paise: number): string {
  return rupees.format(paise / 100);
}
