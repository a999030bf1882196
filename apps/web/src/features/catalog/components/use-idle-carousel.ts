import useEmblaCarousel, { type UseEmblaCarouselType } from "embla-carousel-react";
import { useCallback, useState } from "react";
import { useIdle } from "../../../lib/when-idle";

type EmblaOptions = Parameters<typeof useEmblaCarousel>[0];
type EmblaPlugins = Parameters<typeof useEmblaCarousel>[1];

/** Until the carousel starts, its viewport ref does nothing: the slides sit where Embla will keep them. */
function notYet(): void {}

interface StartOptions {
  /**
   * Also wait until some of the viewport is on the screen. For a carousel below the first view
   * (home's): Embla's start (measuring every slide, building its engine) is one task of 10–30 ms
   * on a phone, better spent when the shopper scrolls to it than while the page is starting.
   */
  onScreen?: boolean;
}

/** True once some of the element given to `watch` has been on the screen (or at once without IntersectionObserver). */
function useSeenOnScreen(
  wanted: boolean,
): [seen: boolean, watch: (element: HTMLElement | null) => undefined | (() => void)] {
  const [seen, setSeen] = useState(!wanted);
  const watch = useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    if (typeof IntersectionObserver === "undefined") {
      setSeen(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [seen, watch];
}

/**
 * Embla's `useEmblaCarousel`, started once the browser is idle after the first paint: its slide
 * measuring would otherwise force the page's first layout (decision 0009). Until then the API is
 * undefined, so controls that need it wait for it, or call `startNow` (an arrow pressed before).
 */
export function useIdleCarousel(
  options?: EmblaOptions,
  plugins?: EmblaPlugins,
  { onScreen = false }: StartOptions = {},
): [...UseEmblaCarouselType, startNow: () => void] {
  const [viewportRef, api] = useEmblaCarousel(options, plugins);
  const idle = useIdle();
  const [seen, watch] = useSeenOnScreen(onScreen);
  const [asked, setAsked] = useState(false);
  const startNow = useCallback(() => setAsked(true), []);
  if (asked || (idle && seen)) return [viewportRef, api, startNow];
  return [onScreen && !seen ? watch : notYet, api, startNow];
}
