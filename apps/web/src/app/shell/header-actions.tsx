import { Heart, Search, ShoppingBag } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { IconButton } from "../../components/icon-button";
import { ProfileMenu } from "../../features/accounts/components/profile-menu";
import { useCartCount } from "../../features/cart/cart-api";
import { LazyWishlistCount } from "../../features/wishlist/components/lazy-wishlist";
import { wishlistTexts } from "../../features/wishlist/wishlist-texts";
import { paths } from "../../lib/paths";
import { openCart, openSearch } from "../../lib/ui-store";

export function HeaderActions() {
  const cartCount = useCartCount();
  const cartCountId = useId();
  const itemsText = `${cartCount} ${cartCount === 1 ? "item" : "items"}`;

  return (
    <div className="header-actions">
      <IconButton
        label="Search"
        icon={<Search aria-hidden="true" />}
        className="header-actions__search"
        data-overlay-trigger="search"
        onClick={openSearch}
      />
      <Link to={paths.wishlist} className="icon-button header-actions__wishlist" aria-label={wishlistTexts.link}>
        <Heart aria-hidden="true" />
        <LazyWishlistCount />
      </Link>
      <IconButton
        label="Cart"
        aria-describedby={cartCountId}
        icon={<ShoppingBag aria-hidden="true" />}
        data-overlay-trigger="cart"
        badge={
          cartCount > 0 ? (
            <span className="icon-button__badge" aria-hidden="true">
              {cartCount > 99 ? "99+" : cartCount}
            </span>
          ) : null
        }
        onClick={openCart}
      />
      <span id={cartCountId} className="visually-hidden">
        {itemsText}
      </span>
      <ProfileMenu />
    </div>
  );
}
