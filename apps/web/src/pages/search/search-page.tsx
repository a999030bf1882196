import { catalogMessages } from "@vaki/contract/messages";
import { DEFAULT_PRODUCT_SORT, isSearchSort, type SearchSort } from "@vaki/contract/product-list";
import { Search, SlidersHorizontal } from "lucide-react";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Modal } from "../../components/modal";
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
import { useSearchPage } from "../../features/search/search-api";
import { KEEP_SCROLL, paths } from "../../lib/paths";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";
import { ActiveFilters, ListSkeleton } from "../product-list/list-parts";
import { LinkButton, ListState, RetryButton } from "../product-list/list-states";
import "../product-list/product-list-page.css";
import "./search-page.css";

/** The search page's texts (issue 30). */
const texts = {
  heading: (query: string) => `Results for "${query}"`,
  emptyHeading: "Search the shop",
  emptyText: "Type what you are after (a hoodie, a colour, a character) and press Search.",
  noResults: "No products found",
  noResultsText: (query: string) => `Nothing matches "${query}". Try different keywords or browse everything.`,
  filteredOut: "Nothing matches these filters. Try a different size, colour or price.",
  loading: "Searching...",
  field: "Search products",
  submit: "Search",
} as const;

const sortOptions: Record<SearchSort, string> = { relevance: "Best match", ...sortLabels };
const EAGER_CARDS = 8;
const SIDEBAR_QUERY = "(min-width: 60rem)";

/** /search?q=: what the search popup's Enter opens, the matches as a list with facets and sort. */
export function SearchPage() {
  const [search, setSearch] = useSearchParams();
  const query = search.get("q")?.trim().slice(0, 100) ?? "";
  const rawSort = search.get("sort");
  const sort: SearchSort = isSearchSort(rawSort) ? rawSort : "relevance";
  const filters = useMemo(() => filtersFromSearchParams(search), [search]);
  const apiFilters = useMemo(() => ({ ...listParamsOf(filters), sort }), [filters, sort]);
  const list = useSearchPage(query, apiFilters);
  const resultsRef = useRef<HTMLElement>(null);
  const wide = useMediaQuery(SIDEBAR_QUERY);
  const [sheetOpen, setSheetOpen] = useState(false);
  const sortId = useId();
  usePageTitle(query ? `Search: ${query}` : "Search");

  const first = list.data?.pages[0];
  const products = useMemo(() => list.data?.pages.flatMap((page) => page.content) ?? [], [list.data]);
  const total = first?.page.totalElements ?? 0;
  const facets = useMemo(() => first?.facets ?? facetsFromProducts(products), [first, products]);
  const filterCount = activeFilterCount(filters);

  /** The list's filters into the URL; the sort kept apart ("relevance" is the default, not "newest"). */
  function change(next: ListFilters, nextSort: SearchSort = sort) {
    const params = withFilters(search, { ...next, sort: DEFAULT_PRODUCT_SORT });
    if (nextSort !== "relevance") params.set("sort", nextSort);
    setSearch(params, { state: KEEP_SCROLL });
    const top = resultsRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) resultsRef.current?.scrollIntoView({ block: "start" });
  }

  const header = (
    <header className="plp__header">
      <nav aria-label="Breadcrumb" className="plp__crumbs">
        <ol>
          <li>
            <Link to={paths.home}>Home</Link>
          </li>
          <li>
            <span aria-current="page">Search</span>
          </li>
        </ol>
      </nav>
      <h1 className="plp__title">{query ? texts.heading(query) : texts.emptyHeading}</h1>
      <SearchField key={query} query={query} />
    </header>
  );

  if (!query) {
    return (
      <div className="plp search-page">
        {header}
        <p className="plp__lede">{texts.emptyText}</p>
      </div>
    );
  }

  if (list.isError && !list.data) {
    return (
      <div className="plp search-page">
        {header}
        <ListState
          level={2}
          title={texts.noResults}
          actions={
            <>
              <RetryButton label="Try Again" onClick={() => list.refetch()} busy={list.isFetching} />
              <LinkButton to={paths.home} label="Go to Home" />
            </>
          }
        >
          <p>{list.error.message || catalogMessages.productsNotFound}</p>
        </ListState>
      </div>
    );
  }

  const noMatchAtAll = !list.isPending && products.length === 0 && filterCount === 0;
  if (noMatchAtAll) {
    return (
      <div className="plp search-page">
        {header}
        <ListState
          level={2}
          title={texts.noResults}
          actions={<LinkButton to={paths.allProducts} label="Browse All Products" />}
        >
          <p>{texts.noResultsText(query)}</p>
        </ListState>
      </div>
    );
  }

  const filterPanel = <ProductFilters facets={facets} filters={filters} onChange={(next) => change(next)} />;
  return (
    <div className="plp search-page">
      {header}
      <div className="plp__layout">
        {wide ? (
          <aside className="plp__sidebar" aria-labelledby="search-filters-title">
            <h2 id="search-filters-title" className="plp__sidebar-title">
              Filters
            </h2>
            {filterPanel}
          </aside>
        ) : null}

        <section className="plp__results" ref={resultsRef} aria-label="Search results" aria-busy={list.isFetching}>
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
              <select id={sortId} value={sort} onChange={(event) => change(filters, event.target.value as SearchSort)}>
                {Object.entries(sortOptions).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          </div>

          <ActiveFilters filters={filters} onChange={(next) => change(next)} />

          {list.isPending ? (
            <ListSkeleton label={texts.loading} />
          ) : products.length === 0 ? (
            <ListState
              level={2}
              title={texts.noResults}
              actions={
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => change({ sort: DEFAULT_PRODUCT_SORT })}
                >
                  Clear filters
                </button>
              }
            >
              <p>{texts.filteredOut}</p>
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

/** The page's own search field: a new query starts a new list (filters and sort dropped). */
function SearchField({ query }: { query: string }) {
  const [, setSearch] = useSearchParams();
  const [text, setText] = useState(query);
  const fieldId = useId();
  useEffect(() => setText(query), [query]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = text.trim();
    if (next) setSearch({ q: next });
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search landmark role
    <form className="search-page__form" role="search" onSubmit={submit}>
      <label htmlFor={fieldId} className="visually-hidden">
        {texts.field}
      </label>
      <Search aria-hidden="true" className="search-page__icon" />
      <input
        id={fieldId}
        className="search-page__input"
        type="search"
        enterKeyHint="search"
        maxLength={100}
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button button--primary" disabled={text.trim().length === 0}>
        {texts.submit}
      </button>
    </form>
  );
}
