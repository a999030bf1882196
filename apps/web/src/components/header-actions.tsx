import { Search, ShoppingBag, UserRound } from "lucide-react";
import { useId } from "react";
import { showToast } from "../features/toast/toast-store";
import { IconButton } from "./icon-button";

interface HeaderActionsProps {
  cartCount: number;
}

export function HeaderActions({ cartCount }: HeaderActionsProps) {
  const cartCountId = useId();
  const itemsText = `${cartCount} ${cartCount === 1 ? "item" : "items"}`;

  return (
    <div className="header-actions">
      <IconButton
        label="Search"
        icon={<Search aria-hidden="true" />}
        onClick={() => showToast("Search lands with the first drop.")}
      />
      <IconButton
        label="Cart"
        aria-describedby={cartCountId}
        icon={<ShoppingBag aria-hidden="true" />}
        badge={
          <span className="icon-button__badge" aria-hidden="true">
            {cartCount}
          </span>
        }
        onClick={() => showToast(cartCount === 0 ? "Your cart is empty — for now." : `${itemsText} in your cart.`)}
      />
      <span id={cartCountId} className="visually-hidden">
        {itemsText}
      </span>
      <IconButton
        label="Profile"
        icon={<UserRound aria-hidden="true" />}
        className="header-actions__profile"
        onClick={() => showToast("Accounts open soon.")}
      />
    </div>
  );
}
