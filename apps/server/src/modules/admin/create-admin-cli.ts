import { loadConfig } from "../../config.js";
import { openDatabase } from "../../db/connection.js";
import { migrateToLatest } from "../../db/migrate.js";
import { systemClock } from "../../lib/clock.js";
import { runCreateAdmin } from "./create-admin.js";

/** `npm run create-admin -- --email ... --name ... [--role ...]` on the configured database: prints an invitation link. */
async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db, database.dialect);
    const { code, output } = await runCreateAdmin(process.argv.slice(2), {
      db: database.db,
      dialect: database.dialect,
      clock: systemClock,
      config,
    });
    (code === 0 ? console.log : console.error)(output);
    return code;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
