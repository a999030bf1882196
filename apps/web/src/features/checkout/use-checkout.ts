/**
 * Checkout from the cart and Buy Now (R-STORE-4): create the order, start the hosted
 * checkout, load the provider's script, close the cart and hand it the token. Each failing step
 * stops the flow with the spec's toast. Guests check out too, named by their guest session id.
 */
import { useQueryClient } from "@tanstack/react-query";
import type { Cart } from "@vaki/contract/cart";
import type { CheckoutSessionAnswer } from "@vaki/contract/checkout";
import type { BuyNowLine } from "@vaki/contract/orders";
import { useCallback, useRef, useState } from "react";
import { networkMessages } from "../../lib/api-client";
import { isApiError } from "../../lib/api-error";
import { currentSession } from "../../lib/session-store";
import { toast } from "../../lib/toast-store";
import { closeOverlay } from "../../lib/ui-store";
import { cartKey } from "../cart/cart-api";
import { createOrder, initiateCheckout } from "./checkout-api";
import { checkoutReturnPaths, checkoutToasts } from "./checkout-messages";
import { rememberGuestOrder } from "./guest-orders";
import { loadPaymentScript, openPaymentWidget, paymentWidgetReady } from "./payment-script";

export interface StartCheckoutOptions {
  /** Buy Now: order this one line alone (the rest of the cart is neither ordered nor charged). */
  buyNow?: BuyNowLine;
  /** A saved address of the signed-in shopper: the payment page opens with it filled in. */
  addressId?: string | undefined;
}

export interface UseCheckout {
  startCheckout(options?: StartCheckoutOptions): Promise<void>;
  busy: boolean;
}

/** A step that failed with its own spec text (shown as it is). */
class CheckoutStepError extends Error {}

function reasonOf(error: unknown): string {
  if (isApiError(error) && error.message === networkMessages.fallback) return checkoutToasts.unknownError;
  return error instanceof Error && error.message ? error.message : checkoutToasts.unknownError;
}

async function runCheckout(buyNow: BuyNowLine | undefined, addressId: string | undefined): Promise<void> {
  const isGuest = !currentSession();
  const returnPath = buyNow ? checkoutReturnPaths.buyNow : checkoutReturnPaths.cart;
  toast.info(checkoutToasts.processing);

  let order: Awaited<ReturnType<typeof createOrder>>;
  try {
    order = await createOrder(buyNow);
  } catch (error) {
    throw new CheckoutStepError(checkoutToasts.createOrderFailed(reasonOf(error)));
  }
  const orderId = order.orderId || order.id;
  if (isGuest && order.orderSecret) rememberGuestOrder(orderId, order.orderSecret);

  let session: CheckoutSessionAnswer;
  try {
    session = await initiateCheckout({
      orderId,
      redirectUrl: returnPath,
      orderSecret: order.orderSecret,
      ...(addressId && !isGuest ? { addressId } : {}),
    });
  } catch (error) {
    throw new CheckoutStepError(checkoutToasts.initiateFailed(reasonOf(error)));
  }
  const token = session.token || null;
  if (!token) throw new CheckoutStepError(checkoutToasts.tokenMissing);

  try {
    if (session.scriptUrl) await loadPaymentScript(session.scriptUrl);
  } catch {
    throw new CheckoutStepError(checkoutToasts.notLoaded);
  }
  if (!paymentWidgetReady(session.provider)) throw new CheckoutStepError(checkoutToasts.notLoaded);

  closeOverlay();
  openPaymentWidget(session.provider, token, returnPath);
  toast.success(checkoutToasts.redirecting);
}

/** Starts checkout of the cart, or of one Buy Now line; `busy` while a checkout is under way. */
export function useCheckout(): UseCheckout {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const startCheckout = useCallback(
    async (options: StartCheckoutOptions = {}) => {
      if (running.current) return;
      const { buyNow, addressId } = options;
      if (!buyNow) {
        // R-STORE-5: checkout needs a non-empty cart (the server checks it too).
        const cart = queryClient.getQueryData<Cart>(cartKey(currentSession()?.user.id ?? null));
        if (cart && cart.items.length === 0) {
          toast.warning(checkoutToasts.emptyCart);
          return;
        }
      }
      running.current = true;
      setBusy(true);
      const isGuest = !currentSession();
      try {
        await runCheckout(buyNow, addressId);
      } catch (error) {
        const reason = error instanceof CheckoutStepError ? error.message : null;
        if (!buyNow) toast.error(reason ?? checkoutToasts.checkoutFailed(reasonOf(error)));
        else {
          const text = reason ?? reasonOf(error);
          toast.error(isGuest ? checkoutToasts.guestBuyNowFailed(text) : checkoutToasts.buyNowFailed(text));
        }
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [queryClient],
  );

  return { startCheckout, busy };
}
