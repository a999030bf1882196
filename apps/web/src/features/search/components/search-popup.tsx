import type { ProductSummary } from "@vaki/contract/catalog";
import { ArrowRight, LoaderCircle, Search, SearchX } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Modal } from "../../../components/modal";
import { formatRupees } from "../../../lib/money";
import { paths } from "../../../lib/paths";
import { closeOverlay, useUiStore } from "../../../lib/ui-store";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { isSearchable, useSearchResults } from "../search-api";
import { popularSearches, searchRules, searchMessages as t } from "../search-messages";
import "./search-popup.css";
import { Picture } from "../../../components/picture";

/** The search popup (R-STORE-2 "Search popup", R-STORE-4 "Search"): a dialog holding one combobox. */
export function SearchPopup() {
  const open = useUiStore((state) => state.overlay === "search");
  const titleId = useId();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) closeOverlay();
      }}
      title={<span id={titleId}>{t.title}</span>}
      className="search-popup"
      returnFocusTo={() => document.querySelector<HTMLElement>('[data-overlay-trigger="search"]')}
    >
      <SearchCombobox labelledBy={titleId} />
    </Modal>
  );
}

function productImage(product: ProductSummary): string | null {
  const primary = product.images.find((image) => image.primary) ?? product.images[0];
  return product.imageUrl ?? primary?.imageUrl ?? null;
}

/**
 * The combobox (WAI-ARIA "list autocomplete"): results load 500 ms after typing stops; arrow
 * keys move the active option, Enter opens it or submits, Escape closes the dialog. Mounted
 * while the dialog is open, so every opening starts empty with the input focused.
 */
function SearchCombobox({ labelledBy }: { labelledBy: string }) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [activeIndex, setActiveIndex] = useState(-1);
  const listboxId = useId();
  const hintId = useId();

  const query = text.trim();
  const searchable = isSearchable(query);
  const settled = useDebouncedValue(query, searchRules.debounceMs);
  const results = useSearchResults(settled);
  const waiting = searchable && (settled !== query || results.isPending);
  const products = searchable && !waiting && results.isSuccess ? results.data.content : [];
  const expanded = products.length > 0;
  const activeProduct = expanded ? products[activeIndex] : undefined;
  const optionId = (product: ProductSummary) => `${listboxId}-${product.id}`;

  // Focus moves into the input on open (the dialog's own focus would land on its close button).
  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  // A new answer starts with nothing highlighted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the shown results change
  useEffect(() => setActiveIndex(-1), [results.data, query]);

  useEffect(() => {
    if (activeProduct) document.getElementById(optionId(activeProduct))?.scrollIntoView?.({ block: "nearest" });
  });

  function openProduct(product: ProductSummary) {
    closeOverlay();
    navigate(paths.product(product.id));
  }

  // Enter opens the highlighted product, else the results page (issue 30: no jump to the first match).
  function submit(event: FormEvent) {
    event.preventDefault();
    if (activeProduct) {
      openProduct(activeProduct);
      return;
    }
    if (!searchable) return;
    closeOverlay();
    navigate(paths.search(query));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!expanded) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActiveIndex((index) => (index + 1) % products.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActiveIndex((index) => (index <= 0 ? products.length - 1 : index - 1));
    }
  }

  const settledAnswer = searchable && !waiting;
  const showEmpty = settledAnswer && results.isSuccess && products.length === 0;
  const showError = settledAnswer && results.isError;
  const countText = results.data ? t.resultCount(products.length, results.data.page.totalElements) : "";

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search landmark role; <search> adds nothing here
    <form className="search-box" role="search" onSubmit={submit}>
      <div className="search-box__field">
        <Search aria-hidden="true" className="search-box__icon" />
        <input
          ref={inputRef}
          className="search-box__input"
          type="text"
          inputMode="search"
          enterKeyHint="search"
          role="combobox"
          aria-labelledby={labelledBy}
          aria-describedby={searchable ? undefined : hintId}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeProduct ? optionId(activeProduct) : undefined}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          maxLength={100}
          placeholder={t.placeholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {waiting ? <LoaderCircle aria-hidden="true" className="search-box__spinner spin" /> : null}
        <button type="submit" className="search-box__submit" disabled={!searchable}>
          <span className="search-box__submit-text">{t.submit}</span>
          <ArrowRight aria-hidden="true" />
        </button>
      </div>

      <p id={hintId} className="search-box__hint" hidden={searchable}>
        {t.hint}
      </p>

      {text === "" ? (
        <div className="search-popular">
          <p className="search-popular__title" id={`${hintId}-popular`}>
            {t.popular}
          </p>
          <ul className="search-popular__list" aria-labelledby={`${hintId}-popular`}>
            {popularSearches.map((item) => (
              <li key={item.query}>
                <button
                  type="button"
                  className="search-popular__chip"
                  onClick={() => {
                    setText(item.query);
                    inputRef.current?.focus();
                  }}
                >
                  {item.label}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div id={listboxId} role="listbox" aria-labelledby={labelledBy} className="search-results" hidden={!expanded}>
        {products.map((product, index) => {
          const image = productImage(product);
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (aria-activedescendant)
            <div
              key={product.id}
              id={optionId(product)}
              role="option"
              tabIndex={-1}
              aria-selected={index === activeIndex}
              className="search-result"
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => {
                if (activeIndex !== index) setActiveIndex(index);
              }}
              onClick={() => openProduct(product)}
            >
              <span className="search-result__media">
                {image ? <Picture src={image} alt="" width={56} height={70} loading="lazy" decoding="async" /> : null}
              </span>
              <span className="search-result__text">
                <span className="search-result__name">{product.name}</span>
                {product.categories[0] ? (
                  <span className="search-result__category">{product.categories[0].name}</span>
                ) : null}
              </span>
              <span className="search-result__price">{formatRupees(product.price)}</span>
            </div>
          );
        })}
      </div>

      {/* One polite region: the result count (for screen readers), no results, or the failure. */}
      <div className="search-box__outcome" aria-live="polite" aria-atomic="true">
        {expanded ? <p className="visually-hidden">{countText}</p> : null}
        {showEmpty ? (
          <div className="search-empty">
            <SearchX aria-hidden="true" />
            <p className="search-empty__title">{t.noResultsTitle}</p>
            <p className="search-empty__text">{t.noResultsText}</p>
          </div>
        ) : null}
        {showError ? <p className="search-box__error">{t.failed}</p> : null}
      </div>

      {waiting ? (
        <p className="search-box__status" aria-hidden="true">
          {t.searching}
        </p>
      ) : null}
    </form>
  );
}
