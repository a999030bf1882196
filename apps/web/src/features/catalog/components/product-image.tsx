import type { ProductImage as ProductImageData } from "@vaki/contract/catalog";
import { type ComponentProps, useState } from "react";

/** Product art is drawn at 4:5 (800 × 1000); every product image reserves that box before it loads. */
export const PRODUCT_IMAGE_WIDTH = 800;
export const PRODUCT_IMAGE_HEIGHT = 1000;

interface ProductImageProps
  extends Omit<ComponentProps<"img">, "width" | "height" | "loading" | "onError" | "srcSet" | "sizes"> {
  src: string;
  alt: string;
  /** An uploaded photo's renditions: drawn as a <picture> (AVIF, WebP, then JPEG) at its own size. */
  photo?: ProductImageData["photo"];
  /** How wide the slot draws the photo (`photoSizes` in the contract); used with `photo`. */
  sizes?: string;
  /** Above the fold: load at once (and say so to the browser); else lazily. */
  eager?: boolean;
  /** The page's main image (largest contentful paint). */
  priority?: boolean;
}

/**
 * A product image with explicit dimensions (no layout shift), lazy below the fold, and hidden
 * when it fails to load (R-STORE-8: a broken image is hidden).
 */
export function ProductImage({
  src,
  alt,
  eager = false,
  priority = false,
  className,
  fetchPriority,
  photo,
  sizes,
  ...props
}: ProductImageProps) {
  const [broken, setBroken] = useState<string | null>(null);
  if (broken === src) return null;
  const image = (
    <img
      {...props}
      src={src}
      alt={alt}
      srcSet={photo?.jpeg}
      sizes={photo ? sizes : undefined}
      width={photo?.width ?? PRODUCT_IMAGE_WIDTH}
      height={photo?.height ?? PRODUCT_IMAGE_HEIGHT}
      loading={eager || priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : fetchPriority}
      className={["product-image", className].filter(Boolean).join(" ")}
      onError={() => setBroken(src)}
    />
  );
  if (!photo) return image;
  // The browser takes the first format it can show; the <img> keeps the size, priority and alt.
  return (
    <picture className="product-picture">
      <source type="image/avif" srcSet={photo.avif} sizes={sizes} />
      <source type="image/webp" srcSet={photo.webp} sizes={sizes} />
      {image}
    </picture>
  );
}
