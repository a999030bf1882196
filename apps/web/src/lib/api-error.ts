/** Thrown by the api client for any failed request. `status` is 0 when the server could not be reached. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  /** The envelope's `data`, when the server sent one with the failure. */
  readonly data: unknown;

  constructor(status: number, message: string, data?: unknown) {
    super(message);
    this.status = status;
    this.data = data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
