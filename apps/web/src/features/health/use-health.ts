import { useQuery } from "@tanstack/react-query";
import { fetchHealth } from "./health-api";

export const healthQueryKey = ["health"] as const;

/** The API's health. Errors (including the 503 "database down" answer) surface as ApiError. */
export function useHealth() {
  return useQuery({
    queryKey: healthQueryKey,
    queryFn: ({ signal }) => fetchHealth(signal),
    staleTime: 30_000,
  });
}
