import { Heart } from "lucide-react";
import { useWishlist } from "../wishlist-api";
import { wishlistTexts as t } from "../wishlist-texts";
import "./wishlist-button.css";

interface WishlistButtonProps {
  productId: number;
  productName: string;
  /** "card": over a product card's picture; "page": beside the product page's title. */
  variant?: "card" | "page";
}

/** The heart: saves the product to the wishlist of whoever is browsing, or takes it out. */
export function WishlistButton({ productId, productName, variant = "card" }: WishlistButtonProps) {
  const wishlist = useWishlist();
  const saved = wishlist.has(productId);
  return (
    <button
      type="button"
      className={`wishlist-button wishlist-button--${variant}`}
      aria-pressed={saved}
      // The card's heart is an icon alone; the page's says its name in words.
      aria-label={variant === "card" ? (saved ? t.remove : t.add) : undefined}
      title={variant === "card" ? `${saved ? t.remove : t.add}: ${productName}` : undefined}
      data-product-id={productId}
      onClick={(event) => {
        // A card's heart sits over its link: the click saves, it does not open the product.
        event.preventDefault();
        event.stopPropagation();
        wishlist.toggle(productId);
      }}
    >
      <Heart aria-hidden="true" className="wishlist-button__icon" />
      {variant === "page" ? <span className="wishlist-button__text">{saved ? t.remove : t.add}</span> : null}
    </button>
  );
}
