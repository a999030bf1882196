import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoginRequest, RegisterRequest, SessionTokens } from "@vaki/contract/accounts";
import { useNavigate } from "react-router";
import { networkMessages } from "../../../lib/api-client";
import { errorMessage, isApiError } from "../../../lib/api-error";
import { clearGuestSessionId, peekGuestSessionId } from "../../../lib/guest-session";
import { currentSession, useSessionStore } from "../../../lib/session-store";
import { toast } from "../../../lib/toast-store";
import { closeOverlay } from "../../../lib/ui-store";
import { cartKey, EMPTY_CART } from "../../cart/cart-api";
import { mergeGuestWishlist } from "../../wishlist/wishlist-api";
import { login, logout, mergeGuestCart, register } from "../auth-api";
import { loginMessages as t } from "../auth-messages";

/** Query data that belongs to one account and must not outlive its session. */
const ACCOUNT_QUERY_ROOTS = [["cart"], ["orders"], ["profile"], ["preferences"], ["wishlist"]] as const;

/**
 * Starts the session of a user who just logged in or signed up: the guest cart is merged into
 * theirs first (R-SHOP-2: merged, not dropped), so the header's badge goes straight to the
 * merged count; then the session is stored and the cart refreshed from the server.
 */
export async function startSession(queryClient: QueryClient, tokens: SessionTokens): Promise<void> {
  const userKey = cartKey(tokens.user.id);
  try {
    const merged = await mergeGuestCart(tokens);
    if (merged) {
      queryClient.setQueryData(userKey, merged);
      clearGuestSessionId();
    }
  } catch {
    // The guest id is kept, so the next login can try the merge again; the cart is re-fetched below.
  }
  // The browser's wishlist joins the account's the same way (issue 30); kept on failure.
  await mergeGuestWishlist(queryClient, tokens).catch(() => undefined);
  useSessionStore.getState().setSession(tokens);
  queryClient.removeQueries({ queryKey: cartKey(null), exact: true });
  void queryClient.invalidateQueries({ queryKey: userKey, exact: true });
}

/** Forgets everything the account's session loaded; a guest without a cart starts from an empty one. */
export function forgetAccountData(queryClient: QueryClient): void {
  for (const queryKey of ACCOUNT_QUERY_ROOTS) queryClient.removeQueries({ queryKey });
  if (!peekGuestSessionId()) queryClient.setQueryData(cartKey(null), EMPTY_CART);
}

/** Login (R-ORD-8): success and failure toasts; a failed login leaves no session behind. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", "login"],
    mutationFn: async (input: LoginRequest) => {
      const tokens = await login(input);
      await startSession(queryClient, tokens);
      return tokens;
    },
    onSuccess: () => toast.success(t.loginSucceeded),
    onError: (error) => {
      useSessionStore.getState().clearSession();
      toast.error(serverWords(error) ?? t.loginFailed);
    },
  });
}

/** Sign-up. The new customer is logged in at once with the session register answers. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", "register"],
    mutationFn: async (input: RegisterRequest) => {
      const tokens = await register(input);
      await startSession(queryClient, tokens);
      return tokens;
    },
  });
}

/**
 * Logout (R-ORD-2, R-ORD-8): ends the session on the server, goes to /, then forgets the session and
 * the account's cart and orders. Going home first keeps the /profile guard from asking to log in
 * again. A session the server already ended counts as logged out.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: ["auth", "logout"],
    mutationFn: async () => {
      useSessionStore.getState().setLoggingOut(true);
      try {
        await logout(currentSession()?.refreshToken);
      } catch (error) {
        if (!(isApiError(error) && error.status === 401)) throw error;
      }
    },
    onSuccess: async () => {
      closeOverlay();
      await navigate("/");
      // The guard may still be on screen (the move home renders in a transition): tell it why.
      useSessionStore.getState().clearSession({ byLogout: true });
      useSessionStore.getState().setLoggingOut(false);
      forgetAccountData(queryClient);
      toast.success(t.loggedOut);
    },
    onError: (error) => {
      useSessionStore.getState().setLoggingOut(false);
      toast.error(t.logoutFailed(errorMessage(error, networkMessages.fallback)));
    },
  });
}

/** The server's message when it sent one (not the client's generic fallback). */
export function serverWords(error: unknown): string | null {
  if (isApiError(error) && error.message && error.message !== networkMessages.fallback) return error.message;
  if (error instanceof Error && !isApiError(error) && error.message) return error.message;
  return null;
}
