import { describe, expect, it } from "vitest";
import {
  formatRate,
  includedTax,
  indiaDate,
  ratesOn,
  shareDiscount,
  slabFor,
  splitTax,
  supplyKind,
  taxLines,
} from "./tax.js";

const after = new Date("2025-11-01T10:00:00Z");
const before = new Date("2025-09-01T10:00:00Z");
const tee = (lineTotal: number, quantity = 1) => ({ lineTotal, quantity, taxClass: "clothing" as const });

describe("clothing slabs", () => {
  it.each([
    // [what, inclusive line paise, quantity, discount, day, expected rate bp]
    ["taxable exactly Rs 2,500 at 5% (Rs 2,625 inclusive)", 262_500, 1, 0, after, 500],
    ["one paisa above Rs 2,625 inclusive", 262_501, 1, 0, after, 1800],
    ["Rs 2,800 without a discount", 280_000, 1, 0, after, 1800],
    ["Rs 2,800 brought under the limit by a Rs 280 discount", 280_000, 1, 28_000, after, 500],
    ["Rs 2,700 piece, discount of Rs 74.99 leaves it above", 270_000, 1, 7_499, after, 1800],
    ["Rs 2,700 piece, discount of Rs 75 brings it to the limit", 270_000, 1, 7_500, after, 500],
    ["two pieces of Rs 2,625: the limit is per piece", 525_000, 2, 0, after, 500],
    ["two pieces of Rs 2,625.01", 525_002, 2, 0, after, 1800],
    ["before 22 Sep 2025: Rs 1,050 (taxable Rs 1,000)", 105_000, 1, 0, before, 500],
    ["before 22 Sep 2025: Rs 1,050.01", 105_001, 1, 0, before, 1200],
    ["before 22 Sep 2025: Rs 2,000 is 12%", 200_000, 1, 0, before, 1200],
    ["after 22 Sep 2025: Rs 2,000 is 5%", 200_000, 1, 0, after, 500],
  ] as const)("%s", (_what, lineTotal, quantity, discount, at, rate) => {
    const [line] = taxLines([tee(lineTotal, quantity)], discount, at);
    expect(line?.rateBp).toBe(rate);
    expect((line?.taxableValue ?? 0) + (line?.taxAmount ?? 0)).toBe(lineTotal - discount);
  });

  it("changes rate at midnight India time on 22 September 2025", () => {
    const lastMinute = new Date("2025-09-21T18:29:59Z");
    const firstMinute = new Date("2025-09-21T18:30:00Z");
    expect(indiaDate(lastMinute)).toBe("2025-09-21");
    expect(indiaDate(firstMinute)).toBe("2025-09-22");
    expect(taxLines([tee(150_000)], 0, lastMinute)[0]?.rateBp).toBe(1200);
    expect(taxLines([tee(150_000)], 0, firstMinute)[0]?.rateBp).toBe(500);
  });

  it("keeps other classes at their own rates", () => {
    expect(ratesOn("bags", "2025-11-01").slabs).toEqual([{ upToPaise: null, rateBp: 1800 }]);
    expect(taxLines([{ lineTotal: 59_900, quantity: 1, taxClass: "headwear" }], 0, after)[0]?.rateBp).toBe(500);
    expect(taxLines([{ lineTotal: 59_900, quantity: 1, taxClass: "headwear" }], 0, before)[0]?.rateBp).toBe(1200);
  });

  it("refuses a day before any rate", () => {
    expect(() => ratesOn("clothing", "2017-06-30")).toThrow(RangeError);
    expect(() => slabFor([{ upToPaise: 1, rateBp: 500 }], 100, 1)).toThrow(RangeError);
  });
});

describe("rounding", () => {
  it("takes the tax out of the inclusive amount to the nearest paisa", () => {
    expect(includedTax(129_900, 500)).toEqual({ taxableValue: 123_714, taxAmount: 6_186 });
    expect(includedTax(1, 1800)).toEqual({ taxableValue: 1, taxAmount: 0 });
    expect(includedTax(0, 500)).toEqual({ taxableValue: 0, taxAmount: 0 });
  });

  it("shares a discount out so the shares add up to it exactly", () => {
    expect(shareDiscount([100, 100, 100], 100)).toEqual([34, 33, 33]);
    expect(shareDiscount([129_900, 99_900, 59_900], 28_970)).toEqual([12_990, 9_990, 5_990]);
    expect(shareDiscount([129_900, 99_900, 59_900], 28_971)).toEqual([12_991, 9_990, 5_990]);
    expect(shareDiscount([500], 0)).toEqual([0]);
    expect(() => shareDiscount([500], 501)).toThrow(RangeError);
  });

  it("adds the lines up to the amount paid, whatever the discount", () => {
    const lines = [
      tee(129_900),
      tee(199_800, 2),
      tee(289_900),
      { lineTotal: 79_900, quantity: 1, taxClass: "bags" as const },
    ];
    const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
    for (const discount of [0, 1, 7, 69_949, 70_001, 123_457]) {
      const taxed = taxLines(lines, discount, after);
      expect(taxed.reduce((sum, line) => sum + line.discount, 0)).toBe(discount);
      expect(taxed.reduce((sum, line) => sum + line.taxableValue + line.taxAmount, 0)).toBe(subtotal - discount);
      for (const line of taxed) expect(line.taxableValue + line.taxAmount).toBe(line.amount);
    }
  });
});

describe("place of supply", () => {
  const line = { amount: 105_001, rateBp: 500, taxableValue: 100_001, taxAmount: 5_000 };
  const oddLine = { amount: 105_000, rateBp: 500, taxableValue: 99_999, taxAmount: 5_001 };

  it.each([
    ["same state", "Karnataka", { country: "IN", state: " karnataka " }, "intra"],
    ["other state", "Karnataka", { country: "IN", state: "Maharashtra" }, "inter"],
    ["country written out", "Karnataka", { country: "India", state: "Goa" }, "inter"],
    ["outside India", "Karnataka", { country: "AE", state: "Dubai" }, "export"],
  ] as const)("%s", (_what, shop, delivery, kind) => {
    expect(supplyKind(shop, delivery)).toBe(kind);
  });

  it("splits intra-state tax into CGST and SGST that add up, the odd paisa to CGST", () => {
    expect(splitTax(line, "intra", true)).toMatchObject({ cgst: 2_500, sgst: 2_500, igst: 0, taxableValue: 100_001 });
    expect(splitTax(oddLine, "intra", true)).toMatchObject({ cgst: 2_501, sgst: 2_500, igst: 0 });
  });

  it("charges IGST inter-state", () => {
    expect(splitTax(oddLine, "inter", true)).toMatchObject({ cgst: 0, sgst: 0, igst: 5_001, rateBp: 500 });
  });

  it("zero-rates an export under a letter of undertaking, and charges IGST without one", () => {
    expect(splitTax(line, "export", true)).toEqual({
      supply: "export",
      taxableValue: 105_001,
      rateBp: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
    });
    expect(splitTax(line, "export", false)).toMatchObject({ igst: 5_000, taxableValue: 100_001 });
  });

  it("prints rates", () => {
    expect([formatRate(500), formatRate(250), formatRate(1800), formatRate(0)]).toEqual(["5%", "2.5%", "18%", "0%"]);
  });
});
