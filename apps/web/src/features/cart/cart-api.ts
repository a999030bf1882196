/**
 * Cart calls (spec: storefront §7). Every write answers the whole cart, which becomes the cached
 * cart at once. A guest is named by the guest session id; a user by the access token.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Cart } from "@vaki/contract/cart";
import { apiGet, apiRequest, callerIdentity } from "../../lib/api-client";
import { isApiError } from "../../lib/api-error";
import { useSessionStore } from "../auth/session-store";

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
    // Spec: storefront §4 — a 404 on the cart fetch means an empty cart.
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

export function useCart() {
  return useQuery(cartQuery(useCartOwner()));
}

/** Item count for the header badge (0 while loading or failed). */
export function useCartCount(): number {
  return useCart().data?.itemCount ?? 0;
}

export interface AddToCartInput {
  productId: number;
  variantId: number;
  quantity?: number;
}

export function addCartItem(input: AddToCartInput): Promise<Cart> {
  return apiRequest<Cart>("/cart/item/add", {
    method: "POST",
    body: { ...input, quantity: input.quantity ?? 1, ...callerIdentity() },
    asGuest: true,
  });
}
