import { adminMessages } from "@vaki/contract/admin/schemas";
import type { ZodError } from "zod";
import { DomainError, InvalidInput } from "../../lib/errors.js";
import { groupFieldErrors } from "../../lib/field-errors.js";

/** 401 of /api/admin: no live staff session (or a failed sign-in). */
export class StaffUnauthenticated extends DomainError {
  readonly status = 401;
  readonly kind = "unauthenticated";
}

/** 403 of /api/admin: the role lacks the permission. */
export class StaffForbidden extends DomainError {
  readonly status = 403;
  readonly kind = "forbidden";
  constructor(message: string = adminMessages.forbidden) {
    super(message);
  }
}

/** 403 of /api/admin: the call needs a password and fresh code confirmed in the last 5 minutes. */
export class StepUpRequired extends DomainError {
  readonly status = 403;
  readonly kind = "step_up_required";
  constructor() {
    super(adminMessages.stepUpRequired);
  }
}

/** A zod failure as the shop's 400: the first message and every field's messages. */
export function invalidInputOf(error: ZodError): InvalidInput {
  const fieldErrors = groupFieldErrors(error.issues.map((issue) => [issue.path.join(".") || "body", issue.message]));
  return new InvalidInput(error.issues[0]?.message ?? adminMessages.ok, { fieldErrors });
}

/** A 400 about one field. */
export function fieldError(field: string, message: string): InvalidInput {
  return new InvalidInput(message, { fieldErrors: { [field]: [message] } });
}
