import type { ProductSummary } from "@vaki/contract/catalog";
import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useDeferredValue, useEffect, useId, useState } from "react";
import { usePrefersReducedMotion } from "../../../lib/use-media-query";
import { useIdle } from "../../../lib/when-idle";
import { useFeaturedProducts } from "../catalogue-api";
import { ProductCard } from "./product-card";
import "./related-products.css";

/** R-STORE-7 and R-STORE-9: featured products, 8 of them. */
const FEATURED_LIMIT = 8;

/**
 * "You May Also Like" (R-STORE-2): featured products other than this one, in a carousel of 1 slide,
 * 2 from 576 px and 4 from 768 px, each linking to its product page.
 */
export function RelatedProducts({ currentProductId }: { currentProductId: number }) {
  // Below the fold: asked for once the page has painted and the browser is idle, so the call
  // does not share the first second with the product's image and code (issue 14).
  const idle = useIdle();
  const featured = useFeaturedProducts(FEATURED_LIMIT, { enabled: idle });
  const titleId = useId();
  // A query's answer re-renders at once, in one task; deferred, the carousel's first drawing is
  // a background render React splits into slices, with the page free to answer in between.
  const data = useDeferredValue(featured.data);
  const products = data?.content.filter((product) => product.id !== currentProductId) ?? [];

  if (!data && !featured.isError) return null;
  return (
    <section className="related" aria-labelledby={titleId}>
      <h2 id={titleId} className="related__title">
        You May Also Like
      </h2>
      {featured.isError ? (
        <p className="related__error">Failed to fetch featured products</p>
      ) : products.length > 0 ? (
        <RelatedCarousel products={products} />
      ) : null}
    </section>
  );
}

function RelatedCarousel({ products }: { products: ProductSummary[] }) {
  const reducedMotion = usePrefersReducedMotion();
  const [viewportRef, embla] = useEmblaCarousel({ align: "start", containScroll: "trimSnaps", slidesToScroll: "auto" });
  const [edges, setEdges] = useState({ prev: false, next: false });

  useEffect(() => {
    if (!embla) return;
    const update = () => setEdges({ prev: embla.canScrollPrev(), next: embla.canScrollNext() });
    update();
    embla.on("select", update).on("reInit", update);
    return () => {
      embla.off("select", update).off("reInit", update);
    };
  }, [embla]);

  const scrollPrev = useCallback(() => embla?.scrollPrev(reducedMotion), [embla, reducedMotion]);
  const scrollNext = useCallback(() => embla?.scrollNext(reducedMotion), [embla, reducedMotion]);

  return (
    <div className="related__carousel">
      <div className="related__viewport" ref={viewportRef}>
        <ul className="related__track">
          {products.map((product) => (
            <li className="related__slide" key={product.id}>
              <ProductCard product={product} headingLevel={3} />
            </li>
          ))}
        </ul>
      </div>
      {edges.prev || edges.next ? (
        <div className="related__nav">
          <button
            type="button"
            className="related__arrow"
            aria-label="Previous products"
            aria-disabled={!edges.prev || undefined}
            onClick={scrollPrev}
          >
            <ChevronLeft aria-hidden="true" />
          </button>
          <button
            type="button"
            className="related__arrow"
            aria-label="Next products"
            aria-disabled={!edges.next || undefined}
            onClick={scrollNext}
          >
            <ChevronRight aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
