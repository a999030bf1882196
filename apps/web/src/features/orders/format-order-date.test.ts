import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Order dates show in the shopper's own time zone; these tests pin it to India's.
const zoneBefore = process.env.TZ;
let format: typeof import("./format-order-date");

beforeAll(async () => {
  process.env.TZ = "Asia/Kolkata";
  format = await import("./format-order-date");
});

afterAll(() => {
  process.env.TZ = zoneBefore;
});

describe("formatOrderDate", () => {
  it("writes the long month with the time (R-ORD-9)", () => {
    expect(format.formatOrderDate("2026-11-24T10:15:00.000Z")).toBe("24 November 2026, 3:45 pm");
    expect(format.formatOrderDate("2026-01-05T00:05:00.000Z")).toBe("5 January 2026, 5:35 am");
  });

  it("reads the courier's India-time dates without a zone", () => {
    expect(format.formatOrderDate("2026-11-25 18:02:11")).toBe("25 November 2026, 6:02 pm");
  });

  it("gives nothing for a missing or unreadable date", () => {
    expect(format.formatOrderDate(null)).toBe("");
    expect(format.formatOrderDate("not a date")).toBe("");
  });

  it("writes a day without the time for the expected delivery", () => {
    expect(format.formatOrderDay("2026-11-28 00:00:00")).toBe("28 November 2026");
  });
});
