import { useQueryClient } from "@tanstack/react-query";
import type { CartItem } from "@vaki/contract/cart";
import { AlertCircle, ArrowRight, LoaderCircle, ShoppingBag, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Modal } from "../../../components/modal";
import { peekGuestSessionId } from "../../../lib/api-client";
import { formatCartTotal } from "../../../lib/money";
import { paths } from "../../../lib/paths";
import { closeOverlay, useUiStore } from "../../../lib/ui-store";
import { DeliverToDialog } from "../../addresses/components/deliver-to-dialog";
import {
  cartFailureReason,
  cartKey,
  useCart,
  useCartOwner,
  useClearCart,
  useRemoveCartItem,
  useUpdateCartItem,
} from "../../cart/cart-api";
import { cartPanelMessages as t } from "../../cart/cart-messages";
import { CartLine } from "../../cart/components/cart-line";
import { ClearCartDialog } from "../../cart/components/clear-cart-dialog";
import { PromoCodeField } from "../../cart/components/promo-code-field";
import { RecentlyViewed } from "../../recently-viewed/components/recently-viewed";
import { useDeliverToCheckout } from "../use-deliver-to-checkout";
import "./cart-panel.css";
import "./cart-panel-promo.css";

/**
 * The cart panel (R-STORE-2 "Cart panel", R-STORE-4): a drawer from the right that refreshes
 * the cart when it opens. One quantity update and one removal at a time; quantity changes show at
 * once and roll back with the server's reason when refused.
 */
export function CartPanel() {
  const open = useUiStore((state) => state.overlay === "cart");
  const owner = useCartOwner();
  const queryClient = useQueryClient();
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const clear = useClearCart();
  // Live while open, except during a write: a poll must not undo a quantity shown optimistically.
  const cartQuery = useCart({ live: open && !(update.isPending || remove.isPending || clear.isPending) });
  const { checkout, busy: checkingOut, deliverTo } = useDeliverToCheckout();
  const [confirmClear, setConfirmClear] = useState(false);
  const [dismissedErrorAt, setDismissedErrorAt] = useState(0);

  useEffect(() => {
    if (!open) return;
    // A guest who never had a cart has nothing to refresh (and needs no guest id yet).
    if (!owner && !peekGuestSessionId()) return;
    void queryClient.refetchQueries({ queryKey: cartKey(owner), exact: true });
  }, [open, owner, queryClient]);

  const cart = cartQuery.data;
  const items = cart?.items ?? [];
  const showError = cartQuery.isError && cartQuery.errorUpdatedAt > dismissedErrorAt;
  const writing = update.isPending || remove.isPending || clear.isPending;
  const updatingId = update.isPending ? update.variables?.itemId : undefined;
  const removingId = remove.isPending ? remove.variables : undefined;

  function changeQuantity(item: CartItem, quantity: number) {
    if (update.isPending) return;
    update.mutate({ itemId: item.id, quantity });
  }

  function removeLine(item: CartItem) {
    if (remove.isPending) return;
    remove.mutate(item.id, {
      // The pressed button left with its row: keep keyboard focus inside the panel.
      onSuccess: () =>
        requestAnimationFrame(() => {
          if (document.activeElement === document.body) document.querySelector<HTMLElement>(".cart-panel")?.focus();
        }),
    });
  }

  const footer =
    cart && items.length > 0 ? (
      <div className="cart-summary">
        <PromoCodeField cart={cart} disabled={writing || checkingOut} />
        <dl className="cart-summary__lines">
          <div className="cart-summary__line">
            <dt>{t.totalProductPrice}</dt>
            <dd>{formatCartTotal(cart.subtotal)}</dd>
          </div>
          {cart.discount > 0 ? (
            <div className="cart-summary__line cart-summary__line--discount">
              <dt>
                {t.discount}
                {cart.promoCode ? ` (${cart.promoCode})` : ""}
              </dt>
              <dd>-{formatCartTotal(cart.discount)}</dd>
            </div>
          ) : null}
          <div className="cart-summary__line cart-summary__line--total">
            <dt>{t.amount}</dt>
            <dd>{formatCartTotal(cart.total)}</dd>
          </div>
        </dl>
        <div className="cart-summary__actions">
          <button
            type="button"
            className="button button--small cart-summary__clear"
            aria-disabled={writing || checkingOut || undefined}
            onClick={() => {
              if (!writing && !checkingOut) setConfirmClear(true);
            }}
          >
            {t.clearCart}
          </button>
          <button
            type="button"
            className="button button--primary cart-summary__checkout"
            aria-disabled={writing || checkingOut || undefined}
            aria-busy={checkingOut || undefined}
            onClick={() => {
              if (!writing && !checkingOut) void checkout();
            }}
          >
            {checkingOut ? <LoaderCircle aria-hidden="true" className="spin" /> : null}
            {t.checkout}
            {checkingOut ? null : <ArrowRight aria-hidden="true" />}
          </button>
        </div>
      </div>
    ) : null;

  return (
    <>
      <Modal
        open={open}
        onOpenChange={(next) => {
          if (!next) closeOverlay();
        }}
        title={t.title}
        variant="drawer"
        className="cart-panel"
        closeLabel="Close cart"
        footer={footer}
        returnFocusTo={() => document.querySelector<HTMLElement>('[data-overlay-trigger="cart"]')}
      >
        {showError ? (
          <div className="cart-panel__error" role="alert">
            <AlertCircle aria-hidden="true" />
            <p>{cartFailureReason(cartQuery.error, t.fetchFailed)}</p>
            <button
              type="button"
              className="cart-panel__error-close"
              aria-label={t.dismissError}
              onClick={() => setDismissedErrorAt(cartQuery.errorUpdatedAt)}
            >
              <X aria-hidden="true" />
            </button>
          </div>
        ) : null}

        {!cart && cartQuery.isPending ? (
          <p className="cart-panel__loading" role="status">
            <LoaderCircle aria-hidden="true" className="spin" />
            {t.loading}
          </p>
        ) : null}

        {cart && items.length === 0 ? (
          <div className="cart-panel__empty">
            <span className="cart-panel__empty-icon" aria-hidden="true">
              <ShoppingBag />
            </span>
            <p className="cart-panel__empty-title">{t.emptyTitle}</p>
            <p className="cart-panel__empty-text">{t.emptyText}</p>
            <Link to={paths.allProducts} className="button button--primary" onClick={closeOverlay}>
              {t.continueShopping}
              <ArrowRight aria-hidden="true" />
            </Link>
            <RecentlyViewed variant="compact" onOpen={closeOverlay} />
          </div>
        ) : null}

        {items.length > 0 ? (
          <>
            <p className="cart-panel__count">
              {cart?.itemCount} {cart?.itemCount === 1 ? "item" : "items"}
            </p>
            <ul className="cart-panel__lines" aria-label="Items in your cart">
              {items.map((item) => (
                <CartLine
                  key={item.id}
                  item={item}
                  updating={updatingId === item.id}
                  removing={removingId === item.id}
                  updateBlocked={update.isPending}
                  removeBlocked={remove.isPending}
                  onQuantity={changeQuantity}
                  onRemove={removeLine}
                  onNavigate={closeOverlay}
                />
              ))}
            </ul>
          </>
        ) : null}
      </Modal>
      <ClearCartDialog
        open={confirmClear}
        itemCount={cart?.itemCount ?? 0}
        busy={clear.isPending}
        onOpenChange={setConfirmClear}
        onConfirm={() => clear.mutate(undefined, { onSettled: () => setConfirmClear(false) })}
      />
      {/* Signed in with saved addresses: where the parcel goes, before the payment page. */}
      <DeliverToDialog {...deliverTo} />
    </>
  );
}
