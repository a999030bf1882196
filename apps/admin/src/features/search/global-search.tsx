import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminSearchAnswer } from "@vaki/contract/admin/schemas";
import { Search } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { api } from "../../lib/api-client";
import { formatRupees, humanise } from "../../lib/format";

interface Hit {
  section: "Orders" | "Products" | "Customers";
  to: string;
  title: string;
  detail: string;
}

const DEBOUNCE_MS = 250;
const MIN_LENGTH = 2;

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

function toHits(answer: AdminSearchAnswer): Hit[] {
  return [
    ...answer.orders.map((order) => ({
      section: "Orders" as const,
      to: `/orders/${order.id}`,
      title: `#${order.orderNumber}${order.name ? ` · ${order.name}` : ""}`,
      detail: [
        formatRupees(order.total),
        humanise(order.status),
        order.email,
        order.phone,
        order.awb && `AWB ${order.awb}`,
      ]
        .filter(Boolean)
        .join(" · "),
    })),
    ...answer.products.map((product) => ({
      section: "Products" as const,
      to: `/products/${product.id}`,
      title: product.name,
      detail: product.sku ? `SKU ${product.sku}` : product.slug,
    })),
    ...answer.customers.map((customer) => ({
      section: "Customers" as const,
      to: `/customers/${customer.id}`,
      title: customer.name,
      detail: [customer.email, customer.phone].filter(Boolean).join(" · "),
    })),
  ];
}

/**
 * The top bar's search over orders (number, e-mail, phone, AWB), products (name, SKU) and
 * customers (name, e-mail, phone): an ARIA combobox whose options open the record's page.
 */
export function GlobalSearch() {
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim());
  const enabled = q.length >= MIN_LENGTH;

  const search = useQuery({
    queryKey: ["admin", "search", q],
    queryFn: ({ signal }) => api<AdminSearchAnswer>("/search", { query: { q }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const hits = useMemo(() => (enabled && search.data ? toHits(search.data) : []), [enabled, search.data]);
  const expanded = open && enabled && (hits.length > 0 || !search.isFetching);

  function choose(hit: Hit | undefined) {
    if (!hit) return;
    setOpen(false);
    setText("");
    navigate(hit.to);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (hits.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + hits.length) % hits.length);
    } else if (event.key === "Enter") {
      if (expanded && hits[active]) {
        event.preventDefault();
        choose(hits[active]);
      }
    } else if (event.key === "Escape") {
      setOpen(false);
    }
  }

  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const sections = (["Orders", "Products", "Customers"] as const)
    .map((section) => ({
      section,
      items: hits.map((hit, index) => ({ hit, index })).filter((entry) => entry.hit.section === section),
    }))
    .filter((group) => group.items.length > 0);

  return (
    <div className="search">
      <label htmlFor={`${id}-input`} className="visually-hidden">
        Search orders, products and customers
      </label>
      <Search size={16} aria-hidden="true" className="search__icon" />
      <input
        id={`${id}-input`}
        className="input"
        type="search"
        role="combobox"
        autoComplete="off"
        placeholder="Search…"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && hits[active] ? optionId(active) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div id={listId} role="listbox" aria-label="Search results" className="search__list" hidden={!expanded}>
        {expanded && hits.length === 0 ? (
          <div className="search__empty" role="presentation">
            {search.isError ? "Search failed. Try again." : `Nothing matches “${q}”.`}
          </div>
        ) : null}
        {sections.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group", not a fieldset.
          <div key={group.section} role="group" aria-labelledby={`${id}-${group.section}`}>
            <div id={`${id}-${group.section}`} className="search__group" role="presentation">
              {group.section}
            </div>
            {group.items.map(({ hit, index }) => (
              <div
                key={hit.to}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className="search__option"
                // Choosing on mouse down keeps the input's blur from closing the list first.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(hit);
                }}
                onMouseEnter={() => setActive(index)}
              >
                {hit.title}
                <small>{hit.detail}</small>
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
