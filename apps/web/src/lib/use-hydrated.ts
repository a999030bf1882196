import { startTransition, useEffect, useState } from "react";

/** False on the server and until the browser has taken over the server's drawing of the page. */
let hydrated = false;

/** The app has taken the page over (or found none to take over): parts mounted from now on show at once. */
export function markHydrated(): void {
  hydrated = true;
}

/**
 * False while the browser takes over the server's drawing of the page (and on the server), true
 * after (decision 0020). What only this browser knows (the shopper's cart, wishlist, recently
 * viewed) shows once it is true, so the first render matches the server's HTML. The switch is a
 * transition: React draws those parts in slices after hydration, not in one long task.
 */
export function useHydrated(): boolean {
  const [ready, setReady] = useState(hydrated);
  useEffect(() => {
    if (!ready) startTransition(() => setReady(true));
  }, [ready]);
  return ready;
}
