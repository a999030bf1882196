import { afterEach, describe, expect, it } from "vitest";
import { CLUB_POPUP_STORAGE_KEY, clubPopupDueToday, markClubPopupShown, wasShownToday } from "./club-popup-schedule";

afterEach(() => localStorage.clear());

describe("the Club pop-up's daily rule", () => {
  it("counts a timestamp from earlier the same calendar day as shown today", () => {
    const morning = new Date(2026, 2, 14, 0, 5);
    const night = new Date(2026, 2, 14, 23, 55);
    expect(wasShownToday(String(morning.getTime()), night)).toBe(true);
  });

  it("compares calendar days, not 24 hours: one minute before midnight was yesterday", () => {
    const lateYesterday = new Date(2026, 2, 13, 23, 59);
    const justAfterMidnight = new Date(2026, 2, 14, 0, 0);
    expect(wasShownToday(String(lateYesterday.getTime()), justAfterMidnight)).toBe(false);
  });

  it("does not mistake the same day of another month or year for today", () => {
    const now = new Date(2026, 2, 14, 12);
    expect(wasShownToday(String(new Date(2026, 1, 14, 12).getTime()), now)).toBe(false);
    expect(wasShownToday(String(new Date(2025, 2, 14, 12).getTime()), now)).toBe(false);
  });

  it("treats a missing or unreadable value as not shown", () => {
    const now = new Date(2026, 2, 14, 12);
    expect(wasShownToday(null, now)).toBe(false);
    expect(wasShownToday("", now)).toBe(false);
    expect(wasShownToday("not a date", now)).toBe(false);
  });

  it("stores the time it was shown under joinClubModalShown, which makes it not due until tomorrow", () => {
    const now = new Date(2026, 2, 14, 9, 30);
    expect(clubPopupDueToday(now)).toBe(true);
    markClubPopupShown(now);
    expect(localStorage.getItem(CLUB_POPUP_STORAGE_KEY)).toBe(String(now.getTime()));
    expect(CLUB_POPUP_STORAGE_KEY).toBe("joinClubModalShown");
    expect(clubPopupDueToday(new Date(2026, 2, 14, 22))).toBe(false);
    expect(clubPopupDueToday(new Date(2026, 2, 15, 0, 1))).toBe(true);
  });
});
