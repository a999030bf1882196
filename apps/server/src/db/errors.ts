/**
 * Whether a database error is a UNIQUE violation, on either engine, and on which columns
 * (best effort: PostgreSQL names the constraint, SQLite names "table.column" in its message).
 */
export function uniqueViolation(error: unknown): { columns: string } | null {
  if (typeof error !== "object" || error === null) return null;
  const { code, constraint, detail, message } = error as Record<string, unknown>;
  if (code === "23505") return { columns: `${String(constraint ?? "")} ${String(detail ?? "")}` };
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    return { columns: String(message ?? "") };
  }
  return null;
}
