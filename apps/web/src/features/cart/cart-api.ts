/**
 * Cart calls (R-STORE-7). Every write answers the whole cart, which becomes the cached
 * cart at once. A guest is named by the guest session id; a user by the access token.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AddCartItemRequest, Cart } from "@vaki/contract/cart";
import { cartMessages } from "@vaki/contract/messages";
import { apiGet, apiRequest, callerIdentity, networkMessages } from "../../lib/api-client";
import { errorMessage, isApiError } from "../../lib/api-error";
import { peekGuestSessionId } from "../../lib/guest-session";
import { useSessionStore } from "../../lib/session-store";
import { STOCK_REFRESH_MS } from "../../lib/stock-refresh";
import { toast } from "../../lib/toast-store";
import { useHydrated } from "../../lib/use-hydrated";
import { cartErrorMessages } from "./cart-messages";

export const EMPTY_CART: Cart = {
  id: null,
  items: [],
  subtotal: 0,
  discount: 0,
  shipping: 0,
  tax: 0,
  total: 0,
  itemCount: 0,
  currency: "INR",
  promoCode: null,
};

/** The cart of whoever is browsing: the user id or the guest id is part of the key. */
export function cartKey(owner: string | null) {
  return ["cart", owner ?? "guest"] as const;
}

export async function fetchCart(signal?: AbortSignal): Promise<Cart> {
  try {
    return await apiGet<Cart>("/cart", { query: callerIdentity(), signal, asGuest: true });
  } catch (error) {
    // R-STORE-4 — a 404 on the cart fetch means an empty cart.
    if (isApiError(error) && error.status === 404) return EMPTY_CART;
    throw error;
  }
}

export function cartQuery(owner: string | null) {
  return queryOptions({ queryKey: cartKey(owner), queryFn: ({ signal }) => fetchCart(signal), staleTime: 30_000 });
}

/** The signed-in user's id, or null for a guest: the owner part of the cart's query key. */
export function useCartOwner(): string | null {
  return useSessionStore((state) => state.session?.user.id ?? null);
}

/**
 * The cart. With `live` (the open cart panel) it is asked again every STOCK_REFRESH_MS while the
 * tab is visible, so its stock warnings are at most that old; never for a guest without a cart.
 */
export function useCart({ live = false }: { live?: boolean } = {}) {
  const owner = useCartOwner();
  const polling = live && (owner !== null || peekGuestSessionId() !== null);
  return useQuery({ ...cartQuery(owner), refetchInterval: polling ? STOCK_REFRESH_MS : false });
}

/** Item count for the header badge (0 while loading or failed). */
/** The cart's item count; none while the page is taking over the server's drawing (which knows no cart). */
export function useCartCount(): number {
  const count = useCart().data?.itemCount ?? 0;
  return useHydrated() ? count : 0;
}

/** The contract's add request without the caller (added by the client); quantity 1 unless given. */
export type AddToCartInput = Pick<AddCartItemRequest, "productId" | "variantId"> &
  Partial<Pick<AddCartItemRequest, "quantity">>;

export function addCartItem(input: AddToCartInput): Promise<Cart> {
  return apiRequest<Cart>("/cart/item/add", {
    method: "POST",
    body: { ...input, quantity: input.quantity ?? 1, ...callerIdentity() },
    asGuest: true,
  });
}

/** The owner as the DELETE calls name it in their query (R-STORE-7: requestUserId or guestSessionId). */
function ownerQuery(): { requestUserId?: string; guestSessionId?: string } {
  const { userId, guestSessionId } = callerIdentity();
  return userId ? { requestUserId: userId } : { guestSessionId };
}

export function updateCartItem(input: { itemId: number; quantity: number }): Promise<Cart> {
  return apiRequest<Cart>("/cart/item/update", {
    method: "PUT",
    body: { ...input, ...callerIdentity() },
    asGuest: true,
  });
}

export function removeCartItem(itemId: number): Promise<Cart> {
  return apiRequest<Cart>("/cart/item/remove", { method: "DELETE", query: { itemId, ...ownerQuery() }, asGuest: true });
}

export function clearCart(): Promise<Cart> {
  return apiRequest<Cart>("/cart/clear", { method: "DELETE", query: ownerQuery(), asGuest: true });
}

export function applyPromoCode(code: string): Promise<Cart> {
  return apiRequest<Cart>("/cart/promo", { method: "POST", body: { code, ...callerIdentity() }, asGuest: true });
}

export function removePromoCode(): Promise<Cart> {
  return apiRequest<Cart>("/cart/promo", { method: "DELETE", query: ownerQuery(), asGuest: true });
}

/**
 * The text to show for a failed cart call: the server's words when it gave some, else the spec's
 * fallback (an envelope without a message reads as the client's generic text).
 */
export function cartFailureReason(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.message && error.message !== networkMessages.fallback ? error.message : fallback;
  return errorMessage(error, fallback);
}

/** Every cart write answers the whole cart: it becomes the cached cart of whoever is browsing. */
function useSetCart() {
  const queryClient = useQueryClient();
  const owner = useCartOwner();
  return (cart: Cart) => queryClient.setQueryData(cartKey(owner), cart);
}

/**
 * Add a variant to the cart (product page: add to cart). The answer replaces the cached cart, so
 * the header badge and the panel update at once; success and failure are toasted.
 */
export function useAddToCart() {
  const setCart = useSetCart();
  return useMutation({
    mutationKey: ["cart", "add"],
    mutationFn: addCartItem,
    onSuccess: (cart) => {
      setCart(cart);
      toast.success(cartMessages.itemAdded);
    },
    onError: (error) => {
      toast.error(cartErrorMessages.addFailed(cartFailureReason(error, cartErrorMessages.unknown)));
    },
  });
}

/** The cart with one line's quantity changed, totals recomputed (the server's answer then replaces it). */
export function withQuantity(cart: Cart, itemId: number, quantity: number): Cart {
  const items = cart.items.map((item) =>
    item.id === itemId ? { ...item, quantity, subtotal: item.price * quantity } : item,
  );
  const subtotal = items.reduce((sum, item) => sum + item.subtotal, 0);
  const discount = Math.min(cart.discount, subtotal);
  return {
    ...cart,
    items,
    subtotal,
    discount,
    total: subtotal - discount + cart.shipping + cart.tax,
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
  };
}

/**
 * Change a line's quantity. It shows at once (optimistic), is reconciled with the server's cart,
 * and rolls back with the server's reason (e.g. "Only 2 left in size L") when refused.
 */
export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  const key = cartKey(useCartOwner());
  return useMutation({
    mutationKey: ["cart", "update"],
    mutationFn: updateCartItem,
    onMutate: async ({ itemId, quantity }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Cart>(key);
      if (previous) queryClient.setQueryData(key, withQuantity(previous, itemId, quantity));
      return { previous };
    },
    onSuccess: (cart) => queryClient.setQueryData(key, cart),
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(cartFailureReason(error, cartErrorMessages.updateFailed));
    },
  });
}

export function useRemoveCartItem() {
  const setCart = useSetCart();
  return useMutation({
    mutationKey: ["cart", "remove"],
    mutationFn: removeCartItem,
    onSuccess: setCart,
    onError: (error) => toast.error(cartFailureReason(error, cartErrorMessages.removeFailed)),
  });
}

export function useClearCart() {
  const setCart = useSetCart();
  return useMutation({
    mutationKey: ["cart", "clear"],
    mutationFn: clearCart,
    onSuccess: setCart,
    onError: (error) => toast.error(cartFailureReason(error, cartErrorMessages.clearFailed)),
  });
}

/** Apply or remove a promo code; a refusal's reason is shown beside the field (the caller reads `error`). */
export function useApplyPromo() {
  const setCart = useSetCart();
  return useMutation({ mutationKey: ["cart", "promo"], mutationFn: applyPromoCode, onSuccess: setCart });
}

export function useRemovePromo() {
  const setCart = useSetCart();
  return useMutation({
    mutationKey: ["cart", "promo", "remove"],
    mutationFn: removePromoCode,
    onSuccess: setCart,
    onError: (error) => toast.error(cartFailureReason(error, cartErrorMessages.promoFailed)),
  });
}
