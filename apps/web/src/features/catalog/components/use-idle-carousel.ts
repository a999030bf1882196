import useEmblaCarousel, { type UseEmblaCarouselType } from "embla-carousel-react";
import { useIdle } from "../../../lib/when-idle";

type EmblaOptions = Parameters<typeof useEmblaCarousel>[0];
type EmblaPlugins = Parameters<typeof useEmblaCarousel>[1];

/** Until the carousel starts, its viewport ref does nothing: the slides sit where Embla will keep them. */
function notYet(): void {}

/**
 * Embla's `useEmblaCarousel`, started once the browser is idle after the first paint: its slide
 * measuring would otherwise force the page's first layout (decision 0009). Until then the API is
 * undefined, so controls that need it wait for it.
 */
export function useIdleCarousel(options?: EmblaOptions, plugins?: EmblaPlugins): UseEmblaCarouselType {
  const [viewportRef, api] = useEmblaCarousel(options, plugins);
  const started = useIdle();
  return [started ? viewportRef : notYet, api];
}
