/**
 * A guest's wishlist: product ids in this browser's storage, newest first (issue 30). Login
 * merges it into the account (`mergeGuestWishlist`) and empties it.
 */
import { WISHLIST_MAX } from "@vaki/contract/wishlist-rules";
import { create } from "zustand";
import { readStoredJson, writeStoredJson } from "../../lib/storage";

export const GUEST_WISHLIST_KEY = "vaki.wishlist";

function readIds(): number[] {
  const stored = readStoredJson<unknown>(GUEST_WISHLIST_KEY);
  if (!Array.isArray(stored)) return [];
  return [...new Set(stored.filter((id): id is number => Number.isInteger(id) && id > 0))].slice(0, WISHLIST_MAX);
}

interface GuestWishlistState {
  productIds: number[];
  toggle(productId: number): void;
  clear(): void;
}

export const useGuestWishlist = create<GuestWishlistState>()((set, get) => {
  const save = (productIds: number[]) => {
    writeStoredJson(GUEST_WISHLIST_KEY, productIds.length > 0 ? productIds : null);
    set({ productIds });
  };
  return {
    productIds: readIds(),
    toggle(productId) {
      const ids = get().productIds;
      save(ids.includes(productId) ? ids.filter((id) => id !== productId) : [productId, ...ids].slice(0, WISHLIST_MAX));
    },
    clear: () => save([]),
  };
});

/** Another tab changed the list: follow it. */
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === GUEST_WISHLIST_KEY) useGuestWishlist.setState({ productIds: readIds() });
  });
}
