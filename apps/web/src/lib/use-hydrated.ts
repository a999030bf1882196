import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the browser takes over the server's drawing of the page (and on the server), true in
 * every render after (decision 0020). What only this browser knows (the shopper's cart, session,
 * wishlist) shows once it is true, so the first render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
