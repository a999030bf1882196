import type { ProductSummary } from "@vaki/contract/catalog";
import { photoSizes } from "@vaki/contract/photos";
import { cardPicture } from "@vaki/contract/product-list";
import { memo } from "react";
import { Link } from "react-router";
import { formatRupees } from "../../../lib/money";
import { paths } from "../../../lib/paths";
import { useCardAction } from "./card-action";
import { ProductImage } from "./product-image";
import "./product-card.css";

function colourCount(product: ProductSummary): number {
  return new Set(product.variants.map((variant) => variant.attributes.Color).filter(Boolean)).size;
}

interface ProductCardProps {
  product: ProductSummary;
  /** Cards in the first rows load at once; the rest lazily. */
  eager?: boolean;
  /** The heading level of the product name inside its list. */
  headingLevel?: 2 | 3;
}

/**
 * A product in a grid or carousel: its picture large on a plain ground, name, price, link to its
 * page. Memoised: a carousel redraws as it starts and scrolls, its cards need not.
 */
export const ProductCard = memo(function ProductCard({ product, eager = false, headingLevel = 2 }: ProductCardProps) {
  const picture = cardPicture(product);
  const colours = colourCount(product);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const action = useCardAction();
  return (
    <article className="product-card">
      <Link to={paths.product(product.id)} className="product-card__link">
        <div className="product-card__media">
          {picture ? (
            <ProductImage
              src={picture.url}
              alt=""
              eager={eager}
              className="product-card__image"
              photo={picture.photo}
              sizes={photoSizes.productCard}
            />
          ) : null}
          {product.inStock ? null : <span className="product-card__badge">Sold out</span>}
        </div>
        <div className="product-card__body">
          <Heading className="product-card__name">{product.name}</Heading>
          <p className="product-card__price">{formatRupees(product.price)}</p>
          {colours > 1 ? <p className="product-card__meta">{colours} colours</p> : null}
        </div>
      </Link>
      {action?.(product)}
    </article>
  );
});
