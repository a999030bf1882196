/**
 * Live stock for a product page: the product answer is cached (server 10 s, browsers up to 70 s),
 * so its stock figures are replaced by `/api/products/:id/stock`, read fresh and polled while the
 * page is visible. A size that sells out while the page is open greys out without a reload.
 */
import { useQuery } from "@tanstack/react-query";
import type { ProductDetail, ProductStock } from "@vaki/contract/catalog";
import { useMemo } from "react";
import { apiGet } from "../../lib/api-client";
import { STOCK_REFRESH_MS } from "../../lib/stock-refresh";
import { useIdle } from "../../lib/when-idle";

export const productStockKey = (productId: number) => ["stock", "product", productId] as const;

export function fetchProductStock(productId: number, signal?: AbortSignal): Promise<ProductStock> {
  return apiGet<ProductStock>(`/products/${productId}/stock`, { signal });
}

/** The product with each variant's stock (and the product's "in stock") taken from a fresher answer. */
export function withLiveStock(product: ProductDetail, stock: ProductStock | undefined): ProductDetail {
  if (!stock || stock.productId !== product.id) return product;
  const byId = new Map(stock.variants.map((variant) => [variant.id, variant]));
  let changed = false;
  const variants = product.variants.map((variant) => {
    const live = byId.get(variant.id);
    if (!live || (live.inventoryQuantity === variant.inventoryQuantity && live.inStock === variant.inStock)) {
      return variant;
    }
    changed = true;
    return { ...variant, inventoryQuantity: live.inventoryQuantity, inStock: live.inStock };
  });
  if (!changed) return product;
  return { ...product, variants, inStock: variants.some((variant) => variant.inStock) };
}

/**
 * The product as served, with stock polled every STOCK_REFRESH_MS while the tab is visible;
 * `fresh` once the first live answer has come (before it the figures are the served ones).
 */
export function useLiveStock(product: ProductDetail | undefined): {
  product: ProductDetail | undefined;
  fresh: boolean;
} {
  const productId = product?.id;
  // The first ask waits until the page has painted: the served figures are at most seconds old.
  const idle = useIdle();
  const stock = useQuery({
    queryKey: productStockKey(productId ?? 0),
    queryFn: ({ signal }) => fetchProductStock(productId ?? 0, signal),
    enabled: productId !== undefined && idle,
    refetchInterval: STOCK_REFRESH_MS,
    staleTime: 0,
    // A failed poll keeps the last figures; the next one tries again.
    retry: false,
  });
  const live = useMemo(() => (product ? withLiveStock(product, stock.data) : undefined), [product, stock.data]);
  return { product: live, fresh: stock.data?.productId === productId };
}
