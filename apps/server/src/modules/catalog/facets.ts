import type { ProductFacets } from "@vaki/contract/catalog";
import { compareSizes } from "./mappers.js";
import type { FacetRow } from "./repo.js";

/** The facets statement's rows as the list answer carries them: sizes in size order, colours by count. */
export function toFacets(rows: readonly FacetRow[]): ProductFacets {
  const sizes: ProductFacets["sizes"] = [];
  const colors: ProductFacets["colors"] = [];
  let price: ProductFacets["price"] = null;
  let inStockCount = 0;
  for (const row of rows) {
    const count = Number(row.products);
    if (row.kind === "size" && row.value !== null) sizes.push({ value: row.value, count, swatch: null });
    else if (row.kind === "color" && row.value !== null) colors.push({ value: row.value, count, swatch: row.swatch });
    else if (row.kind === "price" && count > 0 && row.low !== null && row.high !== null) {
      price = { min: Number(row.low), max: Number(row.high) };
    } else if (row.kind === "inStock") inStockCount = count;
  }
  sizes.sort((a, b) => compareSizes(a.value, b.value));
  colors.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return { sizes, colors, price, inStockCount };
}
