import { apiGet } from "../../lib/api-client";

/** `data` of `GET /api/health`. */
export interface Health {
  status: string;
  database: "up" | "down";
  dialect: string;
  version: string;
  shopName: string;
}

export function fetchHealth(signal?: AbortSignal): Promise<Health> {
  return apiGet<Health>("/health", signal ? { signal } : {});
}

const ENGINE_NAMES: Record<string, string> = {
  sqlite: "SQLite",
  postgres: "PostgreSQL",
  postgresql: "PostgreSQL",
  pg: "PostgreSQL",
  mysql: "MySQL",
};

/** "sqlite" → "SQLite"; unknown dialects are shown as sent. */
export function databaseEngineName(dialect: string): string {
  return ENGINE_NAMES[dialect.toLowerCase()] ?? dialect;
}
