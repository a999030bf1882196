import type { Db } from "../../src/db/connection.js";
import { replaceProductWords } from "../../src/modules/catalog/product-words.js";

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;
const slugify = (name: string) =>
  `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}-${unique()}`;

export interface CategoryInput {
  name: string;
  parentId?: number | null;
  active?: boolean;
  description?: string;
  imageUrl?: string;
  excludedImagePositions?: number[];
  /** A Vakiverse character (its products name it); tagline and accent colour go with it. */
  character?: boolean;
  tagline?: string;
  accentColor?: string;
}

export async function insertCategory(db: Db, input: CategoryInput): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto("categories")
    .values({
      name: input.name,
      slug: slugify(input.name),
      parent_id: input.parentId ?? null,
      description: input.description ?? null,
      image_url: input.imageUrl ?? `/media/categories/${slugify(input.name)}.svg`,
      is_active: input.active === false ? 0 : 1,
      excluded_image_positions: JSON.stringify(input.excludedImagePositions ?? []),
      is_character: input.character ? 1 : 0,
      tagline: input.tagline ?? null,
      accent_color: input.accentColor ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface ProductInput {
  name: string;
  price?: number;
  categoryIds?: number[];
  variants?: { size?: string; color?: string; stock?: number; price?: number; theme?: string }[];
  images?: number;
  /** The colour each image shows, by position (null or missing: every colour). */
  imageColors?: (string | null)[];
  featured?: boolean;
  active?: boolean;
  popularity?: number;
  createdAt?: string;
  descriptionHtml?: string;
}

/** A product with its variants, images and category links, as the shop stores them. */
export async function insertProduct(
  db: Db,
  input: ProductInput,
): Promise<{ id: number; slug: string; variantIds: number[] }> {
  const now = input.createdAt ?? new Date().toISOString();
  const slug = slugify(input.name);
  const price = input.price ?? 99_900;
  const product = await db
    .insertInto("products")
    .values({
      name: input.name,
      slug,
      price,
      description_html: input.descriptionHtml ?? `<p>${input.name}, made to be worn.</p>`,
      specifications: JSON.stringify([{ name: "Fabric", value: "100% cotton" }]),
      delivery_info_html: "<p>Ships in 24 hours.</p>",
      is_featured: input.featured ? 1 : 0,
      is_active: input.active === false ? 0 : 1,
      status: input.active === false ? "archived" : "active",
      popularity: input.popularity ?? 0,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  for (const categoryId of input.categoryIds ?? []) {
    await db.insertInto("category_products").values({ category_id: categoryId, product_id: product.id }).execute();
  }
  const imageCount = input.images ?? 2;
  for (let position = 0; position < imageCount; position++) {
    await db
      .insertInto("product_images")
      .values({
        product_id: product.id,
        url: `/media/test/${slug}-${position}.svg`,
        alt: `${input.name} view ${position + 1}`,
        display_order: position,
        is_primary: position === 0 ? 1 : 0,
        color: input.imageColors?.[position] ?? null,
      })
      .execute();
  }
  const variantIds: number[] = [];
  for (const variant of input.variants ?? [{ size: "M", color: "Black", stock: 5 }]) {
    const row = await db
      .insertInto("variants")
      .values({
        product_id: product.id,
        sku: `SKU-${unique()}`,
        price: variant.price ?? price,
        stock_quantity: variant.stock ?? 5,
        size: variant.size ?? null,
        color: variant.color ?? null,
        theme: variant.theme ?? null,
        story_description: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // As the seed does: the starting stock is the variant's opening row of the stock ledger.
    await db
      .insertInto("stock_ledger")
      .values({
        variant_id: row.id,
        change: variant.stock ?? 5,
        stock_after: variant.stock ?? 5,
        reason: "opening",
        created_at: now,
      })
      .execute();
    variantIds.push(row.id);
  }
  // As every product write does: the owner's search reads the name and SKUs as words.
  await replaceProductWords(db, [product.id]);
  return { id: product.id, slug, variantIds };
}
