import type { FailureEnvelope, FieldErrors } from "@vaki/contract/envelope";
import { commonMessages } from "@vaki/contract/messages";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { z } from "zod";
import { DomainError, InvalidInput } from "../lib/errors.js";
import { groupFieldErrors } from "../lib/field-errors.js";

/** Kind names for the statuses Fastify itself raises (bad JSON, too large, wrong content type...). */
const kindByStatus: Record<number, string> = {
  414: "UriTooLong",
  400: "InvalidInput",
  401: "Unauthorised",
  403: "Forbidden",
  404: "NotFound",
  405: "MethodNotAllowed",
  406: "NotAcceptable",
  409: "Conflict",
  413: "PayloadTooLarge",
  415: "UnsupportedMediaType",
  429: "TooManyRequests",
};

const messageByStatus: Record<number, string> = {
  400: commonMessages.invalidInput,
  413: commonMessages.payloadTooLarge,
  415: commonMessages.unsupportedMediaType,
  429: commonMessages.tooManyRequests,
};

function failure(request: FastifyRequest, message: string, error: string, fieldErrors?: FieldErrors): FailureEnvelope {
  return { success: false, message, error, ...(fieldErrors ? { fieldErrors } : {}), requestId: request.id };
}

/** Turns zod issues reported by the type provider into `{ "field.path": [messages] }`. */
function fieldErrorsOf(validation: { instancePath: string; message?: string }[], context?: string): FieldErrors {
  return groupFieldErrors(
    validation.map((issue) => [
      issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || context || "request",
      issue.message ?? "Invalid value",
    ]),
  );
}

/**
 * Route option `schemaErrorFormatter` for schemas whose messages are all written for shoppers
 * (accounts, Club): the first message becomes the answer's message, e.g. 'Please enter a valid
 * name!', with every field's messages in fieldErrors as usual.
 */
export function userFacingValidation(errors: ValidationIssue[], dataVar: string): InvalidInput {
  const fieldErrors = fieldErrorsOf(errors, dataVar);
  const written = errors.find((issue) => issue.message !== undefined && !isZodDefaultMessage(issue));
  return new InvalidInput(written?.message ?? commonMessages.invalidInput, { fieldErrors });
}

/** One validation issue as fastify-type-provider-zod reports it: the zod issue's code, message and rest. */
interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

const zodEnglish = z.locales.en().localeError;

/**
 * True when zod wrote the message itself ("Too small: expected number to be >=1"), i.e. the
 * schema gave no shopper-facing text: such a message stays in fieldErrors and the answer's
 * message is the common one. An "invalid_type" message names the input, which zod does not
 * report, so only its start is compared.
 */
function isZodDefaultMessage(issue: ValidationIssue): boolean {
  if (!issue.keyword) return false;
  const raw = { ...issue.params, code: issue.keyword, path: [], input: undefined } as Parameters<typeof zodEnglish>[0];
  const answer = zodEnglish(raw);
  const standard = typeof answer === "string" ? answer : answer?.message;
  if (!standard || !issue.message) return false;
  if (issue.keyword === "invalid_type") return issue.message.startsWith(standard.replace(/, received .*$/, ""));
  return issue.message === standard;
}

/**
 * The one place where errors become HTTP answers: domain errors keep their status and message,
 * validation errors become 400 with field errors, and anything unexpected is a 500 that says
 * nothing about the inside (the details go to the log with the request id).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof DomainError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(failure(request, error.message, error.kind, error.fieldErrors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = fieldErrorsOf(error.validation, error.validationContext);
      return reply.status(400).send(failure(request, commonMessages.invalidInput, "InvalidInput", fieldErrors));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        messageByStatus[status] ?? (error.code?.startsWith("FST_") ? commonMessages.invalidInput : error.message);
      return reply.status(status).send(failure(request, message, kindByStatus[status] ?? "ClientError"));
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send(failure(request, commonMessages.internal, "InternalError"));
  });
}

/**
 * Errors Fastify raises before routing (a URL that does not decode, a path parameter over the
 * length limit): the same envelope, and the URL is not echoed back.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const message = status === 414 ? "The address is too long" : commonMessages.invalidInput;
  reply.status(status).send(failure(request, message, kindByStatus[status] ?? "InvalidInput"));
}

/**
 * Unknown paths: a browser navigating to a storefront route gets index.html (the client router
 * takes it from there); everything else, and every /api path, gets the JSON 404.
 */
export function registerNotFound(
  app: FastifyInstance,
  options: {
    isStorefrontNavigation: ((request: FastifyRequest) => boolean) | undefined;
    /** Answers a browser's navigation to a path the storefront lacks (404 with the app's not-found view). */
    storefrontNotFound?: ((request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) | undefined;
  },
): void {
  app.setNotFoundHandler((request, reply) => {
    if (options.isStorefrontNavigation?.(request)) {
      if (options.storefrontNotFound) return options.storefrontNotFound(request, reply);
      return reply.header("cache-control", "no-cache").type("text/html").sendFile("index.html");
    }
    return reply.status(404).send(failure(request, commonMessages.routeNotFound, "NotFound"));
  });
}
