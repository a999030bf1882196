import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { isApiError } from "../../lib/api-error";
import { categoryQuery } from "../catalog/catalogue-api";
import { type Character, toCharacters, VAKIVERSE_CATEGORY_ID } from "./character";
import { vakiverseMessages } from "./messages";

/** The landing page's data: the Vakiverse with its children, read as characters (R-STORE-7). */
export function useVakiverseCharacters() {
  const query = useQuery(categoryQuery(VAKIVERSE_CATEGORY_ID));
  const characters = useMemo<Character[]>(() => (query.data ? toCharacters(query.data) : []), [query.data]);
  return { ...query, characters };
}

/**
 * The second line of the landing page's error (R-STORE-8): the catalogue could not be
 * reached at all, or the server's own words when they say more than the title does.
 */
export function loadErrorDetail(error: unknown): string | null {
  if (isApiError(error) && (error.status === 0 || error.status === 503)) return vakiverseMessages.storeUnavailable;
  if (error instanceof Error && error.message && error.message !== vakiverseMessages.loadFailed) return error.message;
  return null;
}
