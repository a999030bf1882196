import { useEffect, useState } from "react";
import { create } from "zustand";
import { SHOP_NAME, TAGLINE } from "../lib/brand";

/** Spec: storefront §9 — the splash shows 2000 ms, then an 800 ms zoom-out. */
export const SPLASH_SHOW_MS = 2000;
export const SPLASH_ZOOM_MS = 800;
const SHOWN_KEY = "vaki:splashShown";

/** Whether the splash still covers the page (the home page's Club pop-up waits until it leaves). */
export const useSplashStore = create<{ covering: boolean }>()(() => ({ covering: false }));

/** Once per visit (tab session), never under reduced motion. */
export function shouldShowSplash(): boolean {
  try {
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return false;
    if (window.sessionStorage.getItem(SHOWN_KEY)) return false;
    window.sessionStorage.setItem(SHOWN_KEY, "1");
    return true;
  } catch {
    return false;
  }
}

/**
 * The loading splash: a layer over the page that never blocks it (the page renders and takes
 * clicks underneath; the layer ignores the pointer and is hidden from assistive tech).
 */
export function Splash() {
  const [phase, setPhase] = useState<"hidden" | "shown" | "leaving">(() => (shouldShowSplash() ? "shown" : "hidden"));

  useEffect(() => {
    useSplashStore.setState({ covering: phase === "shown" });
  }, [phase]);

  useEffect(() => {
    if (phase === "hidden") return;
    const timer = window.setTimeout(
      () => setPhase(phase === "shown" ? "leaving" : "hidden"),
      phase === "shown" ? SPLASH_SHOW_MS : SPLASH_ZOOM_MS,
    );
    return () => window.clearTimeout(timer);
  }, [phase]);

  if (phase === "hidden") return null;
  return (
    <div className={`splash${phase === "leaving" ? " splash--leaving" : ""}`} aria-hidden="true">
      <p className="splash__name">{SHOP_NAME}</p>
      <p className="splash__tagline">{TAGLINE}</p>
    </div>
  );
}
