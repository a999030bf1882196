import type { ProductDetail } from "@vaki/contract/catalog";
import { colorChoices, galleryImages, selectedVariant, sizeChoices } from "@vaki/contract/product-options";
import { RefreshCw } from "lucide-react";
import { lazy, memo, Suspense, useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { AfterHydration } from "../../components/after-hydration";
import { useProduct } from "../../features/catalog/catalogue-api";
import { CharacterStory } from "../../features/catalog/components/character-story";
import { ColorSwatches } from "../../features/catalog/components/color-swatches";
import { ProductGallery } from "../../features/catalog/components/product-gallery";
import { ProductPolicies } from "../../features/catalog/components/product-policies";
import { RelatedProducts } from "../../features/catalog/components/related-products";
import { SizeSelector } from "../../features/catalog/components/size-selector";
import { useLiveStock } from "../../features/catalog/live-stock";
import { DeliveryCheck } from "../../features/fulfilment/components/delivery-check";
import { WishlistButton } from "../../features/wishlist/components/wishlist-button";
import { formatRupees } from "../../lib/money";
import { paths } from "../../lib/paths";
import { useOpenedOnce } from "../../lib/use-opened-once";
import { usePageTitle } from "../../lib/use-page-title";
import { ProductActions } from "./product-actions";
import { useOptionSelection } from "./use-option-selection";
import "./product-page.css";
// The styles of the parts whose code comes later come with the page: a stylesheet arriving after
// the first paint makes the browser restyle and lay out the whole page again (issue 14).
import "../../features/back-in-stock/components/notify-me.css";
import "../../features/recently-viewed/components/recently-viewed.css";

// Below the fold or only for a sold-out size: their code loads after the page's own.
const NotifyMe = lazy(async () => ({
  default: (await import("../../features/back-in-stock/components/notify-me")).NotifyMe,
}));
const RecentlyViewed = lazy(async () => ({
  default: (await import("../../features/recently-viewed/components/recently-viewed")).RecentlyViewed,
}));

// Its code loads on the first open, not before the page's first paint.
const SizeChartDialog = lazy(async () => ({
  default: (await import("../../features/catalog/components/size-chart-dialog")).SizeChartDialog,
}));

/** R-STORE-8: a failed product load. */
const LOAD_FAILED = "Failed to fetch product";

/** /product/{id} (id or slug): the product detail page (R-STORE-2, R-STORE-4). */
export function ProductPage() {
  const { id = "" } = useParams<{ id: string }>();
  const product = useProduct(id);
  const live = useLiveStock(product.data);
  usePageTitle(product.data?.name ?? "Product");
  useCurrentSlug(id, product.data);

  if (product.isPending) return <ProductSkeleton />;
  if (product.isError) {
    return (
      <div className="pdp pdp--state">
        <section className="pdp-state" aria-labelledby="pdp-state-title">
          <h1 id="pdp-state-title" className="pdp-state__title">
            Product unavailable
          </h1>
          <p className="pdp-state__message">{product.error.message || LOAD_FAILED}</p>
          <div className="pdp-state__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => product.refetch()}
              aria-disabled={product.isFetching || undefined}
            >
              <RefreshCw aria-hidden="true" className={product.isFetching ? "spin" : undefined} />
              Try Again
            </button>
            <Link to={paths.allProducts} className="button">
              All products
            </Link>
          </div>
        </section>
      </div>
    );
  }
  const shown = live.product ?? product.data;
  // A hold matters only once live figures differ from the served ones; flipping it as identical
  // figures arrive would redraw the whole page for nothing.
  return <ProductDetailView product={shown} holdSelection={live.fresh && shown !== product.data} />;
}

/**
 * An old slug (the product was renamed) finds the product as it is now; the address bar then
 * shows its address now, as a page load's 301 does: replaced, the colour and size kept.
 */
function useCurrentSlug(idOrSlug: string, product: ProductDetail | undefined) {
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  const moved = product !== undefined && !/^\d+$/.test(idOrSlug) && idOrSlug !== product.slug;
  const path = product ? paths.product(product.slug) : "";
  useEffect(() => {
    if (moved) navigate(`${path}${search}${hash}`, { replace: true, preventScrollReset: true });
  }, [moved, path, search, hash, navigate]);
}

/**
 * Drawn again only when the product or its hold changes: the page re-renders as its live-stock
 * query starts and settles, and redrawing the whole page each time made long tasks on phones.
 */
const ProductDetailView = memo(function ProductDetailView({
  product,
  holdSelection,
}: {
  product: ProductDetail;
  holdSelection: boolean;
}) {
  const { selection, chooseColor, chooseSize } = useOptionSelection(product, { holdSelection });
  const [sizeChartOpen, setSizeChartOpen] = useState(false);
  const sizeChartMounted = useOpenedOnce(sizeChartOpen);
  const variant = selectedVariant(product, selection);
  const colors = colorChoices(product);
  const sizes = sizeChoices(product, selection.color);
  const images = galleryImages(product.images, selection.color);
  const category = product.categories.find((entry) => entry.id !== product.character?.id) ?? product.categories[0];

  return (
    <div className="pdp">
      <nav aria-label="Breadcrumb" className="pdp__crumbs">
        <ol>
          <li>
            <Link to={paths.home}>Home</Link>
          </li>
          {category ? (
            <li>
              <Link to={paths.productListByCategory(category.id, category.name)}>{category.name}</Link>
            </li>
          ) : (
            <li>
              <Link to={paths.allProducts}>All Products</Link>
            </li>
          )}
        </ol>
      </nav>

      <div className="pdp__top">
        <div className="pdp__gallery">
          {/* A new colour starts its own gallery at its first image. */}
          <ProductGallery key={selection.color ?? "all"} images={images} productName={product.name} />
        </div>

        <div className="pdp__info">
          <header className="pdp__header">
            {product.character ? <p className="pdp__eyebrow">{product.character.name} · Vakiverse</p> : null}
            <h1 className="pdp__title">{product.name}</h1>
            <p className="pdp__price">
              <span className="pdp__amount">{formatRupees(variant?.finalPrice ?? product.price)}</span>
              <span className="pdp__tax">inclusive of all taxes</span>
            </p>
            <WishlistButton productId={product.id} productName={product.name} variant="page" />
          </header>

          <ColorSwatches choices={colors} value={selection.color} onChange={chooseColor} />
          <SizeSelector
            choices={sizes}
            value={selection.size}
            onChange={chooseSize}
            onOpenSizeChart={() => setSizeChartOpen(true)}
          />

          <ProductActions product={product} variant={variant} />
          <AfterHydration>
            <Suspense fallback={null}>
              <NotifyMe product={product} color={selection.color} />
            </Suspense>
          </AfterHydration>

          <DeliveryCheck />
          <ProductPolicies />
        </div>
      </div>

      <div className="pdp__details">
        <div className="pdp__details-column">
          {product.character ? <CharacterStory character={product.character} /> : null}
          {product.description ? (
            <section className="pdp__section" aria-labelledby="pdp-description">
              <h2 id="pdp-description" className="pdp__section-title">
                Description
              </h2>
              <ServerHtml html={product.description} />
            </section>
          ) : null}
        </div>
        <div className="pdp__details-column">
          {product.specifications.length > 0 ? (
            <section className="pdp__section" aria-labelledby="pdp-specifications">
              <h2 id="pdp-specifications" className="pdp__section-title">
                Specifications
              </h2>
              <dl className="pdp__specs">
                {product.specifications.map((spec) => (
                  <div key={spec.name} className="pdp__spec">
                    <dt>{spec.name}</dt>
                    <dd>{spec.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          {product.deliveryInfo ? (
            <section className="pdp__section" aria-labelledby="pdp-delivery">
              <h2 id="pdp-delivery" className="pdp__section-title">
                Delivery
              </h2>
              <ServerHtml html={product.deliveryInfo} />
            </section>
          ) : null}
        </div>
      </div>

      <RelatedProducts currentProductId={product.id} />
      <AfterHydration>
        <Suspense fallback={null}>
          <RecentlyViewed current={product.id} />
        </Suspense>
      </AfterHydration>
      {sizeChartMounted ? (
        <Suspense fallback={null}>
          <SizeChartDialog open={sizeChartOpen} onOpenChange={setSizeChartOpen} />
        </Suspense>
      ) : null}
    </div>
  );
});

/** Product HTML (description, delivery info) as the server sends it: already sanitised on the way in and out. */
function ServerHtml({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's allow-list sanitiser (catalog/sanitize.ts) cleans it
  return <div className="pdp__html" dangerouslySetInnerHTML={{ __html: html }} />;
}

function ProductSkeleton() {
  return (
    <div className="pdp" aria-busy="true">
      <p role="status" className="visually-hidden">
        Loading product...
      </p>
      <div className="pdp__top" aria-hidden="true">
        <div className="pdp__ghost pdp__ghost--media" />
        <div className="pdp__info">
          <div className="pdp__ghost pdp__ghost--title" />
          <div className="pdp__ghost pdp__ghost--line" />
          <div className="pdp__ghost pdp__ghost--chips" />
          <div className="pdp__ghost pdp__ghost--chips" />
        </div>
      </div>
    </div>
  );
}
