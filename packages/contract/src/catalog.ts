import { listOf } from "./envelope.js";
import { DEFAULT_PRODUCT_SORT, productCardsLimit, productSorts, searchSorts } from "./product-list.js";
import { z } from "./zod.js";

/** Money is an integer number of paise (Rs. 1,299 = 129900). */
export const paiseSchema = z.number().int().min(0);

export const productImageSchema = z.object({
  id: z.number().int(),
  imageUrl: z.string(),
  productId: z.number().int(),
  displayOrder: z.number().int(),
  primary: z.boolean(),
  alt: z.string(),
  /** The colour this image shows (a `Color` option value), or null when it shows every colour. */
  color: z.string().nullable(),
  /** An uploaded photo's renditions (srcset per format, its size); absent for the generated demo art. */
  photo: z
    .object({
      width: z.number().int(),
      height: z.number().int(),
      avif: z.string(),
      webp: z.string(),
      jpeg: z.string(),
    })
    .optional(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

/** An image a category card slides through; displayOrder is its position in the slider. */
export const categoryImageSchema = z.object({
  imageUrl: z.string(),
  productId: z.number().int(),
  displayOrder: z.number().int(),
  primary: z.boolean(),
});

export const categoryRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  parentId: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
});
export type CategoryRef = z.infer<typeof categoryRefSchema>;

export const variantSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  /** Price of this variant in paise. */
  finalPrice: paiseSchema,
  inventoryQuantity: z.number().int().min(0),
  inStock: z.boolean(),
  attributes: z.object({
    Size: z.string().nullable(),
    Color: z.string().nullable(),
    theme: z.string().nullable(),
    storyDescription: z.string().nullable(),
  }),
});
export type Variant = z.infer<typeof variantSchema>;

export const specificationSchema = z.object({ name: z.string(), value: z.string() });

/** One value of a product option; `swatch` is a CSS hex colour for `Color` values, null for sizes. */
export const productOptionValueSchema = z.object({
  value: z.string(),
  swatch: z.string().nullable(),
});

/**
 * A product's options: `Color` (values in the catalogue's order, each with its swatch hex) and
 * `Size` (values in size order XS < S < M < L < XL < XXL, then any others). An option the
 * product's variants do not use is left out.
 */
export const productOptionSchema = z.object({
  name: z.enum(["Color", "Size"]),
  values: z.array(productOptionValueSchema),
});
export type ProductOption = z.infer<typeof productOptionSchema>;

/** The Vakiverse character a product belongs to (a child category of the Vakiverse, R-SHOP-10). */
export const productCharacterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** One-line hook. */
  tagline: z.string().nullable(),
  /** The character's short story (two or three sentences). */
  story: z.string(),
  /** Signature colour, CSS hex. */
  accentColor: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type ProductCharacter = z.infer<typeof productCharacterSchema>;

/** What a product card needs: list, category, featured, related and search answers. */
export const productSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** Lowest variant price (or the product price) in paise. */
  price: paiseSchema,
  currency: z.literal("INR"),
  imageUrl: z.string().nullable(),
  images: z.array(productImageSchema),
  categories: z.array(categoryRefSchema),
  variants: z.array(variantSchema),
  featured: z.boolean(),
  inStock: z.boolean(),
  createdAt: z.string(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

/** The product page: the card plus sanitised HTML description, specifications and delivery info. */
export const productDetailSchema = productSummarySchema.extend({
  description: z.string(),
  specifications: z.array(specificationSchema),
  deliveryInfo: z.string(),
  options: z.array(productOptionSchema),
  /** Set when the product belongs to a Vakiverse character; null otherwise. */
  character: productCharacterSchema.nullable(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/**
 * A product's stock right now (never cached): the product page and the open cart poll it so a
 * size that sells out greys out within seconds, while the product answer itself stays cached.
 */
export const productStockSchema = z.object({
  productId: z.number().int(),
  variants: z.array(
    z.object({ id: z.number().int(), inventoryQuantity: z.number().int().min(0), inStock: z.boolean() }),
  ),
});
export type ProductStock = z.infer<typeof productStockSchema>;

export interface CategoryNode {
  id: number;
  name: string;
  slug: string;
  parentId: number | null;
  description: string | null;
  tagline: string | null;
  accentColor: string | null;
  imageUrl: string | null;
  displayOrder: number;
  productCount: number;
  productImages: z.infer<typeof categoryImageSchema>[];
  children: CategoryNode[];
}

export const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    parentId: z.number().int().nullable(),
    description: z.string().nullable(),
    tagline: z.string().nullable(),
    accentColor: z.string().nullable(),
    imageUrl: z.string().nullable(),
    displayOrder: z.number().int(),
    productCount: z.number().int().min(0),
    productImages: z.array(categoryImageSchema),
    children: z.array(categoryNodeSchema),
  }),
);

export const productSortSchema = z.enum(productSorts);
export type ProductSort = z.infer<typeof productSortSchema>;

const pageParam = z.coerce.number().int().min(1).max(10_000);
const booleanParam = z.enum(["true", "false"]).transform((value) => value === "true");

export const catalogueLimits = {
  categoriesDefaultLimit: 10,
  productsDefaultLimit: 20,
  categoryProductsDefaultLimit: 10,
  featuredDefaultLimit: 8,
  relatedDefaultLimit: 4,
  searchDefaultLimit: 10,
  maxLimit: 100,
} as const;

const limitValue = z.coerce.number().int().min(1).max(catalogueLimits.maxLimit);

function limitParam(defaultLimit: number) {
  return limitValue.default(defaultLimit);
}

/** The spec's home page asks with `size` (R-STORE-7: "page 1, size 10"); `limit` wins when both come. */
export const categoriesQuerySchema = z
  .object({
    includeInactive: booleanParam.optional(),
    page: pageParam.default(1),
    limit: limitValue.optional(),
    size: limitValue.optional(),
  })
  .transform(({ size, limit, ...query }) => ({
    ...query,
    limit: limit ?? size ?? catalogueLimits.categoriesDefaultLimit,
  }));

export const categoryWithChildrenQuerySchema = z.object({
  includeChildren: booleanParam.default(true),
});

/** Filters of product lists; only the ones given apply. Prices are in paise. */
export const productFiltersSchema = z.object({
  categoryId: z.coerce.number().int().min(1).optional(),
  size: z.string().trim().min(1).max(20).optional(),
  color: z.string().trim().min(1).max(40).optional(),
  minPrice: z.coerce.number().int().min(0).max(100_000_000).optional(),
  maxPrice: z.coerce.number().int().min(0).max(100_000_000).optional(),
  inStock: booleanParam.optional(),
  sort: productSortSchema.default(DEFAULT_PRODUCT_SORT),
});
export type ProductFilters = z.infer<typeof productFiltersSchema>;

export const productsQuerySchema = productFiltersSchema.extend({
  page: pageParam.default(1),
  limit: limitParam(catalogueLimits.productsDefaultLimit),
});
export type ProductsQuery = z.infer<typeof productsQuerySchema>;

export const categoryProductsQuerySchema = productFiltersSchema.omit({ categoryId: true }).extend({
  page: pageParam.default(1),
  limit: limitParam(catalogueLimits.categoryProductsDefaultLimit),
});

export const featuredQuerySchema = z.object({ limit: limitParam(catalogueLimits.featuredDefaultLimit) });
export const relatedQuerySchema = z.object({ limit: limitParam(catalogueLimits.relatedDefaultLimit) });

export const searchQuerySchema = z.object({
  keyword: z.string().trim().min(1, "Please enter a search keyword").max(100),
  page: pageParam.default(1),
  limit: limitParam(catalogueLimits.searchDefaultLimit),
});

/**
 * GET /api/search: the search results page (issue 30). The list's filters, and a sort that
 * opens on "relevance" (the search's rank) with the list's sorts besides.
 */
export const searchPageQuerySchema = productFiltersSchema.omit({ categoryId: true, sort: true }).extend({
  q: z.string().trim().min(1, "Please enter a search keyword").max(100),
  sort: z.enum(searchSorts).default("relevance"),
  page: pageParam.default(1),
  limit: limitParam(catalogueLimits.productsDefaultLimit),
});
export type SearchPageQuery = z.infer<typeof searchPageQuerySchema>;

/** GET /api/products/cards?ids=3,5,9: cards of products a browser remembers (wishlist, recently viewed). */
export const productCardsQuerySchema = z.object({
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10})*$/, "Expected product ids separated by commas")
    // An id past the databases' integer range names no product (PostgreSQL would refuse to
    // compare it): left out like any other id that is not a product.
    .transform((value) => [...new Set(value.split(",").map(Number))].filter((id) => id >= 1 && id <= 2_147_483_647))
    .refine((ids) => ids.length <= productCardsLimit, `At most ${productCardsLimit} products`),
});

/** Product ids in paths may be numeric ids or slugs. */
export const productKeySchema = z.union([
  z.coerce.number().int().min(1).max(2_147_483_647),
  z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Expected a product id or slug")
    .max(120),
]);

/** A facet value of a product list: how many products of the result have it. */
export const facetValueSchema = z.object({
  value: z.string(),
  count: z.number().int().min(0),
  /** CSS hex for colour values; null for sizes. */
  swatch: z.string().nullable(),
});

/**
 * Facets of a list's result. Each facet is counted over the list's scope (all products, or the
 * category with its subcategories) with every filter applied except its own, so a shopper can
 * always widen a filter again. Prices in paise; null when the result is empty.
 */
export const productFacetsSchema = z.object({
  sizes: z.array(facetValueSchema),
  colors: z.array(facetValueSchema),
  price: z.object({ min: paiseSchema, max: paiseSchema }).nullable(),
  /** Products in the scope with stock, with the other filters applied. */
  inStockCount: z.number().int().min(0),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;

export const breadcrumbEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
});

/** The category a category list shows: itself, its parent and its path from the top. */
export const categoryContextSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  parentId: z.number().int().nullable(),
  description: z.string().nullable(),
  tagline: z.string().nullable(),
  accentColor: z.string().nullable(),
  imageUrl: z.string().nullable(),
  parent: breadcrumbEntrySchema.nullable(),
  /** From the top category down to this one (this one last). */
  breadcrumb: z.array(breadcrumbEntrySchema),
});
export type CategoryContext = z.infer<typeof categoryContextSchema>;

/** A plain page of product cards (featured, related, search). */
export const productListSchema = listOf(productSummarySchema);

/** GET /api/products and GET /api/products/category/{id}: the page, its facets and (for a category) the category. */
export const facetedProductListSchema = listOf(productSummarySchema).extend({
  facets: productFacetsSchema,
  category: categoryContextSchema.nullable(),
});
export type FacetedProductList = z.infer<typeof facetedProductListSchema>;

/** Category ids in paths may be numeric ids or slugs (the footer links by slug). */
export const categoryKeySchema = productKeySchema;
export const categoryListSchema = listOf(categoryNodeSchema);
