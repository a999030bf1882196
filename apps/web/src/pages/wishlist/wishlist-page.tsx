import { productCardsLimit } from "@vaki/contract/product-list";
import { Heart } from "lucide-react";
import { useMemo } from "react";
import { Link } from "react-router";
import { useProductCards } from "../../features/catalog/catalogue-api";
import { ProductCard } from "../../features/catalog/components/product-card";
import { useWishlist } from "../../features/wishlist/wishlist-api";
import { wishlistTexts as t } from "../../features/wishlist/wishlist-texts";
import { paths } from "../../lib/paths";
import { usePageTitle } from "../../lib/use-page-title";
import { ListSkeleton } from "../product-list/list-parts";
import { LinkButton, ListState, RetryButton } from "../product-list/list-states";
import "../product-list/product-list-page.css";
import "./wishlist-page.css";

/** /wishlist: the saved products as cards (guests' from this browser, signed-in shoppers' from the account). */
export function WishlistPage() {
  usePageTitle("Wishlist");
  const wishlist = useWishlist();
  const ids = useMemo(() => wishlist.productIds.slice(0, productCardsLimit), [wishlist.productIds]);
  const cards = useProductCards(ids);
  // A product taken out disappears at once, before the cards are asked again.
  const products = (cards.data ?? []).filter((product) => wishlist.has(product.id));

  return (
    <div className="plp wishlist-page">
      <header className="plp__header">
        <nav aria-label="Breadcrumb" className="plp__crumbs">
          <ol>
            <li>
              <Link to={paths.home}>Home</Link>
            </li>
            <li>
              <span aria-current="page">Wishlist</span>
            </li>
          </ol>
        </nav>
        <h1 className="plp__title">{t.title}</h1>
        {ids.length > 0 ? <p className="plp__lede">{t.count(wishlist.productIds.length)}</p> : null}
      </header>

      {!wishlist.ready || (ids.length > 0 && cards.isPending) ? (
        <ListSkeleton label={t.loading} />
      ) : ids.length === 0 ? (
        <ListState level={2} title={t.empty} actions={<LinkButton to={paths.allProducts} label={t.browse} />}>
          <Heart aria-hidden="true" className="wishlist-page__empty-icon" />
          <p>{t.emptyText}</p>
        </ListState>
      ) : cards.isError && !cards.data ? (
        <ListState
          level={2}
          title={t.loadFailed}
          actions={<RetryButton label="Try Again" onClick={() => cards.refetch()} busy={cards.isFetching} />}
        >
          <p>{cards.error.message}</p>
        </ListState>
      ) : (
        <ul className="plp__grid wishlist-page__grid">
          {products.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} eager={index < 4} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
