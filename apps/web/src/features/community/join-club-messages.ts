import { clubMessages, commonMessages } from "@vaki/contract/messages";
import { networkMessages } from "../../lib/api-client";
import { isApiError } from "../../lib/api-error";

/** R-STORE-7 — a join answer without data. */
export const INVALID_JOIN_RESPONSE = "Invalid response from server";
const SOMETHING_WENT_WRONG = "Something went wrong. Please try again.";

/** R-STORE-8 — failure texts by status when the server gives no message of its own. */
const MESSAGE_BY_STATUS: Readonly<Record<number, string>> = {
  401: commonMessages.unauthorised,
  400: commonMessages.invalidInput,
  409: clubMessages.alreadyMember,
};

/**
 * The join-club error toast (R-STORE-8): the server's message if given; else by status 401, 400
 * or 409; else the error's own message; else 'Something went wrong. Please try again.'
 */
export function joinClubErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    // The client puts its generic fallback in place of a missing server message.
    const serverMessage = error.status > 0 && error.message !== networkMessages.fallback ? error.message : "";
    if (serverMessage) return serverMessage;
    const byStatus = MESSAGE_BY_STATUS[error.status];
    if (byStatus) return byStatus;
    if (error.status > 0) return SOMETHING_WENT_WRONG;
  }
  if (error instanceof Error && error.message) return error.message;
  return SOMETHING_WENT_WRONG;
}

/** R-STORE-8 — the success toast: the server's welcome message, or the default thanks. */
export function joinClubSuccessMessage(welcomeMessage: string | null | undefined): string {
  return welcomeMessage?.trim() || clubMessages.joined;
}
