import "./home.css";
import { LoaderCircle, RefreshCw } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { unifiedCategoryItems } from "../../features/catalogue/components/category-card";
import { CategoryCarousel } from "../../features/catalogue/components/category-carousel";
import { useClubPopup } from "../../features/community/hooks/use-club-popup";
import { TAGLINE } from "../../lib/brand";
import { usePageTitle } from "../../lib/use-page-title";
import { ClubBand } from "./club-band";
import { Hero } from "./hero";
import { mixByParent } from "./mix-by-parent";
import { NewDrops } from "./new-drops";
import { SubcategoryGrid } from "./subcategory-grid";
import { useHomeData } from "./use-home-data";

// The form (react-hook-form, zod) loads only when the pop-up is about to open, not with the first paint.
const JoinClubModal = lazy(async () => ({
  default: (await import("../../features/community/components/join-club-modal")).JoinClubModal,
}));

const DESCRIPTION =
  "Oversized tees, hoodies, caps and more from the Vakiverse. Cash on delivery, free shipping worldwide, 10% off your first order.";
/** Spec §8: the store's text when the categories call fails. */
const CATEGORIES_FAILED = "Failed to fetch categories";

/** Home (spec: storefront §2): hero, the category carousel, the subcategory grid, the Club pop-up. */
export function HomePage() {
  usePageTitle(TAGLINE, DESCRIPTION);
  const { categories, products, settled } = useHomeData();
  const popup = useClubPopup(settled);
  // Once opened it stays mounted, so it can close with its animation and keep its state.
  const [modalLoaded, setModalLoaded] = useState(false);
  if (popup.open && !modalLoaded) setModalLoaded(true);
  const tree = categories.data?.content ?? [];

  return (
    <>
      <Hero />
      <div className="home-sections">
        <div className="home-section">
          {categories.isPending ? (
            <p className="home-status" role="status">
              <LoaderCircle className="spin" aria-hidden="true" />
              Loading the drop…
            </p>
          ) : categories.isError ? (
            <div className="home-status home-status--error" role="alert">
              <p>{CATEGORIES_FAILED}</p>
              <button
                type="button"
                className="button button--small"
                onClick={() => void categories.refetch()}
                aria-disabled={categories.isFetching}
              >
                <RefreshCw aria-hidden="true" className={categories.isFetching ? "spin" : undefined} />
                Try Again
              </button>
            </div>
          ) : (
            <CategoryCarousel
              items={mixByParent(unifiedCategoryItems(tree))}
              title="Shop the drop"
              intro="Swipe through every fit and every character."
            />
          )}
        </div>
        <NewDrops products={products.data?.content ?? []} />
        <SubcategoryGrid categories={tree} />
      </div>
      <ClubBand onJoin={popup.openNow} />
      {modalLoaded ? (
        <Suspense fallback={null}>
          <JoinClubModal open={popup.open} onOpenChange={popup.onOpenChange} />
        </Suspense>
      ) : null}
    </>
  );
}
