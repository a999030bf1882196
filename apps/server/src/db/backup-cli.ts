/**
 * npm run backup [-- --to path/to/copy.db]
 * Copies the shop's SQLite database while the shop runs (DATA_DIR/backups/shop-<time>.db by
 * default). For PostgreSQL it explains the pg_dump route instead.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.js";
import { backupFileName, backupSqlite } from "./backup.js";

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { to: { type: "string" } } });
  const config = loadConfig();
  if (config.database.kind === "postgres") {
    console.log(
      "The shop runs on PostgreSQL: back it up with pg_dump, for example\n" +
        '  pg_dump --format=custom --file=shop.dump "$DATABASE_URL"\n' +
        "and restore with pg_restore --clean --dbname=... shop.dump",
    );
    return;
  }
  const destination = values.to
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.to)
    : path.join(config.dataDir, "backups", backupFileName(new Date()));
  const started = Date.now();
  const result = await backupSqlite(config.database.file, destination);
  const megabytes = (result.bytes / 1_048_576).toFixed(1);
  console.log(`Backed up ${config.database.file} to ${result.file} (${megabytes} MB) in ${Date.now() - started} ms`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
