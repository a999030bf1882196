import { useQuery } from "@tanstack/react-query";
import type { CategoryNode } from "@vaki/contract/catalog";
import { FooterColumn } from "../../components/footer-column";
import { categoriesQuery } from "../../features/catalog/catalogue-api";
import { paths } from "../../lib/paths";
import type { SiteLink } from "../../lib/site-links";
import { useIdle } from "../../lib/when-idle";

/** R-STORE-7 — the footer asks for the categories with includeInactive=false, page 1, limit 50. */
const FOOTER_CATEGORY_LIMIT = 50;

/** The top-level categories, each linking to its product list by slug. */
export function collectionLinks(categories: readonly CategoryNode[]): SiteLink[] {
  return categories.map((category) => ({ to: paths.productListByCategory(category.slug), label: category.name }));
}

/** The footer is never in the first view: its categories are asked for once the browser is idle after the first page. */
export function FooterCollections() {
  const idle = useIdle();
  const { data, isError } = useQuery({ ...categoriesQuery(1, FOOTER_CATEGORY_LIMIT), enabled: idle });
  if (isError) return <FooterColumn title="COLLECTIONS" links={[{ to: paths.allProducts, label: "All Products" }]} />;
  return <FooterColumn title="COLLECTIONS" links={data ? collectionLinks(data.content) : []} />;
}
