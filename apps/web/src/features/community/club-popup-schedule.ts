/**
 * The Club pop-up's daily rule (R-STORE-4, R-STORE-9): shown at most once per calendar day.
 * A timestamp in localStorage under `joinClubModalShown`, written when the pop-up opens and
 * again when it closes, compared with today by local calendar day.
 */
import { readStored, writeStored } from "../../lib/storage";

export const CLUB_POPUP_STORAGE_KEY = "joinClubModalShown";
/** R-STORE-9: the pop-up appears about 1 s after the page loads. */
export const CLUB_POPUP_DELAY_MS = 1000;

function isSameCalendarDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** True when the stored timestamp falls on the same local calendar day as `now`. */
export function wasShownToday(stored: string | null, now: Date): boolean {
  if (!stored) return false;
  const shownAt = new Date(/^\d+$/.test(stored) ? Number(stored) : stored);
  return !Number.isNaN(shownAt.getTime()) && isSameCalendarDay(shownAt, now);
}

export function clubPopupDueToday(now: Date = new Date()): boolean {
  return !wasShownToday(readStored(CLUB_POPUP_STORAGE_KEY), now);
}

export function markClubPopupShown(now: Date = new Date()): void {
  writeStored(CLUB_POPUP_STORAGE_KEY, String(now.getTime()));
}
