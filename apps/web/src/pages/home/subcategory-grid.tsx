import type { CategoryNode } from "@vaki/contract/catalog";
import { ArrowRight } from "lucide-react";
import type { CSSProperties } from "react";
import { Link } from "react-router";
import { CategoryCard } from "../../features/catalog/components/category-card";
import { paths } from "../../lib/paths";

/** Cards per row on wide screens: one row for up to six (at least four columns), else rows of eight. */
function wideColumns(count: number): number {
  return count <= 6 ? Math.max(count, 4) : 8;
}

/**
 * The grid of subcategory cards (R-STORE-2), one group per parent category with a
 * link to the parent's whole list. A card leads where a subcategory card leads (R-STORE-2).
 */
export function SubcategoryGrid({ categories }: { categories: readonly CategoryNode[] }) {
  const groups = categories.filter((category) => category.children.length > 0);
  if (groups.length === 0) return null;
  return (
    <section className="home-section subcategory-grid" aria-labelledby="subcategory-grid-title">
      <div className="home-section__header">
        <h2 className="home-section__title" id="subcategory-grid-title">
          Find your fit
        </h2>
        <p className="home-section__intro">Every corner of the shop. Tap a card, land on the good stuff.</p>
      </div>
      {groups.map((parent) => {
        const headingId = `subcategory-group-${parent.id}`;
        return (
          <section
            key={parent.id}
            className="subcategory-group"
            aria-labelledby={headingId}
            style={
              {
                "--tablet-columns": Math.min(parent.children.length, 4),
                "--wide-columns": wideColumns(parent.children.length),
              } as CSSProperties
            }
          >
            <div className="subcategory-group__header">
              <h3 className="subcategory-group__title" id={headingId}>
                {parent.name}
              </h3>
              <Link className="subcategory-group__all" to={paths.productListByCategory(parent.id)}>
                View all {parent.name}
                <ArrowRight aria-hidden="true" />
              </Link>
            </div>
            <ul className="subcategory-group__cards">
              {parent.children.map((child) => (
                <li key={child.id}>
                  <CategoryCard item={{ kind: "subcategory", category: child, parentName: null }} size="compact" />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}
