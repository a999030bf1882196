import type { CartItem } from "@vaki/contract/cart";
import { cartLimits } from "@vaki/contract/cart";
import { LoaderCircle, Minus, Plus, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Picture } from "../../../components/picture";
import { formatRupees } from "../../../lib/money";
import { paths } from "../../../lib/paths";
import { cartPanelMessages as t } from "../cart-messages";

interface CartLineProps {
  item: CartItem;
  /** Another quantity update is running somewhere in the cart (R-STORE-5: one at a time). */
  updateBlocked: boolean;
  /** Another removal is running. */
  removeBlocked: boolean;
  updating: boolean;
  removing: boolean;
  onQuantity: (item: CartItem, quantity: number) => void;
  onRemove: (item: CartItem) => void;
  onNavigate: () => void;
}

/** R-STORE-3: Color and Size are shown; Size is the single display line when there is no colour. */
function variantLine(item: CartItem): string {
  const parts: string[] = [];
  if (item.size) parts.push(`Size: ${item.size}`);
  if (item.color) parts.push(`Color: ${item.color}`);
  if (parts.length === 0) {
    for (const { name, value } of item.variantAttributes) parts.push(`${name}: ${value}`);
  }
  return parts.join(" · ");
}

function stockNote(item: CartItem): string | null {
  if (item.inStock) return null;
  return item.availableQuantity > 0 ? `Only ${item.availableQuantity} left` : "Sold out";
}

/**
 * One cart row. Buttons stay focusable while blocked (aria-disabled), so a keyboard user keeps
 * their place while an update runs; clicks are ignored until it ends.
 */
export function CartLine({
  item,
  updateBlocked,
  removeBlocked,
  updating,
  removing,
  onQuantity,
  onRemove,
  onNavigate,
}: CartLineProps) {
  const image = item.image ?? item.imageUrl;
  const atOne = item.quantity <= 1;
  // Minus at 1 removes the line (R-STORE-4), so it follows the removal rule then.
  const minusBlocked = removing || (atOne ? removeBlocked : updateBlocked);
  const plusBlocked = removing || updateBlocked || item.quantity >= cartLimits.maxQuantityPerLine;
  const note = stockNote(item);
  const status = removing ? t.removing : updating ? t.updating : null;

  return (
    <li className={`cart-line${removing ? " cart-line--removing" : ""}`} aria-busy={updating || removing}>
      <Link
        to={paths.product(item.productId)}
        className="cart-line__media"
        tabIndex={-1}
        aria-hidden="true"
        onClick={onNavigate}
      >
        {image ? <Picture src={image} alt="" width={96} height={120} loading="lazy" decoding="async" /> : null}
      </Link>
      <div className="cart-line__body">
        <div className="cart-line__head">
          <Link to={paths.product(item.productId)} className="cart-line__name" onClick={onNavigate}>
            {item.name}
          </Link>
          <button
            type="button"
            className="cart-line__remove"
            aria-label={t.remove(item.name)}
            aria-disabled={removing || removeBlocked}
            onClick={() => {
              if (!removing && !removeBlocked) onRemove(item);
            }}
          >
            <Trash2 aria-hidden="true" />
          </button>
        </div>
        <p className="cart-line__variant">{variantLine(item)}</p>
        {note ? <p className="cart-line__note">{note}</p> : null}
        <div className="cart-line__foot">
          <div className="quantity-stepper">
            <button
              type="button"
              className="quantity-stepper__button"
              aria-label={t.decrease(item.name)}
              aria-disabled={minusBlocked}
              onClick={() => {
                if (minusBlocked) return;
                if (atOne) onRemove(item);
                else onQuantity(item, item.quantity - 1);
              }}
            >
              <Minus aria-hidden="true" />
            </button>
            <span className="quantity-stepper__value">
              <span className="visually-hidden">Quantity </span>
              {item.quantity}
            </span>
            <button
              type="button"
              className="quantity-stepper__button"
              aria-label={t.increase(item.name)}
              aria-disabled={plusBlocked}
              onClick={() => {
                if (!plusBlocked) onQuantity(item, item.quantity + 1);
              }}
            >
              <Plus aria-hidden="true" />
            </button>
          </div>
          <p className="cart-line__price">{formatRupees(item.price)}</p>
        </div>
        {status ? (
          <p className="cart-line__status" role="status">
            <LoaderCircle aria-hidden="true" className="spin" />
            {status}
          </p>
        ) : null}
      </div>
    </li>
  );
}
