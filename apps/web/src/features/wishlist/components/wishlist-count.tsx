import { useWishlist } from "../wishlist-api";

/** The header heart's badge: how many products are saved (nothing when none). */
export function WishlistCount() {
  const saved = useWishlist().productIds.length;
  if (saved === 0) return null;
  return (
    <span className="icon-button__badge" aria-hidden="true">
      {saved > 99 ? "99+" : saved}
    </span>
  );
}
