import Autoplay from "embla-carousel-autoplay";
import type { UseEmblaCarouselType } from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { memo, type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { prefersReducedMotion } from "../../../lib/use-media-query";
import { CategoryCard, type CategoryCardItem } from "./category-card";
import { useIdleCarousel } from "./use-idle-carousel";
import "./category-carousel.css";

/**
 * The slides' cards re-render only when their own props change: the carousel re-renders as Embla
 * starts, as the arrows enable and as more pictures load, and two dozen cards each time made that
 * a long task (issue 14).
 */
const SlideCard = memo(CategoryCard);

/** R-STORE-9 — home carousel autoplay 4000 ms, spacing 24 px, no looping, arrows on. */
export const CAROUSEL_AUTOPLAY_MS = 4000;
export const CAROUSEL_SPACING_PX = 24;
/**
 * Slides whose pictures load with the page: a wide screen's first view (four) and the next one
 * (issue 14). The rest load as the carousel comes near them (see `useSlidesWithPictures`).
 */
export const SLIDES_WITH_PICTURES_AT_FIRST = 5;
/** Slides past the last one in view whose pictures are fetched ahead, so a swipe never shows an empty card. */
const SLIDES_LOADED_AHEAD = 2;

interface CategoryCarouselProps {
  items: readonly CategoryCardItem[];
  /** The visible heading, also the carousel's accessible name. */
  title: string;
  /** Shown under the heading. */
  intro?: ReactNode;
}

function CarouselHeader({
  titleId,
  title,
  intro,
  arrows,
}: {
  titleId: string;
  title: string;
  intro?: ReactNode;
  arrows?: ReactNode;
}) {
  return (
    <div className="category-carousel__header">
      <div>
        <h2 className="category-carousel__title" id={titleId}>
          {title}
        </h2>
        {intro ? <p className="category-carousel__intro">{intro}</p> : null}
      </div>
      {arrows}
    </div>
  );
}

/**
 * The home page's carousel of categories and subcategories (R-STORE-2): one card per
 * view on phones, more on wider screens, 24 px apart, autoplaying every 4 s (not under reduced
 * motion; paused while hovered or focused), previous/next arrows. A single item is shown
 * without a carousel.
 */
export function CategoryCarousel(props: CategoryCarouselProps) {
  const titleId = useId();
  const { items, title, intro } = props;
  if (items.length === 0) return null;
  if (items.length === 1) {
    const [only] = items as [CategoryCardItem];
    return (
      <section className="category-carousel category-carousel--single" aria-labelledby={titleId}>
        <CarouselHeader titleId={titleId} title={title} intro={intro} />
        <div className="category-carousel__single">
          <CategoryCard item={only} />
        </div>
      </section>
    );
  }
  return <EmblaCategoryCarousel {...props} titleId={titleId} />;
}

/**
 * How many leading slides show their pictures: the first few, then up to two past the furthest
 * slide the carousel has shown. A page of twenty-odd cards otherwise fetches and draws every
 * picture at once (each an SVG document of its own), most of them off to the side.
 */
function useSlidesWithPictures(embla: UseEmblaCarouselType[1]): number {
  const [count, setCount] = useState(SLIDES_WITH_PICTURES_AT_FIRST);
  useEffect(() => {
    if (!embla) return;
    const reach = () => {
      const furthest = Math.max(-1, ...embla.slidesInView());
      setCount((current) => Math.max(current, furthest + 1 + SLIDES_LOADED_AHEAD));
    };
    reach();
    embla.on("slidesInView", reach);
    return () => {
      embla.off("slidesInView", reach);
    };
  }, [embla]);
  return count;
}

type Direction = "previous" | "next";

/** An arrow press is the shopper taking over: the autoplay's clock restarts from their choice. */
function move(embla: NonNullable<UseEmblaCarouselType[1]>, direction: Direction): void {
  if (direction === "previous") embla.scrollPrev();
  else embla.scrollNext();
  embla.plugins().autoplay?.reset();
}

function EmblaCategoryCarousel({ items, title, intro, titleId }: CategoryCarouselProps & { titleId: string }) {
  const plugins = useMemo(
    () =>
      prefersReducedMotion()
        ? []
        : [
            Autoplay({
              delay: CAROUSEL_AUTOPLAY_MS,
              stopOnInteraction: false,
              stopOnMouseEnter: true,
              stopOnFocusIn: true,
            }),
          ],
    [],
  );
  // Started once the browser is idle after the first paint and the carousel is on the screen (it
  // sits below the first view on a phone), or when an arrow is pressed; it autoplays from then.
  const [viewportRef, embla, startNow] = useIdleCarousel(
    { align: "start", loop: false, containScroll: "trimSnaps" },
    plugins,
    { onScreen: true },
  );
  const slidesWithPictures = useSlidesWithPictures(embla);
  const [canPrevious, setCanPrevious] = useState(false);
  // Before Embla has measured, there is a next slide as soon as there are two: pressed then, the
  // arrow starts the carousel and moves it once started. Embla corrects both arrows as it starts.
  const [canNext, setCanNext] = useState(items.length > 1);
  const pressedEarly = useRef<Direction | null>(null);

  const update = useCallback(() => {
    if (!embla) return;
    setCanPrevious(embla.canScrollPrev());
    setCanNext(embla.canScrollNext());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    update();
    embla.on("select", update).on("reInit", update);
    // After the listeners: the move's "select" sets the arrows.
    if (pressedEarly.current) move(embla, pressedEarly.current);
    pressedEarly.current = null;
    return () => {
      embla.off("select", update).off("reInit", update);
    };
  }, [embla, update]);

  const go = (direction: Direction) => {
    if (embla) return move(embla, direction);
    pressedEarly.current = direction;
    startNow();
  };

  const arrows = (
    <div className="category-carousel__arrows">
      <button
        type="button"
        className="category-carousel__arrow"
        aria-label="Previous slide"
        onClick={() => go("previous")}
        disabled={!canPrevious}
      >
        <ChevronLeft aria-hidden="true" />
      </button>
      <button
        type="button"
        className="category-carousel__arrow"
        aria-label="Next slide"
        onClick={() => go("next")}
        disabled={!canNext}
      >
        <ChevronRight aria-hidden="true" />
      </button>
    </div>
  );

  return (
    <section className="category-carousel" aria-roledescription="carousel" aria-labelledby={titleId}>
      <CarouselHeader titleId={titleId} title={title} intro={intro} arrows={arrows} />
      <div className="category-carousel__viewport" ref={viewportRef}>
        <div className="category-carousel__track">
          {items.map((item, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern names each slide as a group.
            <div
              key={`${item.kind}-${item.category.id}`}
              className="category-carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${items.length}`}
            >
              <SlideCard item={item} picture={index < slidesWithPictures} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
