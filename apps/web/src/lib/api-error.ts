import type { FieldErrors } from "@vaki/contract/envelope";

/** Thrown by the api client for any failed request. `status` is 0 when the server could not be reached. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  /** The envelope's `data`, when the server sent one with the failure. */
  readonly data: unknown;
  /** Short kind of the failure from the envelope's `error` (NotFound, Unauthorised, Timeout, Network…). */
  readonly kind: string;
  /** Per-field messages of a 400, keyed by the request's field names. */
  readonly fieldErrors: FieldErrors;

  constructor(
    status: number,
    message: string,
    options: { data?: unknown; kind?: string; fieldErrors?: FieldErrors } = {},
  ) {
    super(message);
    this.status = status;
    this.data = options.data;
    this.kind = options.kind ?? "";
    this.fieldErrors = options.fieldErrors ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show for any thrown value: the server's words when it gave some. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
