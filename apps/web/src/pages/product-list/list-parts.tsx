import { X } from "lucide-react";
import type { ListFilters } from "../../features/catalog/list-filters";
import { formatRupees } from "../../lib/money";

/** The filters in force, each removable with one tap. */
export function ActiveFilters({ filters, onChange }: { filters: ListFilters; onChange: (next: ListFilters) => void }) {
  const chips: { key: string; label: string; without: ListFilters }[] = [];
  if (filters.size)
    chips.push({ key: "size", label: `Size ${filters.size}`, without: { ...filters, size: undefined } });
  if (filters.color) chips.push({ key: "color", label: filters.color, without: { ...filters, color: undefined } });
  if (filters.minPrice !== undefined || filters.maxPrice !== undefined) {
    const min = filters.minPrice !== undefined ? formatRupees(filters.minPrice * 100) : null;
    const max = filters.maxPrice !== undefined ? formatRupees(filters.maxPrice * 100) : null;
    chips.push({
      key: "price",
      label: min && max ? `${min} to ${max}` : min ? `From ${min}` : `Up to ${max}`,
      without: { ...filters, minPrice: undefined, maxPrice: undefined },
    });
  }
  if (filters.inStock) chips.push({ key: "stock", label: "In stock", without: { ...filters, inStock: undefined } });
  if (chips.length === 0) return null;
  return (
    <ul className="plp__active" aria-label="Filters in use">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            className="plp__active-chip"
            aria-label={`Remove filter ${chip.label}`}
            onClick={() => onChange(chip.without)}
          >
            {chip.label}
            <X aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

export function ListSkeleton({ label }: { label: string }) {
  return (
    <div className="plp__loading">
      <p role="status" className="visually-hidden">
        {label}
      </p>
      <ul className="plp__grid" aria-hidden="true">
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={index} className="plp__ghost">
            <div className="plp__ghost-media" />
            <div className="plp__ghost-line" />
            <div className="plp__ghost-line plp__ghost-line--short" />
          </li>
        ))}
      </ul>
    </div>
  );
}
