/**
 * Money arrives from the API as integer paise (1 rupee = 100 paise).
 * These helpers are the only place that turns paise into display strings.
 */

const PAISE_PER_RUPEE = 100;

/*
 * Written out here rather than with Intl.NumberFormat: a page's first number formatter costs
 * about 35 ms of main thread on a desktop (several times that on a phone) while the browser
 * loads its number data, and every shop page shows a price in its first render (issue 14).
 * The tests hold these to Intl's en-IN output.
 */

/** Indian digit grouping of a whole number's digits: "12345678" → "1,23,45,678". */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",");
  return `${head},${digits.slice(-3)}`;
}

/** Rupees of a non-negative amount in paise: grouped or not, with its paise always or only when present. */
function amountText(absolute: number, grouped: boolean, paise: "always" | "when-present"): string {
  const whole = String(Math.floor(absolute / PAISE_PER_RUPEE));
  const rest = absolute % PAISE_PER_RUPEE;
  const wholeText = grouped ? groupIndian(whole) : whole;
  return rest === 0 && paise === "when-present" ? wholeText : `${wholeText}.${String(rest).padStart(2, "0")}`;
}

function assertPaise(paise: number): void {
  if (!Number.isSafeInteger(paise)) {
    throw new RangeError(`Expected an integer amount in paise, got ${paise}`);
  }
}

function rupeesText(paise: number, grouped: boolean): string {
  const sign = paise < 0 ? "-" : "";
  return `${sign}Rs. ${amountText(Math.abs(paise), grouped, "when-present")}`;
}

/** Product prices: 129900 → "Rs. 1,299" (Indian digit grouping; paise shown only when present). */
export function formatRupees(paise: number): string {
  assertPaise(paise);
  return rupeesText(paise, true);
}

/** Cart totals: 259800 → "Rs. 2598/-" (no grouping, the "/-" suffix of a round amount). */
export function formatCartTotal(paise: number): string {
  assertPaise(paise);
  return `${rupeesText(paise, false)}/-`;
}

/** Order summaries and invoices: 129900 → "₹1,299.00". */
export function formatOrderAmount(paise: number): string {
  assertPaise(paise);
  return `${paise < 0 ? "-" : ""}₹${amountText(Math.abs(paise), true, "always")}`;
}
