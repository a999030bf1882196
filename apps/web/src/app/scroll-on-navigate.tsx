import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";
import { prefersReducedMotion } from "../lib/use-media-query";

/** R-STORE-9 — scroll-to-top and hash delays. */
const TOP_DELAY_MS = 50;
const HASH_DELAY_MS = 100;

function smooth(): ScrollBehavior {
  return prefersReducedMotion() ? "auto" : "smooth";
}

function keepsScroll(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as { keepScroll?: unknown }).keepScroll === true;
}

/**
 * Every new navigation scrolls smoothly to the top, or to the #hash target (R-STORE-2); back and
 * forward leave the position to the browser, and so do navigations marked KEEP_SCROLL.
 */
export function ScrollOnNavigate() {
  const { pathname, search, hash, state } = useLocation();
  const navigationType = useNavigationType();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new location
  useEffect(() => {
    if (navigationType === "POP" || keepsScroll(state)) return;
    const timer = window.setTimeout(
      () => {
        const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
        if (target) target.scrollIntoView({ behavior: smooth(), block: "start" });
        else window.scrollTo({ top: 0, behavior: smooth() });
      },
      hash ? HASH_DELAY_MS : TOP_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [pathname, search, hash, navigationType]);

  return null;
}
