import type { ProductFacets, ProductSummary } from "@vaki/contract/catalog";
import { Check } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { formatRupees } from "../../../lib/money";
import { activeFilterCount, clearedFilters, type ListFilters } from "../list-filters";
import "./product-filters.css";

const SIZE_ORDER = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL"];

/**
 * Facets to offer while the server does not send them: what the loaded products have, with
 * counts over those products only.
 */
export function facetsFromProducts(products: readonly ProductSummary[]): ProductFacets {
  const sizes = new Map<string, number>();
  const colors = new Map<string, number>();
  for (const product of products) {
    const productSizes = new Set(product.variants.map((v) => v.attributes.Size).filter(Boolean) as string[]);
    const productColors = new Set(product.variants.map((v) => v.attributes.Color).filter(Boolean) as string[]);
    for (const size of productSizes) sizes.set(size, (sizes.get(size) ?? 0) + 1);
    for (const color of productColors) colors.set(color, (colors.get(color) ?? 0) + 1);
  }
  const rank = (size: string) => (SIZE_ORDER.includes(size) ? SIZE_ORDER.indexOf(size) : SIZE_ORDER.length);
  const prices = products.map((product) => product.price);
  return {
    sizes: [...sizes].sort(([a], [b]) => rank(a) - rank(b)).map(([value, count]) => ({ value, count, swatch: null })),
    colors: [...colors]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([value, count]) => ({ value, count, swatch: null })),
    price: prices.length > 0 ? { min: Math.min(...prices), max: Math.max(...prices) } : null,
    inStockCount: products.filter((product) => product.inStock).length,
  };
}

interface ProductFiltersProps {
  facets: ProductFacets;
  filters: ListFilters;
  onChange: (filters: ListFilters) => void;
}

/**
 * The list's filters from the answer's facets: size, colour, price range and stock. Every change
 * applies at once (the list re-asks the server); prices apply when the shopper leaves the field
 * or presses Enter.
 */
export function ProductFilters({ facets, filters, onChange }: ProductFiltersProps) {
  const id = useId();
  const set = (patch: Partial<ListFilters>) => onChange({ ...filters, ...patch });
  // Keep a chosen value offered even when the facets (counted with it applied) no longer list it.
  const sizes = withChosen(facets.sizes, filters.size);
  const colors = withChosen(facets.colors, filters.color);

  return (
    <div className="product-filters">
      {sizes.length > 0 ? (
        <fieldset className="product-filters__group">
          <legend className="product-filters__legend">Size</legend>
          <div className="product-filters__chips">
            <ChipRadio
              name={`${id}-size`}
              label="All"
              checked={!filters.size}
              onSelect={() => set({ size: undefined })}
            />
            {sizes.map((size) => (
              <ChipRadio
                key={size.value}
                name={`${id}-size`}
                label={size.value}
                checked={filters.size === size.value}
                onSelect={() => set({ size: size.value })}
              />
            ))}
          </div>
        </fieldset>
      ) : null}

      {colors.length > 0 ? (
        <fieldset className="product-filters__group">
          <legend className="product-filters__legend">Colour</legend>
          <div className="product-filters__swatches">
            <SwatchRadio
              name={`${id}-color`}
              label="All colours"
              swatch={null}
              checked={!filters.color}
              onSelect={() => set({ color: undefined })}
            />
            {colors.map((color) => (
              <SwatchRadio
                key={color.value}
                name={`${id}-color`}
                label={color.value}
                count={color.count}
                swatch={color.swatch}
                checked={filters.color === color.value}
                onSelect={() => set({ color: color.value })}
              />
            ))}
          </div>
        </fieldset>
      ) : null}

      <PriceRange facets={facets} filters={filters} onChange={onChange} />

      <div className="product-filters__group">
        <label className="product-filters__check">
          <input
            type="checkbox"
            checked={filters.inStock === true}
            onChange={(event) => set({ inStock: event.target.checked || undefined })}
          />
          <span className="product-filters__check-box" aria-hidden="true">
            <Check />
          </span>
          <span>
            In stock only <span className="product-filters__count">({facets.inStockCount})</span>
          </span>
        </label>
      </div>

      {activeFilterCount(filters) > 0 ? (
        <button type="button" className="button button--small" onClick={() => onChange(clearedFilters(filters))}>
          Clear filters
        </button>
      ) : null}
    </div>
  );
}

function withChosen<T extends { value: string; count: number; swatch: string | null }>(values: T[], chosen?: string) {
  if (!chosen || values.some((value) => value.value === chosen)) return values;
  return [...values, { value: chosen, count: 0, swatch: null } as T];
}

function ChipRadio(props: { name: string; label: string; checked: boolean; onSelect: () => void }) {
  return (
    <label className="chip product-filters__chip">
      <input
        type="radio"
        className="visually-hidden"
        name={props.name}
        checked={props.checked}
        onChange={props.onSelect}
      />
      {props.label}
    </label>
  );
}

function SwatchRadio(props: {
  name: string;
  label: string;
  swatch: string | null;
  count?: number;
  checked: boolean;
  onSelect: () => void;
}) {
  return (
    <label className="product-filters__swatch">
      <input
        type="radio"
        className="visually-hidden"
        name={props.name}
        checked={props.checked}
        onChange={props.onSelect}
      />
      <span
        className={`product-filters__dot${props.swatch ? "" : " product-filters__dot--any"}`}
        style={props.swatch ? { background: props.swatch } : undefined}
        aria-hidden="true"
      />
      <span className="product-filters__swatch-label">{props.label}</span>
      {props.count !== undefined ? <span className="product-filters__count">{props.count}</span> : null}
    </label>
  );
}

function rupeesField(value: string): number | undefined {
  const digits = value.replace(/[^\d]/g, "");
  return digits ? Number(digits) : undefined;
}

function PriceRange({ facets, filters, onChange }: ProductFiltersProps) {
  const id = useId();
  const [min, setMin] = useState(filters.minPrice?.toString() ?? "");
  const [max, setMax] = useState(filters.maxPrice?.toString() ?? "");

  // The URL is the truth: a back button or a cleared filter resets the fields.
  useEffect(() => setMin(filters.minPrice?.toString() ?? ""), [filters.minPrice]);
  useEffect(() => setMax(filters.maxPrice?.toString() ?? ""), [filters.maxPrice]);

  function apply(event?: FormEvent) {
    event?.preventDefault();
    let minPrice = rupeesField(min);
    let maxPrice = rupeesField(max);
    if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
      [minPrice, maxPrice] = [maxPrice, minPrice];
    if (minPrice === filters.minPrice && maxPrice === filters.maxPrice) return;
    onChange({ ...filters, minPrice, maxPrice });
  }

  const range = facets.price;
  return (
    <fieldset className="product-filters__group">
      <legend className="product-filters__legend">Price</legend>
      {range ? (
        <p className="product-filters__hint">
          {formatRupees(range.min)} to {formatRupees(range.max)}
        </p>
      ) : null}
      <div className="product-filters__prices">
        <PriceInput
          id={`${id}-min`}
          label="Min (Rs.)"
          value={min}
          placeholder={range ? String(Math.floor(range.min / 100)) : "0"}
          onChange={setMin}
          onApply={apply}
        />
        <PriceInput
          id={`${id}-max`}
          label="Max (Rs.)"
          value={max}
          placeholder={range ? String(Math.ceil(range.max / 100)) : ""}
          onChange={setMax}
          onApply={apply}
        />
      </div>
    </fieldset>
  );
}

interface PriceInputProps {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
  /** Applies the price range: on leaving the field, or on Enter. */
  onApply: (event?: FormEvent) => void;
}

/** One end of the price range: whole rupees, applied on blur or Enter. */
function PriceInput({ id, label, value, placeholder, onChange, onApply }: PriceInputProps) {
  return (
    <div className="product-filters__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => onApply()}
        onKeyDown={(event) => {
          if (event.key === "Enter") onApply(event);
        }}
      />
    </div>
  );
}
