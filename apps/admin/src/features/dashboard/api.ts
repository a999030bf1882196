import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { DashboardAnswer, DashboardPeriod } from "@vaki/contract/admin/dashboard";
import { api } from "../../lib/api-client";

/** The dashboard's figures for a period; the last period's stay on screen while the next loads. */
export function useDashboard(period: DashboardPeriod) {
  return useQuery({
    queryKey: ["admin", "dashboard", period],
    queryFn: ({ signal }) => api<DashboardAnswer>("/dashboard", { query: { period }, signal }),
    placeholderData: keepPreviousData,
    // Figures of "now": fetched again when the person comes back to the tab, not more often.
    staleTime: 60_000,
  });
}
