import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import { prefersReducedMotion } from "../lib/use-media-query";

/** R-STORE-9 — scroll-to-top and hash delays. */
const TOP_DELAY_MS = 50;
const HASH_DELAY_MS = 100;
/** How long a fresh load waits for its #hash target to be rendered (lazy page, first data). */
const FIRST_HASH_WAIT_MS = 5_000;

function smooth(): ScrollBehavior {
  return prefersReducedMotion() ? "auto" : "smooth";
}

function keepsScroll(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as { keepScroll?: unknown }).keepScroll === true;
}

/**
 * Scrolls to the element of `hash` as soon as it is in the page (a fresh load renders the page
 * after the browser's own attempt found nothing). Answers the clean-up.
 */
function scrollWhenRendered(hash: string): () => void {
  const id = decodeURIComponent(hash.slice(1));
  let frame = 0;
  const tryScroll = () => {
    const target = document.getElementById(id);
    if (!target) return false;
    // After the frame's layout, so the page above the target has its height.
    frame = window.requestAnimationFrame(() => target.scrollIntoView({ block: "start" }));
    return true;
  };
  if (tryScroll()) return () => window.cancelAnimationFrame(frame);
  const observer = new MutationObserver(() => {
    if (tryScroll()) stop();
  });
  const timer = window.setTimeout(() => stop(), FIRST_HASH_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    stop();
    window.cancelAnimationFrame(frame);
  };
}

/**
 * Every new navigation scrolls smoothly to the top, or to the #hash target (R-STORE-2); back and
 * forward leave the position to the browser, and so do navigations marked KEEP_SCROLL. A fresh
 * load with a #hash goes to its target once the page has rendered it.
 */
export function ScrollOnNavigate() {
  const { pathname, search, hash, state, key } = useLocation();
  const navigationType = useNavigationType();
  // The page the shop was opened on (a key of its own, so a re-run of the effect agrees).
  const firstKey = useRef(key);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new location
  useEffect(() => {
    if (key === firstKey.current) return hash ? scrollWhenRendered(hash) : undefined;
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
