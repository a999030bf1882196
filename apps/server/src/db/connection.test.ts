import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./connection.js";

describe("the SQLite database file", () => {
  it("is created readable and writable by the shop's user alone (0600), with its WAL files", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "vaki-db-"));
    const previous = process.umask(0o022);
    try {
      const file = path.join(dir, "nested", "shop.db");
      const database = openDatabase({ kind: "sqlite", file });
      await sql`create table t (x integer)`.execute(database.db);
      await sql`insert into t values (1)`.execute(database.db);
      for (const name of ["shop.db", "shop.db-wal", "shop.db-shm"]) {
        expect(statSync(path.join(dir, "nested", name)).mode & 0o777, name).toBe(0o600);
      }
      await database.close();
    } finally {
      process.umask(previous);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
