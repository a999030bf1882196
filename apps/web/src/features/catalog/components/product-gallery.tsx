import type { ProductImage as ProductImageData } from "@vaki/contract/catalog";
import { photoSizes } from "@vaki/contract/photos";
import Autoplay from "embla-carousel-autoplay";
import { ChevronLeft, ChevronRight, Expand } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { usePrefersReducedMotion } from "../../../lib/use-media-query";
import { useOpenedOnce } from "../../../lib/use-opened-once";
import { ProductImage } from "./product-image";
import { useIdleCarousel } from "./use-idle-carousel";
import "./product-gallery.css";

// The lightbox's code (and the dialog's) loads on the first open, not before the page's first paint.
const ImageLightbox = lazy(async () => ({ default: (await import("./image-lightbox")).ImageLightbox }));

/** R-STORE-9: the detail gallery moves on every 3 s. */
export const GALLERY_AUTOPLAY_MS = 3000;

interface ProductGalleryProps {
  images: readonly ProductImageData[];
  productName: string;
}

/**
 * The product's images (R-STORE-2 "Product detail"): one image, or a carousel with thumbnails and
 * 3 s autoplay (none under reduced motion). Any image opens the lightbox.
 */
export function ProductGallery({ images, productName }: ProductGalleryProps) {
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);

  const lightbox = useOpenedOnce(lightboxIndex !== null) ? (
    <Suspense fallback={null}>
      <ImageLightbox
        images={images}
        productName={productName}
        index={lightboxIndex}
        onIndexChange={setLightboxIndex}
        onClose={() => setLightboxIndex(null)}
      />
    </Suspense>
  ) : null;

  if (images.length === 0) return <div className="gallery gallery--empty" aria-hidden="true" />;

  if (images.length === 1) {
    const [image] = images as [ProductImageData];
    return (
      <div className="gallery gallery--single">
        <button
          type="button"
          className="gallery__open"
          aria-label={`Open ${image.alt || productName} full screen`}
          onClick={() => setLightboxIndex(0)}
        >
          <ProductImage
            src={image.imageUrl}
            photo={image.photo}
            sizes={photoSizes.productGallery}
            alt={image.alt || productName}
            priority
            className="gallery__image"
          />
          <Expand aria-hidden="true" className="gallery__expand" />
        </button>
        {lightbox}
      </div>
    );
  }

  return (
    <>
      <GalleryCarousel images={images} productName={productName} onOpen={setLightboxIndex} />
      {lightbox}
    </>
  );
}

function GalleryCarousel({ images, productName, onOpen }: ProductGalleryProps & { onOpen: (index: number) => void }) {
  const reducedMotion = usePrefersReducedMotion();
  const plugins = useMemo(
    () => [Autoplay({ delay: GALLERY_AUTOPLAY_MS, active: !reducedMotion, stopOnMouseEnter: true })],
    [reducedMotion],
  );
  const [mainRef, main] = useIdleCarousel({ loop: true, duration: 22 }, plugins);
  const [thumbsRef, thumbs] = useIdleCarousel({ containScroll: "keepSnaps", dragFree: true });
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!main) return;
    const onSelect = () => {
      const index = main.selectedScrollSnap();
      setSelected(index);
      thumbs?.scrollTo(index);
    };
    onSelect();
    main.on("select", onSelect).on("reInit", onSelect);
    return () => {
      main.off("select", onSelect).off("reInit", onSelect);
    };
  }, [main, thumbs]);

  const goTo = useCallback(
    (index: number) => {
      main?.plugins().autoplay?.stop();
      main?.scrollTo(index, reducedMotion);
    },
    [main, reducedMotion],
  );

  const count = images.length;
  return (
    <section className="gallery" aria-roledescription="carousel" aria-label={`${productName} images`}>
      <div className="gallery__main">
        <div className="gallery__viewport" ref={mainRef}>
          <div className="gallery__track">
            {images.map((image, index) => (
              <div className="gallery__slide" key={image.id}>
                <button
                  type="button"
                  className="gallery__open"
                  tabIndex={index === selected ? 0 : -1}
                  aria-label={`Open image ${index + 1} of ${count} full screen`}
                  onClick={() => onOpen(index)}
                >
                  <ProductImage
                    src={image.imageUrl}
                    photo={image.photo}
                    sizes={photoSizes.productGallery}
                    alt={image.alt || productName}
                    priority={index === 0}
                    // The slides beside the first are out of view until swiped: they wait for
                    // the first image and the page's code instead of sharing the line with them.
                    fetchPriority={index === 0 ? undefined : "low"}
                    className="gallery__image"
                  />
                </button>
              </div>
            ))}
          </div>
        </div>
        <button
          type="button"
          className="gallery__arrow gallery__arrow--prev"
          aria-label="Previous image"
          onClick={() => goTo((selected - 1 + count) % count)}
        >
          <ChevronLeft aria-hidden="true" />
        </button>
        <button
          type="button"
          className="gallery__arrow gallery__arrow--next"
          aria-label="Next image"
          onClick={() => goTo((selected + 1) % count)}
        >
          <ChevronRight aria-hidden="true" />
        </button>
        <Expand aria-hidden="true" className="gallery__expand" />
      </div>

      <div className="gallery__thumbs" ref={thumbsRef}>
        <ul className="gallery__thumbs-track">
          {images.map((image, index) => (
            <li className="gallery__thumb-slide" key={image.id}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Show image ${index + 1} of ${count}`}
                aria-current={index === selected ? "true" : undefined}
                onClick={() => goTo(index)}
              >
                <ProductImage
                  src={image.imageUrl}
                  photo={image.photo}
                  sizes={photoSizes.galleryThumb}
                  alt=""
                  className="gallery__thumb-image"
                />
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
