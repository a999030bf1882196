import type { CategoryNode } from "@vaki/contract/catalog";
import type { CategoryRecord, ImageRecord } from "./repo.js";

/** How many images a category card slides through. */
const cardImageCount = 12;

/**
 * Builds the category tree with each category's product count (its own products and its
 * descendants', each counted once) and the images its card slides through: the primary image
 * of its best sellers, topped up with their other images, minus the positions the category
 * excludes (data of the category, e.g. category 1's 6, 11 and 12: R-STORE-5).
 */
export async function buildCategoryTree(
  categories: CategoryRecord[],
  links: { category_id: number; product_id: number }[],
  loadImages: (productIds: number[]) => Promise<ImageRecord[]>,
): Promise<CategoryNode[]> {
  const rank = new Map<number, number>();
  const directProducts = new Map<number, number[]>();
  for (const link of links) {
    if (!rank.has(link.product_id)) rank.set(link.product_id, rank.size);
    const list = directProducts.get(link.category_id);
    if (list) list.push(link.product_id);
    else directProducts.set(link.category_id, [link.product_id]);
  }

  const childrenOf = new Map<number | null, CategoryRecord[]>();
  const known = new Set(categories.map((category) => category.id));
  for (const category of categories) {
    // A child whose parent is hidden is hidden too.
    const parent = category.parent_id !== null && known.has(category.parent_id) ? category.parent_id : null;
    if (category.parent_id !== null && parent === null) continue;
    const siblings = childrenOf.get(parent);
    if (siblings) siblings.push(category);
    else childrenOf.set(parent, [category]);
  }

  const subtreeProducts = new Map<number, number[]>();
  const collect = (category: CategoryRecord): number[] => {
    const ids = new Set(directProducts.get(category.id) ?? []);
    for (const child of childrenOf.get(category.id) ?? []) for (const id of collect(child)) ids.add(id);
    const ordered = [...ids].sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
    subtreeProducts.set(category.id, ordered);
    return ordered;
  };
  for (const root of childrenOf.get(null) ?? []) collect(root);

  const excludedOf = (category: CategoryRecord): number[] => {
    try {
      const parsed: unknown = JSON.parse(category.excluded_image_positions);
      return Array.isArray(parsed) ? parsed.filter((n): n is number => Number.isInteger(n)) : [];
    } catch {
      return [];
    }
  };

  const chosen = new Map<number, number[]>();
  for (const category of categories) {
    const wanted = cardImageCount + excludedOf(category).length;
    chosen.set(category.id, (subtreeProducts.get(category.id) ?? []).slice(0, wanted));
  }
  const imageIds = [...new Set([...chosen.values()].flat())];
  const images = await loadImages(imageIds);
  const imagesOf = new Map<number, ImageRecord[]>();
  for (const image of images) {
    const list = imagesOf.get(image.product_id);
    if (list) list.push(image);
    else imagesOf.set(image.product_id, [image]);
  }

  const cardImages = (category: CategoryRecord) => {
    const excluded = excludedOf(category);
    const wanted = cardImageCount + excluded.length;
    const products = chosen.get(category.id) ?? [];
    const sorted = products.map((id) =>
      [...(imagesOf.get(id) ?? [])].sort((a, b) => a.display_order - b.display_order || b.is_primary - a.is_primary),
    );
    const slider: ImageRecord[] = sorted.flatMap((list) => list.slice(0, 1));
    for (const list of sorted) {
      if (slider.length >= wanted) break;
      slider.push(...list.slice(1, 1 + wanted - slider.length));
    }
    return slider
      .slice(0, wanted)
      .filter((_, position) => !excluded.includes(position))
      .slice(0, cardImageCount)
      .map((image, position) => ({
        imageUrl: image.url,
        productId: image.product_id,
        displayOrder: position,
        primary: image.is_primary === 1,
      }));
  };

  const toNode = (category: CategoryRecord): CategoryNode => ({
    id: category.id,
    name: category.name,
    slug: category.slug,
    parentId: category.parent_id,
    description: category.description,
    tagline: category.tagline,
    accentColor: category.accent_color,
    imageUrl: category.image_url,
    displayOrder: category.display_order,
    productCount: subtreeProducts.get(category.id)?.length ?? 0,
    productImages: cardImages(category),
    children: (childrenOf.get(category.id) ?? []).map(toNode),
  });
  return (childrenOf.get(null) ?? []).map(toNode);
}
