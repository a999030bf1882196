import { type RawBuilder, sql } from "kysely";
import type { Dialect } from "../connection.js";

/** An auto-numbered integer key: SQLite's rowid alias, PostgreSQL's serial. */
export function idColumn(dialect: Dialect): "integer" | "serial" {
  return dialect === "postgres" ? "serial" : "integer";
}

/** CHECK expression keeping a column at zero or above (money, stock). */
export function nonNegative(column: string): RawBuilder<unknown> {
  return sql`${sql.ref(column)} >= 0`;
}

/** CHECK expression keeping a text column to a fixed list of values (statuses, kinds). */
export function oneOf(column: string, values: readonly string[]): RawBuilder<unknown> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}
