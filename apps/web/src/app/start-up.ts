import type { QueryClient } from "@tanstack/react-query";
import { restoreSession, useSessionStore } from "../features/auth/session-store";
import { cartKey, cartQuery, EMPTY_CART } from "../features/cart/cart-api";
import { ensureCsrfToken, onSessionCleared, peekGuestSessionId } from "../lib/api-client";

/** Spec: accounts-and-orders §9 — the app mounts after at most 5 s whatever start-up is doing. */
export const MOUNT_FALLBACK_MS = 5000;

/**
 * Start-up (spec: accounts-and-orders §4): restore the session from local storage (shape and
 * expiry checked), fetch a CSRF token if none, load the cart. Failures never stop the mount.
 */
export async function startUp(queryClient: QueryClient): Promise<void> {
  const session = restoreSession();
  if (session) useSessionStore.setState({ session });
  // A session that ends by a failed refresh takes its cart data with it.
  onSessionCleared(() => queryClient.removeQueries({ queryKey: ["cart"] }));
  const owner = session?.user.id ?? null;
  // A first-time visitor has no cart yet: nothing to fetch, and no guest id is made until needed.
  if (!owner && !peekGuestSessionId()) queryClient.setQueryData(cartKey(null), EMPTY_CART);
  await Promise.allSettled([
    ensureCsrfToken(),
    owner || peekGuestSessionId() ? queryClient.prefetchQuery(cartQuery(owner)) : Promise.resolve(),
  ]);
}

/** Resolves when start-up is done, or after the fallback, whichever comes first. */
export function startUpWithFallback(queryClient: QueryClient, fallbackMs = MOUNT_FALLBACK_MS): Promise<void> {
  return Promise.race([
    startUp(queryClient).catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, fallbackMs)),
  ]);
}
