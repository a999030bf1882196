import type { FieldErrors } from "@vaki/contract/envelope";

/** Base of the shop's domain errors; the error handler maps each kind to one HTTP status. */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  abstract readonly kind: string;
  readonly fieldErrors: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(message: string, options: { fieldErrors?: FieldErrors; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = new.target.name;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
  }
}

export class InvalidInput extends DomainError {
  readonly status = 400;
  readonly kind = "InvalidInput";
}

export class Unauthorised extends DomainError {
  readonly status = 401;
  readonly kind = "Unauthorised";
}

export class Forbidden extends DomainError {
  readonly status = 403;
  readonly kind = "Forbidden";
}

export class NotFound extends DomainError {
  readonly status = 404;
  readonly kind = "NotFound";
}

export class Conflict extends DomainError {
  readonly status = 409;
  readonly kind = "Conflict";
}

export class Gone extends DomainError {
  readonly status = 410;
  readonly kind = "Gone";
}

export class TooManyRequests extends DomainError {
  readonly status = 429;
  readonly kind = "TooManyRequests";
  constructor(message: string, retryAfterSeconds: number) {
    super(message, { headers: { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
  }
}

export class ServiceUnavailable extends DomainError {
  readonly status = 503;
  readonly kind = "ServiceUnavailable";
}
