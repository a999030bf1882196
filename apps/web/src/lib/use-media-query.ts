import { useSyncExternalStore } from "react";

/** One MediaQueryList per query: reading `matches` on every render must not build a new list each time. */
const lists = new Map<string, MediaQueryList>();

function listOf(query: string): MediaQueryList | null {
  let list = lists.get(query);
  if (!list) {
    if (typeof window === "undefined" || typeof window.matchMedia !== "function") return null;
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** Whether a CSS media query matches now (false where the browser cannot tell), outside React. */
export function mediaMatches(query: string): boolean {
  return listOf(query)?.matches ?? false;
}

/** Whether a CSS media query matches now, updated when it changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = listOf(query);
      list?.addEventListener("change", notify);
      return () => list?.removeEventListener("change", notify);
    },
    () => mediaMatches(query),
    () => false,
  );
}

export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

/** True when the visitor asked for less motion (and false where the browser cannot tell). */
export function prefersReducedMotion(): boolean {
  return mediaMatches(REDUCED_MOTION_QUERY);
}

/** The user asked for less motion: no autoplay, no animated scrolling. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY);
}
