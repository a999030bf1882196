/**
 * GST rates as dated data (decision 0017): one entry per tax class and the day (India time) it
 * took effect. A change of rate is a new entry, never an edit of an old one, so orders placed
 * before it keep theirs (each order line also stores the rate it was charged).
 *
 * Slabs are tried in order: a piece takes the first slab whose limit its taxable value (the
 * piece's price after its share of the discount, less that slab's tax) stays within.
 * Rates are basis points (500 = 5%); limits are paise.
 */
export const taxClasses = ["clothing", "headwear", "bags"] as const;
export type TaxClass = (typeof taxClasses)[number];

export interface RateSlab {
  /** Highest taxable value of one piece (paise) this slab covers; null: no limit. */
  upToPaise: number | null;
  rateBp: number;
}

export interface DatedRate {
  taxClass: TaxClass;
  /** First day in force, India time (YYYY-MM-DD). */
  from: string;
  slabs: readonly RateSlab[];
}

export const rateTable: readonly DatedRate[] = [
  // Apparel of HSN chapters 61-62.
  {
    taxClass: "clothing",
    from: "2017-07-01",
    slabs: [
      { upToPaise: 100_000, rateBp: 500 },
      { upToPaise: null, rateBp: 1200 },
    ],
  },
  {
    taxClass: "clothing",
    from: "2025-09-22",
    slabs: [
      { upToPaise: 250_000, rateBp: 500 },
      { upToPaise: null, rateBp: 1800 },
    ],
  },
  // Caps and hats (HSN 6505).
  { taxClass: "headwear", from: "2017-07-01", slabs: [{ upToPaise: null, rateBp: 1200 }] },
  { taxClass: "headwear", from: "2025-09-22", slabs: [{ upToPaise: null, rateBp: 500 }] },
  // Bags with an outer surface of textile (HSN 4202).
  { taxClass: "bags", from: "2017-07-01", slabs: [{ upToPaise: null, rateBp: 1800 }] },
];

/** HSN code and tax class of the seed's categories (a product's own values are edited in admin). */
export const taxCodeOfCategory: Readonly<Record<string, { hsnCode: string; taxClass: TaxClass }>> = {
  tees: { hsnCode: "6109", taxClass: "clothing" },
  "oversized-tees": { hsnCode: "6109", taxClass: "clothing" },
  hoodies: { hsnCode: "6110", taxClass: "clothing" },
  sweatshirts: { hsnCode: "6110", taxClass: "clothing" },
  joggers: { hsnCode: "6103", taxClass: "clothing" },
  shorts: { hsnCode: "6103", taxClass: "clothing" },
  socks: { hsnCode: "6115", taxClass: "clothing" },
  caps: { hsnCode: "6505", taxClass: "headwear" },
  "tote-bags": { hsnCode: "4202", taxClass: "bags" },
};
