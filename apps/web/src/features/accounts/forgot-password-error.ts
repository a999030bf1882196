import { isApiError } from "../../lib/api-error";
import { forgotPasswordMessages as t } from "./auth-messages";

/**
 * What the forgot-password form says when the request fails (R-ORD-8
 * "Password reset"): by status first (404, 429, 400), then by the server's words, then the
 * network, timeout and generic texts.
 */
export function forgotPasswordErrorMessage(error: unknown): string {
  if (!isApiError(error)) return t.unknown;
  if (error.kind === "Timeout") return t.timeout;
  if (error.status === 0) return t.network;
  if (error.status === 404) return t.notFound;
  if (error.status === 429) return t.rateLimited;
  if (error.status === 400) return t.invalid;
  const message = error.message.toLowerCase();
  if (message.includes("not found")) return t.notFound;
  if (message.includes("rate limit") || message.includes("too many")) return t.rateLimited;
  if (message.includes("invalid")) return t.invalid;
  return t.unableToSend;
}
