import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ClubAnswer } from "@vaki/contract/admin/customers";
import { api, apiFile, saveFile } from "../../lib/api-client";

export function useClub(query: { q?: string; cursor?: string }) {
  return useQuery({
    queryKey: ["admin", "club", query],
    queryFn: ({ signal }) => api<ClubAnswer>("/club", { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The members (matching the search, if any) as CSV (customers:export; the server audits it). */
export async function downloadClubCsv(q: string | undefined): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  saveFile(await apiFile("/club.csv", { query: { q } }), `club-members-${day}.csv`);
}
