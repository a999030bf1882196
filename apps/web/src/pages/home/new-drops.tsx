import type { ProductSummary } from "@vaki/contract/catalog";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { ProductCard } from "../../features/catalog/components/product-card";
import { paths } from "../../lib/paths";

/** How many of the newest products the home page shows. */
const NEW_DROPS_SHOWN = 8;

/** The newest products (the home page's products call, newest first). */
export function NewDrops({ products }: { products: readonly ProductSummary[] }) {
  if (products.length === 0) return null;
  return (
    <section className="home-section new-drops" aria-labelledby="new-drops-title">
      <div className="new-drops__header">
        <div className="home-section__header">
          <h2 className="home-section__title" id="new-drops-title">
            Just dropped
          </h2>
          <p className="home-section__intro">Fresh off the press. Sizes go fast.</p>
        </div>
        <Link className="subcategory-group__all" to={paths.allProducts}>
          See everything
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>
      <ul className="new-drops__grid">
        {products.slice(0, NEW_DROPS_SHOWN).map((product) => (
          <li key={product.id}>
            <ProductCard product={product} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
