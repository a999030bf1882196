import type { ProductDetail } from "@vaki/contract/catalog";
import { type OptionSelection, resolveSelection } from "@vaki/contract/product-options";
import { useRef } from "react";
import { useSearchParams } from "react-router";
import { KEEP_SCROLL } from "../../lib/paths";

const NONE: OptionSelection = { color: null, size: null };

/**
 * The chosen colour and size live in the URL (?color=…&size=…), so a reload or a shared link
 * opens the same choice. What the URL asks for is checked against the product (first in-stock
 * variant otherwise); a change replaces the URL without scrolling.
 */
export function useOptionSelection(product: ProductDetail | undefined, { holdSelection = false } = {}) {
  const [search, setSearch] = useSearchParams();
  const wanted = { color: search.get("color"), size: search.get("size") };
  const wantedKey = `${product?.id}|${wanted.color}|${wanted.size}`;
  // Once live stock is in, a size that sells out while shown stays chosen (shown sold out) until
  // the shopper picks again: it never silently becomes another size they might add unseen.
  const shown = useRef<{ key: string; selection: OptionSelection } | null>(null);
  const held = holdSelection && shown.current?.key === wantedKey ? shown.current.selection : null;
  const selection = product
    ? held
      ? resolveSelection(product, held, { keepSoldOutSize: true })
      : resolveSelection(product, wanted)
    : NONE;
  shown.current = { key: wantedKey, selection };

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
