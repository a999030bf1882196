import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "../lib/api-error";

/** Client errors (4xx) will not fix themselves; a network failure gets one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * Long enough that a page's loader and its component share one fetch; short enough that going
 * back to a page shows what other people changed meanwhile (an invitation accepted, an order paid).
 */
export const ADMIN_STALE_MS = 2_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: ADMIN_STALE_MS },
      mutations: { retry: false },
    },
  });
}
