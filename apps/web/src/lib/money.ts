/**
 * Money arrives from the API as integer paise (1 rupee = 100 paise).
 * These helpers are the only place that turns paise into display strings.
 */

const PAISE_PER_RUPEE = 100;

const groupedWhole = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });
const groupedFraction = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const plainWhole = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0, useGrouping: false });
const plainFraction = new Intl.NumberFormat("en-IN", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});
const orderCurrency = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });

function assertPaise(paise: number): void {
  if (!Number.isSafeInteger(paise)) {
    throw new RangeError(`Expected an integer amount in paise, got ${paise}`);
  }
}

function rupeesText(paise: number, whole: Intl.NumberFormat, fraction: Intl.NumberFormat): string {
  const absolute = Math.abs(paise);
  const formatter = absolute % PAISE_PER_RUPEE === 0 ? whole : fraction;
  const sign = paise < 0 ? "-" : "";
  return `${sign}Rs. ${formatter.format(absolute / PAISE_PER_RUPEE)}`;
}

/** Product prices: 129900 → "Rs. 1,299" (Indian digit grouping; paise shown only when present). */
export function formatRupees(paise: number): string {
  assertPaise(paise);
  return rupeesText(paise, groupedWhole, groupedFraction);
}

/** Cart totals: 259800 → "Rs. 2598/-" (no grouping, the "/-" suffix of a round amount). */
export function formatCartTotal(paise: number): string {
  assertPaise(paise);
  return `${rupeesText(paise, plainWhole, plainFraction)}/-`;
}

/** Order summaries and invoices: 129900 → "₹1,299.00". */
export function formatOrderAmount(paise: number): string {
  assertPaise(paise);
  return orderCurrency.format(paise / PAISE_PER_RUPEE);
}
