import type {
  CategoryRef,
  ProductCharacter,
  ProductDetail,
  ProductImage,
  ProductOption,
  ProductSummary,
  Variant,
} from "@vaki/contract/catalog";
import { photoSources } from "@vaki/contract/photos";
import type { ImageRecord, ProductCategoryRecord, ProductRecord, VariantRecord } from "./repo.js";

export function toProductImage(row: ImageRecord): ProductImage {
  return {
    id: row.id,
    imageUrl: row.url,
    productId: row.product_id,
    displayOrder: row.display_order,
    primary: row.is_primary === 1,
    alt: row.alt,
    color: row.color,
    ...(row.photo_hash && row.photo_width && row.photo_height
      ? { photo: photoSrcsets(row.photo_hash, row.photo_width, row.photo_height) }
      : {}),
  };
}

/** An uploaded photo's srcset per format and its size, for the storefront's <picture>. */
function photoSrcsets(hash: string, width: number, height: number): NonNullable<ProductImage["photo"]> {
  const { avif, webp, jpeg } = photoSources(hash, width, height);
  return { width, height, avif, webp, jpeg };
}

export function toVariant(row: VariantRecord): Variant {
  return {
    id: row.id,
    sku: row.sku,
    finalPrice: row.price,
    inventoryQuantity: row.stock_quantity,
    inStock: row.stock_quantity > 0,
    // The story is the character's (productDetail.character), no longer repeated on every variant.
    attributes: { Size: row.size, Color: row.color, theme: row.theme, storyDescription: null },
  };
}

export function toCategoryRef(row: ProductCategoryRecord): CategoryRef {
  return { id: row.id, name: row.name, slug: row.slug, parentId: row.parent_id, imageUrl: row.image_url };
}

/** Groups batch-loaded rows by product id, keeping their order. */
export function groupByProduct<T extends { product_id: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.product_id);
    if (group) group.push(row);
    else groups.set(row.product_id, [row]);
  }
  return groups;
}

export interface ProductParts {
  images: ImageRecord[];
  variants: VariantRecord[];
  categories: ProductCategoryRecord[];
}

/** Images sorted by displayOrder, the primary first on ties (R-STORE-5). */
function sortImages(images: ProductImage[]): ProductImage[] {
  return [...images].sort(
    (a, b) => a.displayOrder - b.displayOrder || Number(b.primary) - Number(a.primary) || a.id - b.id,
  );
}

export function toProductSummary(product: ProductRecord, parts: ProductParts): ProductSummary {
  const images = sortImages(parts.images.map(toProductImage));
  const variants = parts.variants.map(toVariant);
  const primary = images.find((image) => image.primary) ?? images[0];
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    price: product.price,
    currency: "INR",
    imageUrl: primary?.imageUrl ?? null,
    images,
    categories: parts.categories.map(toCategoryRef),
    variants,
    featured: product.is_featured === 1,
    inStock: variants.some((variant) => variant.inStock),
    createdAt: product.created_at,
  };
}

export function toProductDetail(product: ProductRecord, parts: ProductParts): ProductDetail {
  return {
    ...toProductSummary(product, parts),
    description: product.description_html,
    specifications: parseSpecifications(product.specifications),
    // As stored: the seed's formatted HTML until staff edit the lines, then a bulleted list of them.
    deliveryInfo: product.delivery_info_html,
    options: optionsOf(parts.variants),
    character: characterOf(parts.categories),
  };
}

/** Sizes in the order a shopper reads them; any other size follows. */
const sizeOrder = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL"];

const sizeRank = (size: string) => {
  const index = sizeOrder.indexOf(size.toUpperCase());
  return index === -1 ? sizeOrder.length : index;
};

/** XS < S < M < L < XL < XXL, then any other size (Free Size...) by name. */
export function compareSizes(a: string, b: string): number {
  return sizeRank(a) - sizeRank(b) || (sizeRank(a) === sizeOrder.length ? a.localeCompare(b) : 0);
}

/** Color (catalogue order) and Size (size order) of a product's variants; an unused option is left out. */
export function optionsOf(variants: readonly VariantRecord[]): ProductOption[] {
  const colours = [...new Set(variants.flatMap((variant) => (variant.color ? [variant.color] : [])))];
  const sizes = [...new Set(variants.flatMap((variant) => (variant.size ? [variant.size] : [])))];
  const sortedSizes = [...sizes].sort(compareSizes);
  const swatches = new Map(variants.map((variant) => [variant.color, variant.swatch]));
  const options: ProductOption[] = [];
  if (colours.length > 0) {
    options.push({ name: "Color", values: colours.map((value) => ({ value, swatch: swatches.get(value) ?? null })) });
  }
  if (sortedSizes.length > 0)
    options.push({ name: "Size", values: sortedSizes.map((value) => ({ value, swatch: null })) });
  return options;
}

/**
 * The Vakiverse character the product belongs to, whatever the order of its categories (the
 * spec's "first category has a parent" rule fails on real data: R-SHOP-10). Null for others.
 */
export function characterOf(categories: readonly ProductCategoryRecord[]): ProductCharacter | null {
  const character = categories.find((category) => category.is_character === 1);
  if (!character) return null;
  return {
    id: character.id,
    name: character.name,
    slug: character.slug,
    tagline: character.tagline,
    story: character.description ?? "",
    accentColor: character.accent_color,
    imageUrl: character.image_url,
  };
}

export function parseSpecifications(json: string): { name: string; value: string }[] {
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry) =>
      entry && typeof entry.name === "string" && typeof entry.value === "string"
        ? [{ name: entry.name, value: entry.value }]
        : [],
    );
  } catch {
    return [];
  }
}
