import type { ProductSort } from "@vaki/contract/catalog";
import { catalogMessages } from "@vaki/contract/messages";
import { SlidersHorizontal } from "lucide-react";
import { type CSSProperties, useId, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Modal } from "../../components/modal";
import { useProductList } from "../../features/catalog/catalogue-api";
import { ProductCard } from "../../features/catalog/components/product-card";
import { facetsFromProducts, ProductFilters } from "../../features/catalog/components/product-filters";
import {
  activeFilterCount,
  filtersFromSearchParams,
  type ListFilters,
  listParamsOf,
  sortLabels,
  withFilters,
} from "../../features/catalog/list-filters";
import { isApiError } from "../../lib/api-error";
import { KEEP_SCROLL, paths } from "../../lib/paths";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";
import { ActiveFilters, ListSkeleton } from "./list-parts";
import { LinkButton, ListState, RetryButton } from "./list-states";
import { useListRoute } from "./use-list-route";
import "./product-list-page.css";

/** R-STORE-8 and R-STORE-2 texts of the product list. */
const texts = {
  allProducts: "ALL PRODUCTS",
  categoryProducts: "CATEGORY PRODUCTS",
  categoryNotFound: "Category Not Found",
  productsNotFound: "Products Not Found",
  empty: "No Products Found",
  loading: "Loading products...",
} as const;

/** Cards in the first two rows of the widest grid load at once; the rest lazily. */
const EAGER_CARDS = 8;
const SIDEBAR_QUERY = "(min-width: 60rem)";

/** /products, /products/{categoryId}, /category-products/{categoryId} and their query forms (R-STORE-2). */
export function ProductListPage() {
  const { categoryKey, linkName } = useListRoute();
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(search), [search]);
  const list = useProductList(
    categoryKey,
    useMemo(() => listParamsOf(filters), [filters]),
  );
  const resultsRef = useRef<HTMLElement>(null);
  const wide = useMediaQuery(SIDEBAR_QUERY);
  const [sheetOpen, setSheetOpen] = useState(false);
  const sortId = useId();

  const first = list.data?.pages[0];
  const category = first?.category ?? null;
  const name = category?.name ?? linkName;
  const heading = categoryKey ? (name ?? texts.categoryProducts) : texts.allProducts;
  usePageTitle(categoryKey ? (name ?? "Category Products") : "All Products");

  const products = useMemo(() => list.data?.pages.flatMap((page) => page.content) ?? [], [list.data]);
  const total = first?.page.totalElements ?? 0;
  const facets = useMemo(() => first?.facets ?? facetsFromProducts(products), [first, products]);
  const filterCount = activeFilterCount(filters);

  function changeFilters(next: ListFilters) {
    setSearch(withFilters(search, next), { state: KEEP_SCROLL });
    // The list starts again from its first page: bring its top into view if it is above.
    const top = resultsRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) resultsRef.current?.scrollIntoView({ block: "start" });
  }

  if (list.isError && !list.data) {
    const missingCategory = categoryKey && isApiError(list.error) && [400, 404].includes(list.error.status);
    const message = missingCategory
      ? catalogMessages.categoryNotFound(categoryKey)
      : list.error.message || catalogMessages.productsNotFound;
    return (
      <div className="plp plp--state">
        <ListState
          level={1}
          title={missingCategory ? texts.categoryNotFound : texts.productsNotFound}
          actions={
            <>
              <RetryButton label="Try Again" onClick={() => list.refetch()} busy={list.isFetching} />
              <LinkButton to={paths.home} label="Go to Home" />
            </>
          }
        >
          <p>{message}</p>
        </ListState>
      </div>
    );
  }

  const accent = category?.accentColor ? ({ "--plp-accent": category.accentColor } as CSSProperties) : undefined;
  const filterPanel = <ProductFilters facets={facets} filters={filters} onChange={changeFilters} />;

  return (
    <div className="plp" style={accent}>
      <header className="plp__header">
        <nav aria-label="Breadcrumb" className="plp__crumbs">
          <ol>
            <li>
              <Link to={paths.home}>Home</Link>
            </li>
            <li>
              {categoryKey ? (
                <Link to={paths.allProducts}>All Products</Link>
              ) : (
                <span aria-current="page">All Products</span>
              )}
            </li>
            {category
              ? category.breadcrumb.map((entry, index) =>
                  index === category.breadcrumb.length - 1 ? (
                    <li key={entry.id}>
                      <span aria-current="page">{entry.name}</span>
                    </li>
                  ) : (
                    <li key={entry.id}>
                      <Link to={paths.productListByCategory(entry.id, entry.name)}>{entry.name}</Link>
                    </li>
                  ),
                )
              : categoryKey && name
                ? [
                    <li key="current">
                      <span aria-current="page">{name}</span>
                    </li>,
                  ]
                : null}
          </ol>
        </nav>
        <h1 className="plp__title">{heading}</h1>
        {category?.tagline || category?.description ? (
          <p className="plp__lede">{category.tagline ?? category.description}</p>
        ) : null}
      </header>

      <div className="plp__layout">
        {wide ? (
          <aside className="plp__sidebar" aria-labelledby="plp-filters-title">
            <h2 id="plp-filters-title" className="plp__sidebar-title">
              Filters
            </h2>
            {filterPanel}
          </aside>
        ) : null}

        <section className="plp__results" ref={resultsRef} aria-label="Products" aria-busy={list.isFetching}>
          <div className="plp__toolbar">
            {wide ? null : (
              <button type="button" className="plp__filters-button" onClick={() => setSheetOpen(true)}>
                <SlidersHorizontal aria-hidden="true" />
                Filters
                {filterCount > 0 ? <span className="plp__filters-count">{filterCount}</span> : null}
              </button>
            )}
            <p className="plp__count" aria-live="polite">
              {list.data ? `${total} ${total === 1 ? "product" : "products"}` : ""}
            </p>
            <div className="plp__sort">
              <label htmlFor={sortId}>Sort by</label>
              <select
                id={sortId}
                value={filters.sort}
                onChange={(event) => changeFilters({ ...filters, sort: event.target.value as ProductSort })}
              >
                {Object.entries(sortLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          </div>

          <ActiveFilters filters={filters} onChange={changeFilters} />

          {list.isPending ? (
            <ListSkeleton label={texts.loading} />
          ) : products.length === 0 ? (
            <ListState
              level={2}
              title={texts.empty}
              actions={
                <>
                  {filterCount > 0 ? (
                    <button
                      type="button"
                      className="button button--primary"
                      onClick={() => changeFilters({ sort: filters.sort })}
                    >
                      Clear filters
                    </button>
                  ) : null}
                  <RetryButton
                    label="Refresh"
                    onClick={() => list.refetch()}
                    busy={list.isFetching}
                    primary={filterCount === 0}
                  />
                  <LinkButton to={paths.home} label="Browse All Categories" />
                </>
              }
            >
              <p>
                {filterCount > 0
                  ? "Nothing matches these filters. Try a different size, colour or price."
                  : "There is nothing here yet. New drops land often, so check back soon."}
              </p>
            </ListState>
          ) : (
            <>
              <ul className={`plp__grid${list.isPlaceholderData ? " plp__grid--stale" : ""}`}>
                {products.map((product, index) => (
                  <li key={product.id}>
                    <ProductCard product={product} eager={index < EAGER_CARDS} />
                  </li>
                ))}
              </ul>
              <div className="plp__more">
                <p className="plp__shown">
                  Showing {products.length} of {total}
                </p>
                {list.hasNextPage ? (
                  <button
                    type="button"
                    className="button"
                    onClick={() => list.fetchNextPage()}
                    aria-disabled={list.isFetchingNextPage || undefined}
                  >
                    {list.isFetchingNextPage ? "Loading..." : "Load more"}
                  </button>
                ) : null}
                {list.isFetchNextPageError ? (
                  <p role="alert" className="plp__more-error">
                    {list.error?.message || catalogMessages.productsNotFound}
                  </p>
                ) : null}
              </div>
            </>
          )}
        </section>
      </div>

      {wide ? null : (
        <Modal
          open={sheetOpen}
          onOpenChange={setSheetOpen}
          title="Filters"
          className="plp__sheet"
          footer={
            <button
              type="button"
              className="button button--primary plp__sheet-done"
              onClick={() => setSheetOpen(false)}
            >
              {list.isFetching ? "Updating..." : `Show ${total} ${total === 1 ? "product" : "products"}`}
            </button>
          }
        >
          {filterPanel}
        </Modal>
      )}
    </div>
  );
}
