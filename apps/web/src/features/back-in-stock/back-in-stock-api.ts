/** "Notify me when it is back" (issue 30): leave an e-mail on a sold-out size; stop alerts from the e-mail's link. */
import { useMutation } from "@tanstack/react-query";
import type { ProductDetail } from "@vaki/contract/catalog";
import { apiPost } from "../../lib/api-client";

export function useRequestBackInStock() {
  return useMutation({
    mutationKey: ["back-in-stock", "request"],
    mutationFn: (input: { variantId: number; email: string }) => apiPost<{ done: true }>("/back-in-stock", input),
  });
}

export function useStopBackInStockAlerts() {
  return useMutation({
    mutationKey: ["back-in-stock", "unsubscribe"],
    mutationFn: (token: string) => apiPost<{ done: true }>("/back-in-stock/unsubscribe", { token }),
  });
}

/** The sold-out sizes of the colour on screen (every colour when none is chosen), in the product's size order. */
export function soldOutSizes(product: ProductDetail, color: string | null) {
  return product.variants.filter(
    (variant) =>
      !variant.inStock && variant.attributes.Size !== null && (color === null || variant.attributes.Color === color),
  );
}
