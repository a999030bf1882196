/**
 * The product page's choice of colour and size (R-STORE-4 "Product detail"): only
 * variants with a Size are offered, sizes follow the chosen colour, the first in-stock variant
 * is preselected (otherwise the first), and the gallery shows the chosen colour's images.
 * Shared: the server preloads the image the page's gallery opens on (issue 14).
 */
import type { ProductDetail, ProductImage, ProductOption, Variant } from "./catalog.js";

/** Low stock is announced from this many units down (spec-free, shop choice: "Only N left"). */
export const LOW_STOCK_THRESHOLD = 3;

/** Size order when the server sends no `options` (the contract's order: XS < S < M < L < XL < XXL). */
export const SIZE_ORDER = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL"];

export interface ColorChoice {
  value: string;
  /** CSS hex of the swatch, null when unknown. */
  swatch: string | null;
  /** Some size of this colour is in stock. */
  inStock: boolean;
}

export interface SizeChoice {
  value: string;
  variant: Variant;
  inStock: boolean;
  /** Units left, shown as "Only N left" when low. */
  quantity: number;
}

export interface OptionSelection {
  color: string | null;
  size: string | null;
}

type ProductForOptions = Pick<ProductDetail, "variants"> & { options?: ProductOption[] | null };

function sizedVariants(product: ProductForOptions): Variant[] {
  return product.variants.filter((variant) => Boolean(variant.attributes.Size));
}

function isInStock(variant: Variant): boolean {
  return variant.inStock && variant.inventoryQuantity > 0;
}

function optionValues(product: ProductForOptions, name: ProductOption["name"]) {
  return product.options?.find((option) => option.name === name)?.values ?? null;
}

/** Colours in the catalogue's order with their swatches; derived from the variants when `options` is missing. */
export function colorChoices(product: ProductForOptions): ColorChoice[] {
  const variants = sizedVariants(product);
  const stocked = (color: string) => variants.some((v) => v.attributes.Color === color && isInStock(v));
  const fromOptions = optionValues(product, "Color");
  const values = fromOptions
    ? fromOptions.map((option) => ({ value: option.value, swatch: option.swatch }))
    : [...new Set(variants.map((v) => v.attributes.Color).filter((c): c is string => Boolean(c)))].map((value) => ({
        value,
        swatch: null,
      }));
  return values
    .filter((choice) => variants.some((v) => v.attributes.Color === choice.value))
    .map((choice) => ({ ...choice, inStock: stocked(choice.value) }));
}

function sizeRank(product: ProductForOptions): (size: string) => number {
  const ordered = optionValues(product, "Size")?.map((option) => option.value);
  if (ordered) return (size) => (ordered.includes(size) ? ordered.indexOf(size) : ordered.length);
  return (size) => {
    const index = SIZE_ORDER.indexOf(size.toUpperCase());
    return index === -1 ? SIZE_ORDER.length : index;
  };
}

/** The sizes of one colour (or of every variant when the product has no colours), in size order. */
export function sizeChoices(product: ProductForOptions, color: string | null): SizeChoice[] {
  const hasColors = colorChoices(product).length > 0;
  const rank = sizeRank(product);
  const seen = new Set<string>();
  const choices: SizeChoice[] = [];
  for (const variant of sizedVariants(product)) {
    const size = variant.attributes.Size as string;
    if (hasColors && variant.attributes.Color !== color) continue;
    if (seen.has(size)) continue;
    seen.add(size);
    choices.push({ value: size, variant, inStock: isInStock(variant), quantity: variant.inventoryQuantity });
  }
  // A stable sort keeps the catalogue's order among sizes the ranking does not know.
  return choices
    .map((choice, index) => ({ choice, index }))
    .sort((a, b) => rank(a.choice.value) - rank(b.choice.value) || a.index - b.index)
    .map(({ choice }) => choice);
}

/**
 * What the page shows as chosen, from what the URL asks for: a wanted colour that exists, else the
 * colour of the first in-stock sized variant, else of the first sized variant; a wanted size that
 * is in stock in that colour, else its first in-stock size, else its first size. With
 * `keepSoldOutSize` (the shopper picked that size on this page and it has since sold out) the
 * wanted size stays chosen, shown sold out, instead of silently becoming another size.
 */
export function resolveSelection(
  product: ProductForOptions,
  wanted: Partial<OptionSelection> = {},
  { keepSoldOutSize = false }: { keepSoldOutSize?: boolean } = {},
): OptionSelection {
  const variants = sizedVariants(product);
  if (variants.length === 0) return { color: null, size: null };
  const colors = colorChoices(product);
  let color: string | null = null;
  if (colors.length > 0) {
    const fallback = variants.find(isInStock) ?? variants[0];
    color = colors.some((choice) => choice.value === wanted.color)
      ? (wanted.color as string)
      : (fallback?.attributes.Color ?? colors[0]?.value ?? null);
  }
  const sizes = sizeChoices(product, color);
  const size =
    sizes.find((choice) => choice.value === wanted.size && (choice.inStock || keepSoldOutSize)) ??
    sizes.find((choice) => choice.inStock) ??
    sizes[0];
  return { color, size: size?.value ?? null };
}

/** The variant of a selection, or null when nothing matches. */
export function selectedVariant(product: ProductForOptions, selection: OptionSelection): Variant | null {
  if (!selection.size) return null;
  return sizeChoices(product, selection.color).find((choice) => choice.value === selection.size)?.variant ?? null;
}

/** Units left when the chosen variant is running low (1 to LOW_STOCK_THRESHOLD), else null. */
export function lowStockLeft(variant: Variant | null): number | null {
  if (!variant || !isInStock(variant)) return null;
  return variant.inventoryQuantity <= LOW_STOCK_THRESHOLD ? variant.inventoryQuantity : null;
}

/**
 * The gallery of a colour: images of that colour plus those showing every colour (color null),
 * by displayOrder. Every image when nothing matches (or the server does not tag images).
 */
export function galleryImages(images: readonly ProductImage[], color: string | null): ProductImage[] {
  const ordered = [...images].sort((a, b) => a.displayOrder - b.displayOrder);
  if (!color) return ordered;
  const matching = ordered.filter((image) => image.color === color || image.color == null);
  return matching.length > 0 ? matching : ordered;
}
