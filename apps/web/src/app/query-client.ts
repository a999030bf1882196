import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "../lib/api-error";

const MAX_RETRIES = 2;

/** Client errors (4xx) will not fix themselves; everything else gets a couple of retries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
