import type { QueryClient } from "@tanstack/react-query";
import { restoreSession, useSessionStore } from "../features/auth/session-store";
import { cartKey, cartQuery, EMPTY_CART } from "../features/cart/cart-api";
import { ensureCsrfToken, onSessionCleared, peekGuestSessionId } from "../lib/api-client";
import { whenIdle } from "../lib/when-idle";

/**
 * Start-up (spec: accounts-and-orders §4): restore the session from local storage (shape and
 * expiry checked), fetch a CSRF token if none, load the cart. The session is restored before this
 * returns its promise, so the first render already knows the shopper; the app mounts at once and
 * the rest runs alongside the first render instead of before it (decision 0009: one round trip
 * less before the page shows; a call that needs the CSRF token waits for it, and the cart query
 * shares the load in flight). Only auth calls need the CSRF token, so it is fetched once the
 * browser is idle after the first page, out of the way of the page's own code and data. Failures
 * never stop the app.
 */
export async function startUp(queryClient: QueryClient): Promise<void> {
  const session = restoreSession();
  if (session) useSessionStore.setState({ session });
  // A session that ends by a failed refresh takes its cart data with it.
  onSessionCleared(() => queryClient.removeQueries({ queryKey: ["cart"] }));
  const owner = session?.user.id ?? null;
  // A first-time visitor has no cart yet: nothing to fetch, and no guest id is made until needed.
  if (!owner && !peekGuestSessionId()) queryClient.setQueryData(cartKey(null), EMPTY_CART);
  const csrf = new Promise<unknown>((resolve) => whenIdle(() => resolve(ensureCsrfToken())));
  await Promise.allSettled([
    csrf,
    owner || peekGuestSessionId() ? queryClient.prefetchQuery(cartQuery(owner)) : Promise.resolve(),
  ]);
}
