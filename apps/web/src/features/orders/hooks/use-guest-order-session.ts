import { useEffect } from "react";
import { endGuestOrderSession, guestOrderSecret, rememberGuestOrder } from "../../checkout/guest-orders";

/** Set while the page goes away; a reload of the same order finds it and keeps the session. */
const LEAVING_KEY = "vaki:leavingGuestOrder";

function sessionFlag(): string | null {
  try {
    return window.sessionStorage.getItem(LEAVING_KEY);
  } catch {
    return null;
  }
}

function setSessionFlag(orderId: string | null): void {
  try {
    if (orderId) window.sessionStorage.setItem(LEAVING_KEY, orderId);
    else window.sessionStorage.removeItem(LEAVING_KEY);
  } catch {
    // Without session storage a reload simply starts a new order session.
  }
}

function wasReload(): boolean {
  const entry = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === "reload";
}

/**
 * A guest's order session ends when the shopper really leaves the confirmation page (R-ORD-4
 * step 4): navigating elsewhere in the shop, or closing the tab. A reload is not leaving: the page
 * cannot tell a reload from a close while it unloads, so it ends the session and the reloaded
 * page takes it back.
 */
export function useGuestOrderSession(orderId: string | null, isGuest: boolean): void {
  useEffect(() => {
    if (!orderId || !isGuest) return;
    if (sessionFlag() === orderId && wasReload()) {
      const secret = guestOrderSecret(orderId);
      if (secret) rememberGuestOrder(orderId, secret);
    }
    setSessionFlag(null);

    const onPageHide = (event: PageTransitionEvent) => {
      // persisted: the page is kept in the back/forward cache and may come back as it is.
      if (event.persisted) return;
      setSessionFlag(orderId);
      endGuestOrderSession(orderId);
    };
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      endGuestOrderSession(orderId);
    };
  }, [orderId, isGuest]);
}
