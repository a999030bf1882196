import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../src/db/connection.js";
import { migrateToLatest } from "../../src/db/migrate.js";

export interface TestDatabase extends DatabaseHandle {
  /** SQL statements run since the last reset (for statement budgets). */
  statements: string[];
  /** Closes the connection and removes what the test created (the temporary file or schema). */
  destroy(): Promise<void>;
}

/** The engine under test: PostgreSQL when TEST_DATABASE_URL is set, else SQLite. */
export const testEngine = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";

/**
 * A fresh, migrated database of its own: a temporary SQLite file, or a new schema in the
 * PostgreSQL database named by TEST_DATABASE_URL (dropped again by destroy()).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  const statements: string[] = [];
  const onQuery = (statement: string) => statements.push(statement);
  if (url) {
    const schema = `test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const handle = openDatabase({ kind: "postgres", url, schema }, { onQuery });
    await migrateToLatest(handle.db, handle.dialect, schema);
    return {
      ...handle,
      statements,
      async destroy() {
        await handle.close();
        const cleaner = new pg.Client({ connectionString: url });
        await cleaner.connect();
        await cleaner.query(`drop schema if exists ${schema} cascade`);
        await cleaner.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "vaki-test-"));
  const handle = openDatabase({ kind: "sqlite", file: path.join(dir, "shop.db") }, { onQuery });
  await migrateToLatest(handle.db, handle.dialect);
  return {
    ...handle,
    statements,
    async destroy() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
