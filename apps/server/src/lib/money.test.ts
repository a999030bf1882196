import { describe, expect, it } from "vitest";
import { cappedDiscount, lineTotal, percentageOf, sumPaise } from "./money.js";

describe("money arithmetic", () => {
  it("rounds a percentage discount down to whole paise, never above the advertised percentage", () => {
    expect(percentageOf(99_999, 10)).toBe(9_999);
    expect(percentageOf(129_900, 10)).toBe(12_990);
    expect(percentageOf(1, 10)).toBe(0);
    expect(percentageOf(0, 10)).toBe(0);
  });

  it("caps a fixed discount at the amount it is taken from", () => {
    expect(cappedDiscount(5_000, 10_000)).toBe(5_000);
    expect(cappedDiscount(50_000, 10_000)).toBe(10_000);
  });

  it("refuses amounts that are not whole, non-negative paise", () => {
    expect(lineTotal(129_900, 3)).toBe(389_700);
    expect(sumPaise([1, 2, 3])).toBe(6);
    expect(() => lineTotal(12.5, 1)).toThrow(RangeError);
    expect(() => percentageOf(-1, 10)).toThrow(RangeError);
  });
});
