/**
 * Product photos' renditions (schema-free, so the storefront and the server share it): the widths
 * and formats the server renders on demand under content-hashed, immutable URLs, and the srcset
 * each format offers. A fixed list of widths, so nobody can make the server render arbitrary sizes.
 */
export const photoWidths = [320, 640, 960, 1280, 1920] as const;
export type PhotoWidth = (typeof photoWidths)[number];

export const photoFormats = ["avif", "webp", "jpg"] as const;
export type PhotoFormat = (typeof photoFormats)[number];

/** The width of the plain JPEG every answer keeps as `imageUrl` (carts, e-mails, old clients). */
export const photoFallbackWidth = 960;

/**
 * How wide each slot draws a photo (the `sizes` attribute), shared by the storefront's pictures and
 * the server's preload of the product page's first one, so both pick the same file.
 */
export const photoSizes = {
  /** The product page's main gallery: full width on phones, about 54% beside the buying column from 60rem, at most 80rem. */
  productGallery: "(min-width: 80rem) 43rem, (min-width: 60rem) 54vw, 100vw",
  /** A product card in a list or carousel: two across on phones, three from 48rem, four (about 18rem) from 80rem. */
  productCard: "(min-width: 80rem) 18rem, (min-width: 48rem) 31vw, 50vw",
  /** The gallery's thumbnails: two, then three, across the gallery. */
  galleryThumb: "(min-width: 80rem) 14rem, (min-width: 60rem) 18vw, (min-width: 768px) 33vw, 50vw",
  /** A category or character card: the whole width on phones, at most 24rem from 40rem (two, then four across). */
  categoryCard: "(min-width: 40rem) 24rem, 100vw",
} as const;

/** Where one rendition is served: `/media/photos/<sha256>-<width>.<format>`. */
export function photoUrl(hash: string, width: number, format: PhotoFormat): string {
  return `/media/photos/${hash}-${width}.${format}`;
}

/** Each format's srcset, the photo's own size (for width and height: no layout shift) and its fallback URL. */
export interface PhotoSources {
  width: number;
  height: number;
  avif: string;
  webp: string;
  jpeg: string;
  /** The JPEG at the fallback width (or the largest below it). */
  url: string;
}

/**
 * The renditions of an original `width` px wide: never upscaled, so the steps stop at the first one
 * as wide as the original, whose descriptor is the original's width (a 1000 px photo: 320, 640,
 * 960 and "1280" drawn at 1000).
 */
export function photoSteps(width: number): { step: PhotoWidth; drawn: number }[] {
  const steps: { step: PhotoWidth; drawn: number }[] = [];
  for (const step of photoWidths) {
    const drawn = Math.min(step, width);
    steps.push({ step, drawn });
    if (drawn >= width) break;
  }
  return steps;
}

export function photoSources(hash: string, width: number, height: number): PhotoSources {
  const steps = photoSteps(width);
  const srcset = (format: PhotoFormat) =>
    steps.map(({ step, drawn }) => `${photoUrl(hash, step, format)} ${drawn}w`).join(", ");
  const fallback = [...steps].reverse().find(({ step }) => step <= photoFallbackWidth) ?? steps[0];
  return {
    width,
    height,
    avif: srcset("avif"),
    webp: srcset("webp"),
    jpeg: srcset("jpg"),
    url: photoUrl(hash, fallback?.step ?? photoWidths[0], "jpg"),
  };
}

const fallbackUrlPattern = /^\/media\/photos\/([a-f0-9]{64})-(\d{1,4})\.jpg$/;

/**
 * The renditions of an uploaded picture known only by its fallback JPEG's address (a category's
 * `imageUrl`): each format at the fixed widths up to that one. Null for any other address (the
 * demo art, a typed https:// address), which is drawn as it is.
 */
export function photoSourcesOfUrl(url: string): Pick<PhotoSources, "avif" | "webp" | "jpeg"> | null {
  const match = fallbackUrlPattern.exec(url);
  if (!match) return null;
  const [, hash = "", widthText = ""] = match;
  const widest = Number(widthText);
  if (!(photoWidths as readonly number[]).includes(widest)) return null;
  const steps = photoWidths.filter((width) => width <= widest);
  const srcset = (format: PhotoFormat) => steps.map((width) => `${photoUrl(hash, width, format)} ${width}w`).join(", ");
  return { avif: srcset("avif"), webp: srcset("webp"), jpeg: srcset("jpg") };
}
