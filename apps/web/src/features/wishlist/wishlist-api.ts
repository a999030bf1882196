/**
 * The wishlist (issue 30): the account's through `/api/wishlist` when signed in, the browser's
 * otherwise. `useWishlist` hides which: the heart buttons and the page use it alone.
 */
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SessionTokens } from "@vaki/contract/accounts";
import type { Wishlist } from "@vaki/contract/wishlist";
import { apiGet, apiRequest } from "../../lib/api-client";
import { errorMessage } from "../../lib/api-error";
import { useSessionStore } from "../../lib/session-store";
import { toast } from "../../lib/toast-store";
import { useGuestWishlist } from "./guest-wishlist";
import { wishlistTexts as t } from "./wishlist-texts";

export function wishlistKey(userId: string) {
  return ["wishlist", userId] as const;
}

function fetchWishlist(signal?: AbortSignal): Promise<Wishlist> {
  return apiGet<Wishlist>("/wishlist", { signal });
}

function saveProduct(productId: number, saved: boolean): Promise<Wishlist> {
  return apiRequest<Wishlist>(`/wishlist/${productId}`, { method: saved ? "PUT" : "DELETE" });
}

/**
 * After login, before the session is stored: the browser's list joins the account's, then the
 * browser forgets it. On failure the browser keeps it, so the next login tries again.
 */
export async function mergeGuestWishlist(
  queryClient: QueryClient,
  tokens: Pick<SessionTokens, "accessToken" | "userId">,
): Promise<void> {
  const productIds = useGuestWishlist.getState().productIds;
  if (productIds.length === 0) return;
  const merged = await apiRequest<Wishlist>("/wishlist/merge", {
    method: "POST",
    body: { productIds },
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
  });
  queryClient.setQueryData(wishlistKey(tokens.userId), merged);
  useGuestWishlist.getState().clear();
}

export interface WishlistState {
  productIds: number[];
  /** False while the account's list loads. */
  ready: boolean;
  has(productId: number): boolean;
  toggle(productId: number): void;
}

/** The wishlist of whoever is browsing; a change shows at once and is undone if the server refuses it. */
export function useWishlist(): WishlistState {
  const userId = useSessionStore((state) => state.session?.user.id ?? null);
  const guest = useGuestWishlist();
  const queryClient = useQueryClient();
  const account = useQuery({
    queryKey: wishlistKey(userId ?? ""),
    queryFn: ({ signal }) => fetchWishlist(signal),
    enabled: userId !== null,
    staleTime: 30_000,
  });
  const change = useMutation({
    mutationKey: ["wishlist", "save"],
    mutationFn: ({ productId, saved }: { productId: number; saved: boolean }) => saveProduct(productId, saved),
    onMutate: async ({ productId, saved }) => {
      if (!userId) return undefined;
      const key = wishlistKey(userId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Wishlist>(key);
      const ids = before?.productIds ?? [];
      queryClient.setQueryData<Wishlist>(key, {
        productIds: saved ? [productId, ...ids.filter((id) => id !== productId)] : ids.filter((id) => id !== productId),
      });
      return { before };
    },
    onSuccess: (answer) => {
      if (userId) queryClient.setQueryData(wishlistKey(userId), answer);
    },
    onError: (error, _input, context) => {
      if (userId) queryClient.setQueryData(wishlistKey(userId), context?.before);
      toast.error(errorMessage(error, t.failed));
    },
  });

  const productIds = userId ? (account.data?.productIds ?? []) : guest.productIds;
  return {
    productIds,
    ready: userId ? account.isSuccess : true,
    has: (productId) => productIds.includes(productId),
    toggle(productId) {
      if (!userId) {
        guest.toggle(productId);
        return;
      }
      change.mutate({ productId, saved: !productIds.includes(productId) });
    },
  };
}
