/**
 * Products this browser opened, newest first (issue 30): kept in storage, never sent anywhere
 * but to ask for their cards. Nine are kept so eight remain beside the one on screen.
 */
import { create } from "zustand";
import { readStoredJson, writeStoredJson } from "../../lib/storage";

export const RECENTLY_VIEWED_KEY = "vaki.recentlyViewed";
/** How many a shelf shows. */
export const RECENTLY_VIEWED_SHOWN = 8;
const KEPT = RECENTLY_VIEWED_SHOWN + 1;

function readIds(): number[] {
  const stored = readStoredJson<unknown>(RECENTLY_VIEWED_KEY);
  if (!Array.isArray(stored)) return [];
  return [...new Set(stored.filter((id): id is number => Number.isInteger(id) && id > 0))].slice(0, KEPT);
}

interface RecentlyViewedState {
  productIds: number[];
  record(productId: number): void;
}

export const useRecentlyViewedStore = create<RecentlyViewedState>()((set, get) => ({
  productIds: readIds(),
  record(productId) {
    const productIds = [productId, ...get().productIds.filter((id) => id !== productId)].slice(0, KEPT);
    writeStoredJson(RECENTLY_VIEWED_KEY, productIds);
    set({ productIds });
  },
}));

/** The ids a shelf shows: the newest eight, leaving out the product on screen. */
export function shelfIds(productIds: readonly number[], current?: number): number[] {
  return productIds.filter((id) => id !== current).slice(0, RECENTLY_VIEWED_SHOWN);
}
