import { type DatedRate, type RateSlab, rateTable, type TaxClass } from "./rate-table.js";

/**
 * GST arithmetic (no I/O). Prices are tax-inclusive integer paise: each line's taxable value
 * and tax are taken out of what the line is paid after its share of the discount, so the lines'
 * amounts add up exactly to the order's total.
 */

/** Intra-state (CGST + SGST), inter-state (IGST) or an export (outside India). */
export type SupplyKind = "intra" | "inter" | "export";

export interface TaxLineInput {
  /** Unit price × quantity, paise, tax-inclusive. */
  lineTotal: number;
  quantity: number;
  taxClass: TaxClass;
}

export interface LineTax {
  /** This line's share of the order's discount. */
  discount: number;
  /** What the line is paid: lineTotal - discount = taxableValue + taxAmount. */
  amount: number;
  rateBp: number;
  taxableValue: number;
  taxAmount: number;
}

export interface TaxSplit {
  supply: SupplyKind;
  taxableValue: number;
  /** Rate of the line's whole tax (0 for a zero-rated export). */
  rateBp: number;
  cgst: number;
  sgst: number;
  igst: number;
}

const indiaOffsetMs = (5 * 60 + 30) * 60_000;

/** The calendar day in India of an instant (rates change at midnight India time). */
export function indiaDate(at: Date): string {
  return new Date(at.getTime() + indiaOffsetMs).toISOString().slice(0, 10);
}

/** The rate entry of a class in force on a day. */
export function ratesOn(taxClass: TaxClass, day: string, table: readonly DatedRate[] = rateTable): DatedRate {
  let found: DatedRate | undefined;
  for (const entry of table) {
    if (entry.taxClass === taxClass && entry.from <= day && (!found || entry.from > found.from)) found = entry;
  }
  if (!found) throw new RangeError(`No GST rate for ${taxClass} on ${day}`);
  return found;
}

/**
 * The slab a line's pieces fall in: the first whose limit the taxable value of one piece
 * (amount / quantity, less that slab's own tax) stays within, compared in integers.
 */
export function slabFor(slabs: readonly RateSlab[], amount: number, quantity: number): RateSlab {
  for (const slab of slabs) {
    // amount / quantity / (1 + rate) <= limit  ⇔  amount × 10000 <= limit × quantity × (10000 + rate)
    if (slab.upToPaise === null || amount * 10_000 <= slab.upToPaise * quantity * (10_000 + slab.rateBp)) return slab;
  }
  throw new RangeError("The last slab must have no limit");
}

/**
 * Shares `discount` out over the lines in proportion to their totals (largest remainder, ties to
 * the earlier line), so the shares add up to the discount exactly.
 */
export function shareDiscount(lineTotals: readonly number[], discount: number): number[] {
  const subtotal = lineTotals.reduce((sum, total) => sum + total, 0);
  if (discount <= 0 || subtotal === 0) return lineTotals.map(() => 0);
  if (discount > subtotal) throw new RangeError("Discount exceeds the subtotal");
  const exact = lineTotals.map((total) => total * discount);
  const shares = exact.map((value) => Math.floor(value / subtotal));
  let left = discount - shares.reduce((sum, share) => sum + share, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value % subtotal }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** Tax included in an inclusive amount at a rate: amount - round(amount / (1 + rate)). */
export function includedTax(amount: number, rateBp: number): { taxableValue: number; taxAmount: number } {
  const taxableValue = Math.round((amount * 10_000) / (10_000 + rateBp));
  return { taxableValue, taxAmount: amount - taxableValue };
}

/** Each line's discount share, rate, taxable value and tax for an order placed at `at`. */
export function taxLines(
  lines: readonly TaxLineInput[],
  discount: number,
  at: Date,
  table: readonly DatedRate[] = rateTable,
): LineTax[] {
  const day = indiaDate(at);
  const shares = shareDiscount(
    lines.map((line) => line.lineTotal),
    discount,
  );
  return lines.map((line, index) => {
    const share = shares[index] ?? 0;
    const amount = line.lineTotal - share;
    const { rateBp } = slabFor(ratesOn(line.taxClass, day, table).slabs, amount, line.quantity);
    return { discount: share, amount, rateBp, ...includedTax(amount, rateBp) };
  });
}

/** Where the supply goes: outside India an export, the shop's own state intra-state, else inter-state. */
export function supplyKind(shopState: string, delivery: { country: string; state: string }): SupplyKind {
  const country = delivery.country.trim().toUpperCase();
  if (country !== "IN" && country !== "INDIA") return "export";
  return normaliseState(delivery.state) === normaliseState(shopState) ? "intra" : "inter";
}

function normaliseState(state: string): string {
  return state.trim().toLowerCase().replace(/\s+/g, " ");
}

/**
 * A stored line's tax as the invoice shows it: CGST + SGST (half each; the odd paisa to CGST),
 * IGST, or for an export under a letter of undertaking zero-rated (the whole amount taxable,
 * no tax); an export without one pays IGST.
 */
export function splitTax(
  line: Pick<LineTax, "amount" | "rateBp" | "taxableValue" | "taxAmount">,
  supply: SupplyKind,
  exportUnderLut: boolean,
): TaxSplit {
  if (supply === "export" && exportUnderLut) {
    return { supply, taxableValue: line.amount, rateBp: 0, cgst: 0, sgst: 0, igst: 0 };
  }
  if (supply === "intra") {
    const cgst = Math.ceil(line.taxAmount / 2);
    return { supply, taxableValue: line.taxableValue, rateBp: line.rateBp, cgst, sgst: line.taxAmount - cgst, igst: 0 };
  }
  return { supply, taxableValue: line.taxableValue, rateBp: line.rateBp, cgst: 0, sgst: 0, igst: line.taxAmount };
}

/** "5%", "2.5%": a rate in basis points as invoices print it. */
export function formatRate(rateBp: number): string {
  return `${(rateBp / 100).toFixed(2).replace(/\.?0+$/, "")}%`;
}
