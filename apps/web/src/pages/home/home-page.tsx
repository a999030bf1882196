import "./home.css";
// The Club pop-up's styles come with the page, not with the pop-up's code: a stylesheet added
// while the page is showing makes the browser restyle and lay out the whole page again (issue 14).
import "../../features/community/components/join-club.css";
import { LoaderCircle, RefreshCw } from "lucide-react";
import { lazy, memo, Suspense, useDeferredValue, useEffect, useMemo } from "react";
import { unifiedCategoryItems } from "../../features/catalog/components/category-card";
import { CategoryCarousel } from "../../features/catalog/components/category-carousel";
import { clubPopupDueToday } from "../../features/community/club-popup-schedule";
import { useClubPopup } from "../../features/community/hooks/use-club-popup";
import { TAGLINE } from "../../lib/brand";
import { useOpenedOnce } from "../../lib/use-opened-once";
import { usePageTitle } from "../../lib/use-page-title";
import { whenIdleInTurn, yieldToBrowser } from "../../lib/when-idle";
import { ClubBand } from "./club-band";
import { Hero } from "./hero";
import { mixByParent } from "./mix-by-parent";
import { NewDrops } from "./new-drops";
import { SubcategoryGrid } from "./subcategory-grid";
import { useHomeData } from "./use-home-data";

// The form (react-hook-form, zod) loads after the first paint, once the page is idle and only
// when today's pop-up is still to come (or when the shopper asks for it).
type JoinClubModalComponent = typeof import("../../features/community/components/join-club-modal").JoinClubModal;
let loadedJoinClubModal: JoinClubModalComponent | undefined;
const loadJoinClubModal = async () => {
  // Its validation (zod) first, in a task of its own, then the dialog and the form: evaluated
  // together, the pop-up's code was one task of about 20 ms on this machine, four times that on a phone.
  await import("../../features/community/join-club-form-schema");
  await yieldToBrowser();
  loadedJoinClubModal = (await import("../../features/community/components/join-club-modal")).JoinClubModal;
  return loadedJoinClubModal;
};
const LazyJoinClubModal = lazy(async () => ({ default: await loadJoinClubModal() }));

const DESCRIPTION =
  "Oversized tees, hoodies, caps and more from the Vakiverse. Cash on delivery, free shipping worldwide, 10% off your first order.";
/**
 * The sections skip a render when their data has not changed: a query's status changing, or the
 * products answering after the categories, leaves the carousel and the grid as they are.
 */
const Sections = {
  Hero: memo(Hero),
  CategoryCarousel: memo(CategoryCarousel),
  NewDrops: memo(NewDrops),
  SubcategoryGrid: memo(SubcategoryGrid),
};
const NONE: never[] = [];

/** R-STORE-8: the store's text when the categories call fails. */
const CATEGORIES_FAILED = "Failed to fetch categories";

/** Home (R-STORE-2): hero, the category carousel, the subcategory grid, the Club pop-up. */
export function HomePage() {
  usePageTitle(TAGLINE, DESCRIPTION);
  const data = useHomeData();
  // The sections take each answer in a deferred render, which React splits into short tasks,
  // instead of the blocking one a query update gets: the carousel, the grid and the cards are
  // most of the page's rendering work, and a phone keeps answering taps meanwhile (issue 14).
  const categories = useDeferredValue(data.categories);
  const products = useDeferredValue(data.products);
  const tree = categories.data?.content ?? NONE;
  const carouselItems = useMemo(() => mixByParent(unifiedCategoryItems(tree)), [tree]);

  return (
    <>
      <Sections.Hero />
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
                onClick={() => void data.categories.refetch()}
                aria-disabled={data.categories.isFetching}
              >
                <RefreshCw aria-hidden="true" className={data.categories.isFetching ? "spin" : undefined} />
                Try Again
              </button>
            </div>
          ) : (
            <Sections.CategoryCarousel
              items={carouselItems}
              title="Shop the drop"
              intro="Swipe through every fit and every character."
            />
          )}
        </div>
        <Sections.NewDrops products={products.data?.content ?? NONE} />
        <Sections.SubcategoryGrid categories={tree} />
      </div>
      <HomeClub ready={data.settled} />
    </>
  );
}

/**
 * The Club band and today's pop-up. Its own component, so the pop-up's timing (the splash
 * leaving, another overlay opening, the pop-up itself) re-renders these two and not the whole
 * page with its carousel and grids (issue 14).
 */
function HomeClub({ ready }: { ready: boolean }) {
  const popup = useClubPopup(ready);
  // Fetched and run while nothing else happens, so the opening is only the pop-up's own render
  // and not, in the same moment, its code arriving and a long task on a phone (issue 14).
  useEffect(() => {
    if (ready && clubPopupDueToday()) return whenIdleInTurn(() => void loadJoinClubModal());
  }, [ready]);
  // Once opened it stays mounted, so it can close with its animation and keep its state.
  const modalLoaded = useOpenedOnce(popup.open);
  // Already fetched (see above): drawn at once, without suspending on React.lazy's promise.
  const JoinClubModal = loadedJoinClubModal ?? LazyJoinClubModal;
  return (
    <>
      <ClubBand onJoin={popup.openNow} />
      {modalLoaded ? (
        <Suspense fallback={null}>
          <JoinClubModal open={popup.open} onOpenChange={popup.onOpenChange} />
        </Suspense>
      ) : null}
    </>
  );
}
