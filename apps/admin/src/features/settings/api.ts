import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ShopSettings } from "@vaki/contract/invoices";
import { api } from "../../lib/api-client";

const settingsKey = ["admin", "settings", "shop"] as const;

export function useShopSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api<ShopSettings>("/settings/shop", { signal }),
  });
}

export function useSaveShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopSettings) => api<ShopSettings>("/settings/shop", { method: "PUT", body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
