import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminCustomerProfile, CustomerBlockState, CustomerErased } from "@vaki/contract/admin/customers";
import type { AdminCustomersAnswer } from "@vaki/contract/admin/schemas";
import { api, apiFile, saveFile } from "../../lib/api-client";

const customerPath = (id: string) => `/customers/${encodeURIComponent(id)}`;
const customerKey = (id: string) => ["admin", "customer", id] as const;

export function useCustomers(query: { q?: string; cursor?: string }) {
  return useQuery({
    queryKey: ["admin", "customers", query],
    queryFn: ({ signal }) => api<AdminCustomersAnswer>("/customers", { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: string) {
  return useQuery({
    queryKey: customerKey(id),
    queryFn: ({ signal }) => api<AdminCustomerProfile>(customerPath(id), { signal }),
  });
}

/** Block or unblock sign-in (customers:write); the page's state follows the answer. */
export function useCustomerBlock(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ block, reason }: { block: boolean; reason: string }) =>
      api<CustomerBlockState>(`${customerPath(id)}/${block ? "block" : "unblock"}`, {
        method: "POST",
        body: { reason },
      }),
    onSuccess: (state) => {
      queryClient.setQueryData(customerKey(id), (current: AdminCustomerProfile | undefined) =>
        current ? { ...current, ...state } : current,
      );
    },
  });
}

/** Erase the person's data (customers:write + step-up); the customer is gone from every list after. */
export function useEraseCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api<CustomerErased>(`${customerPath(id)}/erase`, { method: "POST", body: { email } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: customerKey(id) });
      void queryClient.invalidateQueries({ queryKey: ["admin", "customers"] });
    },
  });
}

/** The DPDP export (customers:export + step-up) saved as a JSON file. */
export async function downloadCustomerData(id: string): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  saveFile(await apiFile(`${customerPath(id)}/export`), `customer-${id}-${day}.json`);
}
