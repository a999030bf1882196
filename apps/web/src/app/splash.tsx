import { useEffect } from "react";
import { useSplashStore } from "../lib/splash-store";

/** The store lives in lib (features read it); start-up and its tests reach it here too. */
export { useSplashStore };

import { prefersReducedMotion } from "../lib/use-media-query";

/** R-STORE-9 — the splash shows 2000 ms, then an 800 ms zoom-out. */
export const SPLASH_SHOW_MS = 2000;
export const SPLASH_ZOOM_MS = 800;
const SHOWN_KEY = "vaki:splashShown";
/** The splash's element in index.html. */
export const SPLASH_ELEMENT_ID = "splash";

/** Once per visit (tab session), never under reduced motion. */
export function shouldShowSplash(): boolean {
  try {
    if (prefersReducedMotion()) return false;
    if (window.sessionStorage.getItem(SHOWN_KEY)) return false;
    window.sessionStorage.setItem(SHOWN_KEY, "1");
    return true;
  } catch {
    return false;
  }
}

// Decided once per page load, so a second run of the effect (React's StrictMode) decides the same.
let decision: boolean | undefined;

/** Decides now whether this load shows the splash (start-up does, in a step of its own: it reads session storage). */
export function decideSplash(): boolean {
  decision ??= shouldShowSplash();
  return decision;
}

/**
 * The loading splash: a layer over the page that never blocks it (the page renders and takes
 * clicks underneath; the layer ignores the pointer and is hidden from assistive tech). Its markup
 * is in index.html, so it is the first paint, before any script has arrived (issue 14). This
 * times it: on the visit's first load it stays until 2 s after the page started loading (or
 * until the app is here, if that takes longer), then zooms out in 0.8 s and goes; on any later
 * load of the visit it goes as soon as the app is here.
 */
export function Splash(): null {
  useEffect(() => {
    const element = document.getElementById(SPLASH_ELEMENT_ID);
    if (!element) return;
    if (!decideSplash()) {
      element.remove();
      useSplashStore.setState({ covering: false });
      return;
    }
    useSplashStore.setState({ covering: true });
    let timer = window.setTimeout(
      () => {
        element.classList.add("splash--leaving");
        useSplashStore.setState({ covering: false });
        timer = window.setTimeout(() => element.remove(), SPLASH_ZOOM_MS);
      },
      Math.max(0, SPLASH_SHOW_MS - performance.now()),
    );
    return () => window.clearTimeout(timer);
  }, []);
  return null;
}
