import { mkdirSync } from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";

export interface BackupResult {
  file: string;
  pages: number;
  bytes: number;
}

/** backups/shop-20261122-101500.db: sortable, one per second at most. */
export function backupFileName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `shop-${stamp}.db`;
}

/**
 * A consistent copy of a live SQLite database with SQLite's online backup API: it copies page
 * by page and restarts on its own if another connection writes meanwhile, so the shop keeps
 * serving (and writing) while the backup runs. The copy is checked with integrity_check.
 */
export async function backupSqlite(sourceFile: string, destinationFile: string): Promise<BackupResult> {
  mkdirSync(path.dirname(destinationFile), { recursive: true });
  const source = new SqliteDatabase(sourceFile, { readonly: true, fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    const { totalPages } = await source.backup(destinationFile);
    const copy = new SqliteDatabase(destinationFile, { readonly: true });
    try {
      const verdict = copy.pragma("integrity_check", { simple: true });
      if (verdict !== "ok") throw new Error(`backup failed its integrity check: ${String(verdict)}`);
      const pageSize = Number(copy.pragma("page_size", { simple: true }));
      return { file: destinationFile, pages: totalPages, bytes: totalPages * pageSize };
    } finally {
      copy.close();
    }
  } finally {
    source.close();
  }
}
