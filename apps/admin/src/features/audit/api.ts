import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AuditAnswer } from "@vaki/contract/admin/schemas";
import { api } from "../../lib/api-client";

export interface AuditFilters {
  actorId?: string;
  entityType?: string;
  entityId?: string;
  action?: string;
  /** ISO instants. */
  from?: string;
  to?: string;
  cursor?: string;
}

export function useAuditLog(filters: AuditFilters) {
  return useQuery({
    queryKey: ["admin", "audit", filters],
    queryFn: ({ signal }) => api<AuditAnswer>("/audit", { query: { ...filters }, signal }),
    placeholderData: keepPreviousData,
  });
}
