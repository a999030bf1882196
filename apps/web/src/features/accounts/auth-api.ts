/**
 * Auth calls (R-ORD-7 "Auth and profile"): login, register, logout, the
 * password-reset flow, and the merge of a guest's cart into the account after login (R-SHOP-2).
 */
import type {
  LoginRequest,
  RegisteredUser,
  RegisterRequest,
  resetRequestedSchema,
  resetTokenStatusSchema,
  SessionTokens,
} from "@vaki/contract/accounts";
import type { Cart } from "@vaki/contract/cart";
import type { z } from "zod";
import { apiPost, apiRequest } from "../../lib/api-client";
import { peekGuestSessionId } from "../../lib/guest-session";

export type ResetRequested = z.infer<typeof resetRequestedSchema>;
export type ResetTokenStatus = z.infer<typeof resetTokenStatusSchema>;

export function login(body: LoginRequest): Promise<SessionTokens> {
  return apiPost<SessionTokens>("/auth/login", body);
}

/** Sign-up answers the new account with its first session, as login does. */
export function register(body: RegisterRequest): Promise<RegisteredUser> {
  return apiPost<RegisteredUser>("/auth/register", body);
}

/** Ends the session on the server (refresh token from the body or the cookie). */
export function logout(refreshToken: string | undefined): Promise<{ loggedOut: true }> {
  return apiPost<{ loggedOut: true }>("/auth/logout", refreshToken ? { refreshToken } : {});
}

/**
 * Moves the guest cart's lines into the account that just logged in. Called with the new access
 * token before the session is stored, so the header's cart never shows the unmerged cart. Null
 * when this browser has no guest cart.
 */
export async function mergeGuestCart(tokens: Pick<SessionTokens, "accessToken" | "userId">): Promise<Cart | null> {
  const guestSessionId = peekGuestSessionId();
  if (!guestSessionId) return null;
  return apiRequest<Cart>("/cart/merge", {
    method: "POST",
    body: { guestSessionId, userId: tokens.userId },
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
  });
}

export function requestPasswordReset(emailOrMobile: string): Promise<ResetRequested> {
  return apiPost<ResetRequested>("/user/forgot-password", { emailOrMobile, isReusedPasswordReset: false });
}

export function verifyResetToken(token: string, signal?: AbortSignal): Promise<ResetTokenStatus> {
  return apiRequest<ResetTokenStatus>("/user/forgot-password/verify-token", {
    method: "POST",
    body: { token },
    signal,
  });
}

export function resetPassword(input: { token: string; password: string; confirmPassword: string }) {
  return apiPost<{ reset: true }>("/user/forgot-password/change", input);
}
