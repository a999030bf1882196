import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type App, buildApp } from "../../src/app.js";
import { type Config, loadConfig } from "../../src/config.js";
import type { Clock } from "../../src/lib/clock.js";
import { createTestDatabase, type TestDatabase } from "./database.js";

export interface TestShop {
  app: App;
  config: Config;
  database: TestDatabase;
  close(): Promise<void>;
}

/** A whole shop on its own fresh database and data folder, for app.inject tests. */
export async function createTestShop(
  env: Record<string, string> = {},
  options: { clock?: Clock; logStream?: { write(line: string): void } } = {},
): Promise<TestShop> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vaki-data-"));
  // app.inject's requests come from 127.0.0.1: exempt from per-address limits unless a test names other addresses.
  const given = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    NODE_ENV: "test",
    RATE_LIMIT_EXEMPT_ADDRESSES: "127.0.0.1",
    // Tests write orders directly and count at once; the reuse is tested on its own.
    INBOX_COUNTS_TTL_MS: "0",
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp(
    { config: given, database, ...(options.clock ? { clock: options.clock } : {}) },
    options.logStream ? { logStream: options.logStream } : {},
  );
  await app.ready();
  return {
    app,
    config: app.shopConfig,
    database,
    async close() {
      await app.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
