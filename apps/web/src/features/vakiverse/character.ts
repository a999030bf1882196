import type { CategoryNode } from "@vaki/contract/catalog";
import { vakiverseMessages } from "./messages";

/** R-STORE-9 — the landing page reads category 3, the Vakiverse. */
export const VAKIVERSE_CATEGORY_ID = 3;

/** A character of the landing page (R-STORE-3 "Character"), read from a child category. */
export interface Character {
  id: number;
  name: string;
  slug: string;
  tagline: string | null;
  story: string;
  /** Signature colour, CSS hex; the shop's lime when the category has none. */
  color: string;
  imageUrl: string | null;
  /** The product of the image with the lowest displayOrder; null when the character has no product. */
  productId: number | null;
}

const DEFAULT_COLOR = "#c6ff00";
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * The linked product: the image with the lowest displayOrder gives it. The spec falls back to the
 * character's own id, but that is a category id, not a product: without images we link nothing,
 * and the orb pins its card instead of opening a product page.
 */
function linkedProductId(node: CategoryNode): number | null {
  let best: { productId: number; displayOrder: number } | null = null;
  for (const image of node.productImages) {
    if (!best || image.displayOrder < best.displayOrder) best = image;
  }
  return best ? best.productId : null;
}

export function toCharacter(node: CategoryNode, index: number): Character {
  const name = node.name.trim() || vakiverseMessages.fallbackName(index + 1);
  return {
    id: node.id,
    name,
    slug: node.slug,
    tagline: node.tagline?.trim() || null,
    story: node.description?.trim() || vakiverseMessages.fallbackStory,
    color: node.accentColor && HEX_COLOR.test(node.accentColor) ? node.accentColor : DEFAULT_COLOR,
    imageUrl: node.imageUrl || null,
    productId: linkedProductId(node),
  };
}

/** The Vakiverse's children, in the catalogue's order, as characters. */
export function toCharacters(category: CategoryNode): Character[] {
  return category.children.map(toCharacter);
}
