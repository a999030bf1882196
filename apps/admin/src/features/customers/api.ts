import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminCustomerDetail, AdminCustomersAnswer } from "@vaki/contract/admin/schemas";
import { api } from "../../lib/api-client";

export function useCustomers(query: { q?: string; cursor?: string }) {
  return useQuery({
    queryKey: ["admin", "customers", query],
    queryFn: ({ signal }) => api<AdminCustomersAnswer>("/customers", { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: string) {
  return useQuery({
    queryKey: ["admin", "customer", id],
    queryFn: ({ signal }) => api<AdminCustomerDetail>(`/customers/${encodeURIComponent(id)}`, { signal }),
  });
}
