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
