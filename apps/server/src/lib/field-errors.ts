import type { FieldErrors } from "@vaki/contract/envelope";

/**
 * Groups validation messages by field, each message once per field, in the order first seen.
 * Field names come from the request ("toString", "__proto__"), so they are gathered in a Map and
 * never looked up on a plain object, whose prototype would answer for them (a 500 the API fuzz
 * test found: a JSON body with a "toString" key).
 */
export function groupFieldErrors(entries: Iterable<readonly [field: string, message: string]>): FieldErrors {
  const byField = new Map<string, Set<string>>();
  for (const [field, message] of entries) {
    const messages = byField.get(field);
    if (messages) messages.add(message);
    else byField.set(field, new Set([message]));
  }
  return Object.fromEntries([...byField].map(([field, messages]) => [field, [...messages]]));
}
