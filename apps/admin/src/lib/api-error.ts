import type { FieldErrors } from "@vaki/contract/envelope";

/** Thrown by the api client for any failed call. `status` is 0 when the server could not be reached. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  /** The envelope's `error`: unauthenticated, forbidden, step_up_required, NotFound… */
  readonly kind: string;
  readonly fieldErrors: FieldErrors;
  readonly requestId: string | undefined;

  constructor(
    status: number,
    message: string,
    options: { kind?: string; fieldErrors?: FieldErrors; requestId?: string } = {},
  ) {
    super(message);
    this.status = status;
    this.kind = options.kind ?? "";
    this.fieldErrors = options.fieldErrors ?? {};
    this.requestId = options.requestId;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The words to show for any thrown value: the server's when it gave some, a field's first. */
export function errorMessage(error: unknown, fallback = "Something went wrong. Try again."): string {
  const fieldMessage = isApiError(error) ? Object.values(error.fieldErrors).flat()[0] : undefined;
  if (fieldMessage) return fieldMessage;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The server's answer to a call the signed-in person may not make. */
export function isForbidden(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.kind !== "step_up_required";
}
