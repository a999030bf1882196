import type { ProductSummary } from "@vaki/contract/catalog";
import { createContext, type ReactNode, useContext } from "react";

/**
 * What a product card shows beside its link (the wishlist's heart), given by the app: the
 * catalogue knows no feature above it, and every card of every list gets the same control.
 */
export type CardAction = (product: ProductSummary) => ReactNode;

export const CardActionContext = createContext<CardAction | null>(null);

export function useCardAction(): CardAction | null {
  return useContext(CardActionContext);
}
