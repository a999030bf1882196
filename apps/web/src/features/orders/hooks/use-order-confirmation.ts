/**
 * The order confirmation flow (R-ORD-4 "Order confirmation flow"): with a
 * checkout id, the checkout details first, then the order they name; otherwise the order by id.
 * Once a paid order is in, the idempotent "ensure" calls for its shipment and AWB, then the cart.
 * What the page shows comes from the server only: the URL's `ost` is never read.
 */
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CheckoutDetails } from "@vaki/contract/checkout";
import type { Order } from "@vaki/contract/orders";
import { useEffect, useRef } from "react";
import { isApiError } from "../../../lib/api-error";
import { useIsLoggedIn } from "../../../lib/session-store";
import { clearCart, fetchCart } from "../../cart/cart-api";
import { guestOrderSecret } from "../../checkout/guest-orders";
import { confirmationMessages as t } from "../messages";
import { isShippableOrder } from "../order-status";
import { checkoutDetailsQuery, ensureAwb, ensureShipment, orderQuery } from "../orders-api";

/** R-ORD-9: the cart is cleared 100 ms after the order loads. */
export const CART_CLEAR_DELAY_MS = 100;

export interface ConfirmationParams {
  /** From the path, or the `orderId` query. */
  orderId: string | null;
  /** `oid`: the checkout id the payment page sends back. */
  checkoutId: string | null;
  /** `orderSecret` or `secret` from the query (the e-mail link). */
  orderSecret: string | null;
}

export type ConfirmationView =
  | { kind: "loading"; text: string }
  | { kind: "error"; title: string; message: string }
  | { kind: "unauthorised" }
  | { kind: "payment-only"; details: CheckoutDetails }
  | { kind: "order"; order: Order; details: CheckoutDetails | undefined; orderSecret: string | null };

/** R-ORD-8: an unauthorised checkout error (message, or error 'Unauthorised' / 'Unauthorized'). */
export function isUnauthorisedError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return (
    error.status === 403 ||
    /not authori[sz]ed/i.test(error.message) ||
    error.kind === "Unauthorised" ||
    error.kind === "Unauthorized"
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After the order: the bought lines normally left the cart on the server already. What is still
 * there is cleared only when it is nothing but this order's lines, so a Buy Now never empties the
 * rest of the shopper's cart (R-SHOP-9); then the cached cart is refreshed.
 */
async function settleCart(queryClient: QueryClient, order: Order): Promise<void> {
  await sleep(CART_CLEAR_DELAY_MS);
  try {
    const cart = await fetchCart();
    const ordered = new Set(order.items.map((item) => item.variantId));
    if (cart.items.length > 0 && cart.items.every((line) => ordered.has(line.variantId))) await clearCart();
  } catch {
    // The refresh below shows whatever the cart is.
  }
  await queryClient.invalidateQueries({ queryKey: ["cart"] });
}

/** Shipment, then AWB, then a fresh order (R-ORD-4 step 2); failures are ignored (step 3). */
async function ensureFulfilment(order: Order, orderSecret: string | null): Promise<boolean> {
  if (!order.shiprocketOrderId) {
    const shipment = await ensureShipment(order.id, orderSecret).catch(() => null);
    await ensureAwb(order.id, shipment?.courierId, orderSecret).catch(() => null);
    return true;
  }
  if (!order.trackingNumber) {
    await ensureAwb(order.id, null, orderSecret).catch(() => null);
    return true;
  }
  return false;
}

export function useOrderConfirmation({ orderId, checkoutId, orderSecret }: ConfirmationParams) {
  const queryClient = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const secretFor = (id: string | null) => orderSecret ?? (id ? guestOrderSecret(id) : null);

  const details = useQuery({
    ...checkoutDetailsQuery(checkoutId ?? "", secretFor(orderId)),
    enabled: checkoutId !== null,
    retry: false,
  });
  const resolvedOrderId = checkoutId ? (details.data?.orderDetails.orderId ?? null) : orderId;
  const secret = secretFor(resolvedOrderId);
  const order = useQuery({
    ...orderQuery(resolvedOrderId ?? "", secret),
    enabled: resolvedOrderId !== null,
    retry: false,
  });

  // Once per order: ensure shipment and AWB of a paid order, reload it, then settle the cart.
  const settled = useRef<string | null>(null);
  const loaded = order.data;
  useEffect(() => {
    if (!loaded || !isShippableOrder(loaded) || settled.current === loaded.id) return;
    settled.current = loaded.id;
    void (async () => {
      if (await ensureFulfilment(loaded, secret)) await order.refetch().catch(() => undefined);
      await settleCart(queryClient, loaded);
    })();
  }, [loaded, secret, order, queryClient]);

  const retry = () => {
    if (checkoutId) void details.refetch();
    if (resolvedOrderId) void order.refetch();
  };

  return { view: pickView(), retry, loggedIn };

  function pickView(): ConfirmationView {
    if (!orderId && !checkoutId) return { kind: "error", title: t.orderNotFoundTitle, message: t.noIds };
    if (checkoutId) {
      if (details.isPending) return { kind: "loading", text: t.checkingPayment };
      if (details.isError) {
        if (isUnauthorisedError(details.error)) return { kind: "unauthorised" };
        return {
          kind: "error",
          title: t.paymentErrorTitle,
          message:
            isApiError(details.error) && details.error.status === 0 ? details.error.message : t.checkPaymentFailed,
        };
      }
    }
    if (order.isPending) return { kind: "loading", text: t.loadingOrder };
    if (order.isError) {
      if (isUnauthorisedError(order.error)) return { kind: "unauthorised" };
      // R-ORD-6: a guest without the order's secret cannot see it (the payment's outcome alone
      // would never turn into the order here); the e-mail link has the secret.
      if (!loggedIn && isApiError(order.error) && order.error.status === 404 && !secret) {
        return { kind: "unauthorised" };
      }
      if (details.data) return { kind: "payment-only", details: details.data };
      return {
        kind: "error",
        title: t.orderNotFoundTitle,
        message: isApiError(order.error) ? order.error.message : t.fetchOrderFailed,
      };
    }
    return { kind: "order", order: order.data, details: details.data, orderSecret: secret };
  }
}
