import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCartTotal, formatOrderAmount, formatRupees } from "./money";

describe("formatRupees", () => {
  it("shows whole rupees with Indian grouping", () => {
    expect(formatRupees(129900)).toBe("Rs. 1,299");
    expect(formatRupees(0)).toBe("Rs. 0");
    expect(formatRupees(99900)).toBe("Rs. 999");
    expect(formatRupees(12345678900)).toBe("Rs. 12,34,56,789");
  });

  it("keeps paise when the amount is not a round rupee", () => {
    expect(formatRupees(129950)).toBe("Rs. 1,299.50");
  });

  it("puts the sign before the currency for negative amounts", () => {
    expect(formatRupees(-10000)).toBe("-Rs. 100");
  });

  it("rejects amounts that are not integer paise", () => {
    expect(() => formatRupees(12.5)).toThrow(RangeError);
    expect(() => formatRupees(Number.NaN)).toThrow(RangeError);
  });
});

describe("formatCartTotal", () => {
  it("shows the cart total without grouping and with the /- suffix", () => {
    expect(formatCartTotal(259800)).toBe("Rs. 2598/-");
    expect(formatCartTotal(12345600)).toBe("Rs. 123456/-");
    expect(formatCartTotal(0)).toBe("Rs. 0/-");
  });
});

describe("formatOrderAmount", () => {
  it("shows the rupee sign, Indian grouping and two decimals", () => {
    expect(formatOrderAmount(129900)).toBe("₹1,299.00");
    expect(formatOrderAmount(12345678905)).toBe("₹12,34,56,789.05");
    expect(formatOrderAmount(50)).toBe("₹0.50");
  });
});

describe("the same text Intl's en-IN formats give", () => {
  const grouped = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 });
  const plain = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2, useGrouping: false });
  const twoDecimals = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const rupees = (format: Intl.NumberFormat, paise: number) => {
    const absolute = Math.abs(paise) / 100;
    const text = Number.isInteger(absolute)
      ? format.format(absolute)
      : new Intl.NumberFormat("en-IN", { ...format.resolvedOptions(), ...twoDecimals }).format(absolute);
    return `${paise < 0 ? "-" : ""}Rs. ${text}`;
  };
  const currency = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });
  // Up to 2^47 paise (₹1.4 lakh crore): beyond that Intl's float division loses the last paise, this does not.
  const amounts = fc.oneof(
    fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
    fc.integer({ min: 0, max: 2 ** 47 }),
  );

  it("for product prices, cart totals and order amounts", () => {
    fc.assert(
      fc.property(amounts, (paise) => {
        expect(formatRupees(paise)).toBe(rupees(grouped, paise));
        expect(formatCartTotal(paise)).toBe(`${rupees(plain, paise)}/-`);
        expect(formatOrderAmount(paise)).toBe(currency.format(paise / 100));
      }),
      { numRuns: 2000 },
    );
  });
});
