import { adminMessages } from "@vaki/contract/admin/schemas";
import { type ExpressionBuilder, sql } from "kysely";
import type { Database } from "../db/schema.js";
import { InvalidInput } from "./errors.js";

/** The sort key and id of the last row of a page: the next page starts after it. */
export type CursorKey = [string | number, string | number];

/** An opaque keyset cursor: base64url of the JSON [sortValue, id]. */
export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/** Reads a cursor back; a cursor that was not made by encodeCursor (or of another sort) is a 400. */
export function decodeCursor(cursor: string, kinds: ["string" | "number", "string" | "number"]): CursorKey {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === kinds[0] &&
      typeof value[1] === kinds[1] &&
      value.every((part) => typeof part !== "number" || Number.isSafeInteger(part))
    ) {
      return value as CursorKey;
    }
  } catch {
    // Falls through to the same answer as a well-formed cursor of the wrong shape.
  }
  throw new InvalidInput(adminMessages.cursorInvalid, { fieldErrors: { cursor: [adminMessages.cursorInvalid] } });
}

/** Rows after the cursor's (sort value, id) in the list's direction. */
export function afterKey(
  // biome-ignore lint/suspicious/noExplicitAny: any table's expression builder (columns are passed as refs).
  eb: ExpressionBuilder<Database, any>,
  sortColumn: string,
  idColumn: string,
  cursor: CursorKey,
  dir: "asc" | "desc",
) {
  const [value, id] = cursor;
  const op = dir === "asc" ? ">" : "<";
  // The leading bound alone is what an index range can start from (an OR is not, on SQLite).
  return eb.and([
    eb(sql.ref(sortColumn), dir === "asc" ? ">=" : "<=", value),
    eb.or([
      eb(sql.ref(sortColumn), op, value),
      eb.and([eb(sql.ref(sortColumn), "=", value), eb(sql.ref(idColumn), op, id)]),
    ]),
  ]);
}
