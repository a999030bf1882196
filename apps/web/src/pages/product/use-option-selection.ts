import type { ProductDetail } from "@vaki/contract/catalog";
import { type OptionSelection, resolveSelection } from "@vaki/contract/product-options";
import { useSearchParams } from "react-router";
import { KEEP_SCROLL } from "../../lib/paths";

const NONE: OptionSelection = { color: null, size: null };

/**
 * The chosen colour and size live in the URL (?color=…&size=…), so a reload or a shared link
 * opens the same choice. What the URL asks for is checked against the product (first in-stock
 * variant otherwise); a change replaces the URL without scrolling.
 */
export function useOptionSelection(product: ProductDetail | undefined) {
  const [search, setSearch] = useSearchParams();
  const selection = product
    ? resolveSelection(product, { color: search.get("color"), size: search.get("size") })
    : NONE;

  function choose(next: Partial<OptionSelection>) {
    if (!product) return;
    const resolved = resolveSelection(product, { ...selection, ...next });
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        for (const [key, value] of Object.entries(resolved)) {
          if (value) params.set(key, value);
          else params.delete(key);
        }
        return params;
      },
      { replace: true, preventScrollReset: true, state: KEEP_SCROLL },
    );
  }

  return {
    selection,
    chooseColor: (color: string) => choose({ color }),
    chooseSize: (size: string) => choose({ size }),
  };
}
