import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { backupFileName, backupSqlite } from "./backup.js";

describe("SQLite backup", () => {
  it("copies a database consistently while another connection keeps writing", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "vaki-backup-"));
    const live = new SqliteDatabase(path.join(dir, "shop.db"));
    live.pragma("journal_mode = WAL");
    live.exec("create table orders (id integer primary key, total integer not null)");
    const insert = live.prepare("insert into orders (total) values (?)");
    live.transaction(() => {
      for (let n = 0; n < 20_000; n++) insert.run(n);
    })();

    // Writes keep landing while the backup runs; the copy must be a consistent snapshot.
    const writer = setInterval(() => insert.run(-1), 1);
    const result = await backupSqlite(path.join(dir, "shop.db"), path.join(dir, "backups", "copy.db"));
    clearInterval(writer);

    const copy = new SqliteDatabase(result.file, { readonly: true });
    const { count } = copy.prepare("select count(*) as count from orders where total >= 0").get() as { count: number };
    expect(count).toBe(20_000);
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(result.bytes).toBeGreaterThan(0);
    copy.close();
    live.close();
  });

  it("names backups by time so they sort", () => {
    expect(backupFileName(new Date("2026-11-22T10:15:00.000Z"))).toBe("shop-20261122-101500.db");
  });
});
