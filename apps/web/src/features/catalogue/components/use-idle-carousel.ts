import useEmblaCarousel, { type UseEmblaCarouselType } from "embla-carousel-react";
import { useIdle } from "../../../lib/when-idle";

type EmblaOptions = Parameters<typeof useEmblaCarousel>[0];
type EmblaPlugins = Parameters<typeof useEmblaCarousel>[1];

/** Until the carousel starts, its viewport ref does nothing: the slides sit where Embla will keep them. */
function notYet(): void {}

/**
 * Embla's `useEmblaCarousel`, started once the browser is idle after the first paint (a second at
 * most) instead of as the carousel mounts (issue 14). Embla measures every slide when it starts,
 * and in a page's first commit that forced the whole page's first layout into the same task
 * (30–75 ms of main thread here, unthrottled, on the home and product pages); after the first
 * paint the layout is done and the measuring costs little. Until then the API is undefined, as
 * it is before any Embla carousel has mounted, so controls that need it wait for it.
 */
export function useIdleCarousel(options?: EmblaOptions, plugins?: EmblaPlugins): UseEmblaCarouselType {
  const [viewportRef, api] = useEmblaCarousel(options, plugins);
  const started = useIdle();
  return [started ? viewportRef : notYet, api];
}
