import type { ProductDetail, Variant } from "@vaki/contract/catalog";
import { LoaderCircle, ShoppingBag, Zap } from "lucide-react";
import { DeliverToDialog } from "../../features/addresses/components/deliver-to-dialog";
import { useAddToCart } from "../../features/cart/cart-api";
import { useDeliverToCheckout } from "../../features/checkout/use-deliver-to-checkout";
import { toast } from "../../lib/toast-store";

/** R-STORE-5 warnings. */
export const actionWarnings = {
  noSize: "Please select a size first!",
  notLoaded: "Product not loaded yet!",
} as const;

/** R-STORE-4: the product page always adds one. */
const QUANTITY = 1;

interface ProductActionsProps {
  product: ProductDetail | undefined;
  variant: Variant | null;
}

/**
 * Add to Cart and Buy Now (R-STORE-4-5): a size and a loaded product are needed (else the spec's
 * warning); both are disabled while either runs, when the product has no variants, or when the
 * chosen one is sold out. Buy Now orders this one line alone (R-SHOP-9). On phones the bar is
 * pinned to the bottom of the screen, under the thumb.
 */
export function ProductActions({ product, variant }: ProductActionsProps) {
  const addToCart = useAddToCart();
  const { checkout, busy: checkingOut, deliverTo } = useDeliverToCheckout();
  const busy = addToCart.isPending || checkingOut;
  const soldOut = variant !== null && (!variant.inStock || variant.inventoryQuantity <= 0);
  const disabled = busy || !product || product.variants.length === 0 || soldOut;

  /** The line to add or buy, or null after showing why not. */
  function line(): { productId: number; variantId: number; quantity: number } | null {
    if (!product) {
      toast.warning(actionWarnings.notLoaded);
      return null;
    }
    if (!variant) {
      toast.warning(actionWarnings.noSize);
      return null;
    }
    return { productId: product.id, variantId: variant.id, quantity: QUANTITY };
  }

  function onAddToCart() {
    if (disabled) return;
    const chosen = line();
    if (chosen) addToCart.mutate(chosen);
  }

  function onBuyNow() {
    if (disabled) return;
    const chosen = line();
    if (chosen) void checkout({ buyNow: chosen });
  }

  return (
    <div className="product-actions">
      <div className="product-actions__buttons">
        <button
          type="button"
          className="button product-actions__cart"
          aria-disabled={disabled || undefined}
          aria-busy={addToCart.isPending || undefined}
          onClick={onAddToCart}
        >
          {addToCart.isPending ? (
            <LoaderCircle aria-hidden="true" className="spin" />
          ) : (
            <ShoppingBag aria-hidden="true" />
          )}
          Add to Cart
        </button>
        <button
          type="button"
          className="button button--primary product-actions__buy"
          aria-disabled={disabled || undefined}
          aria-busy={checkingOut || undefined}
          onClick={onBuyNow}
        >
          {checkingOut ? <LoaderCircle aria-hidden="true" className="spin" /> : <Zap aria-hidden="true" />}
          Buy Now
        </button>
      </div>
      <DeliverToDialog {...deliverTo} />
    </div>
  );
}
