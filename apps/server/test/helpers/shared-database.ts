import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../src/db/connection.js";
import { migrateToLatest } from "../../src/db/migrate.js";

export interface SharedTestDatabase {
  /** Separate connections (pools) to one database, as two server processes would hold. */
  handles: DatabaseHandle[];
  destroy(): Promise<void>;
}

/**
 * One fresh, migrated database opened `count` times: the same SQLite file, or the same new
 * schema in the PostgreSQL database named by TEST_DATABASE_URL.
 */
export async function createSharedTestDatabase(count = 2): Promise<SharedTestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const schema = `test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const handles = Array.from({ length: count }, () => openDatabase({ kind: "postgres", url, schema }));
    await migrateToLatest(handles[0]!.db, "postgres", schema);
    return {
      handles,
      async destroy() {
        await Promise.all(handles.map((h) => h.close()));
        const cleaner = new pg.Client({ connectionString: url });
        await cleaner.connect();
        await cleaner.query(`drop schema if exists ${schema} cascade`);
        await cleaner.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "vaki-shared-"));
  const file = path.join(dir, "shop.db");
  const handles = Array.from({ length: count }, () => openDatabase({ kind: "sqlite", file }));
  await migrateToLatest(handles[0]!.db, "sqlite");
  return {
    handles,
    async destroy() {
      await Promise.all(handles.map((h) => h.close()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
