import type { ProductSummary } from "@vaki/contract/catalog";
import { cardImage } from "@vaki/contract/product-list";
import { useEffect, useId, useMemo } from "react";
import { Link } from "react-router";
import { Picture } from "../../../components/picture";
import { formatRupees } from "../../../lib/money";
import { paths } from "../../../lib/paths";
import { useProductCards } from "../../catalog/catalogue-api";
import { ProductCard } from "../../catalog/components/product-card";
import { shelfIds, useRecentlyViewedStore } from "../recently-viewed-store";
import "./recently-viewed.css";

const TITLE = "Recently Viewed";

interface RecentlyViewedProps {
  /** The product on screen: recorded as viewed, and left off the shelf. */
  current?: number;
  /** "shelf": cards in a row (product page); "compact": small rows (the empty cart). */
  variant?: "shelf" | "compact";
  /** Called when a product is opened (the cart closes itself). */
  onOpen?: () => void;
}

/** The last products this browser opened; nothing at all when there are none. */
export function RecentlyViewed({ current, variant = "shelf", onOpen }: RecentlyViewedProps) {
  const record = useRecentlyViewedStore((state) => state.record);
  const stored = useRecentlyViewedStore((state) => state.productIds);
  const titleId = useId();
  // The list as it was when the page opened: recording this visit must not reorder the shelf.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per product on screen
  const ids = useMemo(() => shelfIds(stored, current), [current]);
  const cards = useProductCards(ids);

  useEffect(() => {
    if (current !== undefined) record(current);
  }, [current, record]);

  const products = cards.data?.filter((product) => product.id !== current) ?? [];
  if (ids.length === 0 || products.length === 0) return null;
  return (
    <section className={`recently-viewed recently-viewed--${variant}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="recently-viewed__title">
        {TITLE}
      </h2>
      <ul className="recently-viewed__list">
        {products.map((product) => (
          <li key={product.id} className="recently-viewed__item">
            {variant === "shelf" ? (
              <ProductCard product={product} headingLevel={3} />
            ) : (
              <CompactProduct product={product} onOpen={onOpen} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function CompactProduct({ product, onOpen }: { product: ProductSummary; onOpen?: () => void }) {
  const image = cardImage(product);
  return (
    <Link to={paths.product(product.id)} className="recently-viewed__row" onClick={onOpen}>
      <span className="recently-viewed__media">
        {image ? <Picture src={image} alt="" width={56} height={70} loading="lazy" decoding="async" /> : null}
      </span>
      <span className="recently-viewed__name">{product.name}</span>
      <span className="recently-viewed__price">{formatRupees(product.price)}</span>
    </Link>
  );
}
