import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { BackInStockDemandAnswer } from "@vaki/contract/admin/back-in-stock";
import { api } from "../../lib/api-client";

/** Variants shoppers wait for, most waiting first; `cursor` is the keyset page the URL names. */
export function useBackInStockDemand(cursor: string | undefined) {
  return useQuery({
    queryKey: ["admin", "back-in-stock", { cursor }],
    queryFn: ({ signal }) => api<BackInStockDemandAnswer>("/back-in-stock", { query: { cursor }, signal }),
    placeholderData: keepPreviousData,
  });
}
