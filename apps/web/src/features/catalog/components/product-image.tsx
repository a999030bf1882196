import { type ComponentProps, useState } from "react";

/** Product art is drawn at 4:5 (800 × 1000); every product image reserves that box before it loads. */
export const PRODUCT_IMAGE_WIDTH = 800;
export const PRODUCT_IMAGE_HEIGHT = 1000;

interface ProductImageProps extends Omit<ComponentProps<"img">, "width" | "height" | "loading" | "onError"> {
  src: string;
  alt: string;
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
  ...props
}: ProductImageProps) {
  const [broken, setBroken] = useState<string | null>(null);
  if (broken === src) return null;
  return (
    <img
      {...props}
      src={src}
      alt={alt}
      width={PRODUCT_IMAGE_WIDTH}
      height={PRODUCT_IMAGE_HEIGHT}
      loading={eager || priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : fetchPriority}
      className={["product-image", className].filter(Boolean).join(" ")}
      onError={() => setBroken(src)}
    />
  );
}
