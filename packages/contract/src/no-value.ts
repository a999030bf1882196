import { z } from "./zod.js";

/**
 * What a JavaScript client sends for "no value": JSON `null`, or "null" / "undefined" where it
 * built a query string from a missing variable. Read as absent.
 */
export function isNoValue(value: unknown): boolean {
  return value === null || value === "null" || value === "undefined";
}

/** `schema`, with the client's spellings of "no value" read as absent first. */
export function orNoValue<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (isNoValue(value) ? undefined : value), schema);
}
