/**
 * The storefront's product lists (R-STORE-9) as the server and the browser both need
 * them: the size of a page, the sort a list opens on, the call of a list's first page, and the
 * picture a product card shows. Shared: the server writes a list's first page into the HTML it
 * serves and preloads the first cards' pictures (issue 14). Free of schemas, so the browser's
 * list code does not load the validation library for it.
 */

/** List pages ask for 20 products a page and add the next 20 with "Load more" (R-STORE-9). */
export const LIST_PAGE_SIZE = 20;

/** The sorts a list offers (the API's `sort`). */
export const productSorts = ["newest", "price_asc", "price_desc", "popular"] as const;
type ProductSort = (typeof productSorts)[number];

export function isProductSort(value: unknown): value is ProductSort {
  return (productSorts as readonly unknown[]).includes(value);
}

/** The search results page's sorts: its rank first (the default), then the list's. */
export const searchSorts = ["relevance", ...productSorts] as const;
export type SearchSort = (typeof searchSorts)[number];

export function isSearchSort(value: unknown): value is SearchSort {
  return (searchSorts as readonly unknown[]).includes(value);
}

/** The most cards one GET /api/products/cards answers (wishlist, recently viewed). */
export const productCardsLimit = 24;

/** The sort a list opens on when its URL names none. */
export const DEFAULT_PRODUCT_SORT: ProductSort = "newest";

/** The query of a list's first page when the shopper has set no filter and no sort. */
export const firstListPageQuery = { page: 1, limit: LIST_PAGE_SIZE, sort: DEFAULT_PRODUCT_SORT } as const;

/** The API call of that first page: all products (`categoryKey` null) or one category's, by id or slug. */
export function firstListPagePath(categoryKey: string | null): string {
  const base = categoryKey === null ? "/api/products" : `/api/products/category/${encodeURIComponent(categoryKey)}`;
  const { page, limit, sort } = firstListPageQuery;
  return `${base}?page=${page}&limit=${limit}&sort=${sort}`;
}

/** The search params a list URL may carry that change what its first page holds. */
export const listFilterParams = ["size", "color", "minPrice", "maxPrice", "inStock", "sort"] as const;

/** What a card's picture is chosen from (a ProductSummary's fields; declared here, so the rule loads without zod). */
export interface CardPictures {
  images: readonly { imageUrl: string; displayOrder: number; primary: boolean; photo?: CardPhoto | undefined }[];
  imageUrl: string | null;
}

/** An uploaded photo's renditions, as the card draws them (`photoSources` in photos.ts). */
export interface CardPhoto {
  width: number;
  height: number;
  avif: string;
  webp: string;
  jpeg: string;
}

/** A card's picture: the primary image, else the first by displayOrder, else the product's imageUrl. */
export function cardImage(product: CardPictures): string | null {
  return cardPicture(product)?.url ?? null;
}

/** The card's picture with its renditions when it is an uploaded photo (a srcset for the card's width). */
export function cardPicture(product: CardPictures): { url: string; photo?: CardPhoto } | null {
  const ordered = [...product.images].sort((a, b) => a.displayOrder - b.displayOrder);
  const chosen = ordered.find((image) => image.primary) ?? ordered[0];
  if (chosen) return chosen.photo ? { url: chosen.imageUrl, photo: chosen.photo } : { url: chosen.imageUrl };
  return product.imageUrl ? { url: product.imageUrl } : null;
}
