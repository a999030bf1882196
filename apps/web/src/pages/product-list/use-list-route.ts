import { useParams, useSearchParams } from "react-router";

export interface ListRoute {
  /** The category's id or slug; null for all products. */
  categoryKey: string | null;
  /** The name the link carried (?categoryName= or ?name=), shown until the answer names the category. */
  linkName: string | null;
}

function slugOf(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * Which list the URL asks for (R-STORE-2): /products/{categoryId} and
 * /category-products/{categoryId} (id or slug), ?categoryId=, and a name alone
 * (?categoryName= or ?name=) read as the category's slug.
 */
export function useListRoute(): ListRoute {
  const params = useParams<{ categoryId?: string }>();
  const [search] = useSearchParams();
  const linkName = search.get("categoryName")?.trim() || search.get("name")?.trim() || null;
  const byId = params.categoryId?.trim() || search.get("categoryId")?.trim() || null;
  const bySlug = !byId && linkName ? slugOf(linkName) || null : null;
  return { categoryKey: byId ?? bySlug, linkName };
}
