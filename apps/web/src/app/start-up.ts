import type { QueryClient } from "@tanstack/react-query";
import { cartKey, cartQuery, EMPTY_CART } from "../features/cart/cart-api";
import { ensureCsrfToken, onSessionCleared, peekGuestSessionId } from "../lib/api-client";
import { restoreSession, useSessionStore } from "../lib/session-store";
import { whenIdle } from "../lib/when-idle";

/**
 * Start-up (R-ORD-4): the session is restored at once, so the first render knows the shopper; the
 * cart and (once the browser is idle) the CSRF token load alongside it (decision 0009). Failures
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
