import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { useSplashStore } from "../../../lib/splash-store";
import { useUiStore } from "../../../lib/ui-store";
import { CLUB_POPUP_DELAY_MS, clubPopupDueToday, markClubPopupShown } from "../club-popup-schedule";

/** How often to look again while the shopper is busy in another dialog or field. */
const BUSY_RECHECK_MS = 1000;

/**
 * The shopper is already in another dialog, or typing somewhere: opening now would steal their
 * focus, so the pop-up waits.
 */
function shopperIsBusy(): boolean {
  if (document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]'))
    return true;
  const active = document.activeElement;
  return (
    active instanceof HTMLElement &&
    (active.isContentEditable ||
      active instanceof HTMLTextAreaElement ||
      active instanceof HTMLSelectElement ||
      (active instanceof HTMLInputElement && !["button", "checkbox", "radio", "submit", "reset"].includes(active.type)))
  );
}

/**
 * The daily Club pop-up (R-STORE-4): about 1 s after the page loads, and not before
 * the page's data has loaded (`ready`: the spec's order is categories, products, then this
 * check), if it was not shown today. It never opens over the splash or another overlay and
 * never while the shopper types elsewhere: it waits for them instead. Marked shown on open and
 * on close.
 */
export function useClubPopup(ready: boolean): {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens it now, at the shopper's request (it then does not open by itself on this visit). */
  openNow: () => void;
} {
  const [open, setOpen] = useState(false);
  const [due, setDue] = useState(false);
  const [recheck, setRecheck] = useState(0);
  // Decided once per visit of the page: opened, or found already shown today.
  const settled = useRef(false);
  const overlay = useUiStore((state) => state.overlay);
  const splashCovering = useSplashStore((state) => state.covering);

  useEffect(() => {
    const timer = window.setTimeout(() => setDue(true), CLUB_POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `recheck` re-runs the check while the shopper is busy.
  useEffect(() => {
    if (!due || !ready || settled.current || overlay !== null || splashCovering) return;
    if (shopperIsBusy()) {
      const timer = window.setTimeout(() => setRecheck((n) => n + 1), BUSY_RECHECK_MS);
      return () => window.clearTimeout(timer);
    }
    settled.current = true;
    if (!clubPopupDueToday()) return;
    markClubPopupShown();
    // Nobody is waiting on it: rendered as a transition, in slices with the page free in between,
    // not as one long task while a phone is still settling the page (issue 14).
    startTransition(() => setOpen(true));
  }, [due, ready, overlay, splashCovering, recheck]);

  const onOpenChange = useCallback((next: boolean) => {
    markClubPopupShown();
    if (next) settled.current = true;
    setOpen(next);
  }, []);
  const openNow = useCallback(() => onOpenChange(true), [onOpenChange]);

  return { open, onOpenChange, openNow };
}
