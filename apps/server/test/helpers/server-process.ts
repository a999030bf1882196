import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../src/db/connection.js";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The real server (src/main.ts under tsx) as a child process with the given settings. */
export function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: { ...process.env, HOST: "127.0.0.1", WEB_DIST_DIR: "", RATE_LIMIT_EXEMPT_ADDRESSES: "127.0.0.1,::1", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

export async function waitForHealth(base: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("server did not start");
}

export const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

export interface ProcessDatabase {
  /** DATA_DIR, and DATABASE_URL on PostgreSQL, for the server process. */
  env: Record<string, string>;
  dataDir: string;
  /** A connection of the test's own to the same database, to look at what the server wrote. */
  open(): DatabaseHandle;
  drop(): Promise<void>;
}

/**
 * A database for a server process of its own: a SQLite file in a temporary data folder, or a
 * throwaway PostgreSQL database on the server named by TEST_DATABASE_URL.
 */
export async function databaseForProcess(): Promise<ProcessDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vaki-process-"));
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    return {
      env: { DATA_DIR: dataDir },
      dataDir,
      open: () => openDatabase({ kind: "sqlite", file: path.join(dataDir, "shop.db") }),
      drop: async () => {},
    };
  }
  const name = `vaki_process_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl.toString() },
    dataDir,
    open: () => openDatabase({ kind: "postgres", url: databaseUrl.toString() }),
    drop: async () => {
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}
