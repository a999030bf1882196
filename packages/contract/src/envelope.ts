import { z } from "./zod.js";

/** Success envelope shared by every API answer: `{ success: true, message, data }`. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}

/** Field errors keyed by field path, each with the messages for that field. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** Failure envelope: `{ success: false, message, error, fieldErrors?, requestId? }`. */
export const failureEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  /** Short machine-readable kind of the failure, e.g. NotFound, InvalidInput, Unauthorised. */
  error: z.string(),
  fieldErrors: fieldErrorsSchema.optional(),
  requestId: z.string().optional(),
});
export type FailureEnvelope = z.infer<typeof failureEnvelopeSchema>;

/** Paging block of every list answer (page.number is 0-based, as the spec's order history reads it). */
export const pageInfoSchema = z.object({
  number: z.number().int().min(0),
  size: z.number().int().min(0),
  totalElements: z.number().int().min(0),
  totalPages: z.number().int().min(0),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** List shape: `{ content, page, hasNext }`. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ content: z.array(item), page: pageInfoSchema, hasNext: z.boolean() });
}

/** A page of a list as `listOf` answers it, for clients that read it without zod. */
export interface ListPage<T> {
  content: T[];
  page: PageInfo;
  hasNext: boolean;
}
