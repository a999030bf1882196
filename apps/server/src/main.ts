import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/connection.js";
import { migrateToLatest } from "./db/migrate.js";
import { announceFirstOwnerSetup } from "./modules/staff/first-owner.js";
import { seedIfEmpty } from "./seed/seed.js";

/** Start-up: config → database → migrations → demo catalogue on first start → listen. */
async function main(): Promise<void> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const config = loadConfig({
    // The built storefront sits beside the server in the repository: apps/web/dist.
    WEB_DIST_DIR: path.resolve(here, "../../web/dist"),
    // And the admin app beside it: apps/admin/dist.
    ADMIN_DIST_DIR: path.resolve(here, "../../admin/dist"),
    ...process.env,
  });
  const database = openDatabase(config.database);
  const applied = await migrateToLatest(database.db, database.dialect);

  // Under a database lock: processes started together on an empty database seed it once.
  const seeded = config.seedOnStart
    ? await seedIfEmpty(database.db, database.dialect, {
        mediaDir: config.mediaDir,
        shopName: config.shopName,
        ...(config.seedScale ? { scale: config.seedScale } : {}),
      })
    : undefined;

  const app = await buildApp({ config, database });
  if (applied.length > 0) app.log.info({ migrations: applied }, "database migrated");
  if (seeded) app.log.info(seeded, "demo catalogue loaded");

  // Graceful shutdown: stop accepting, let requests in flight finish (bounded), stop the
  // background work (onClose hooks), then close the database.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, "shutdown timed out; exiting");
      // Close the database even so (a clean SQLite checkpoint), but never wait long for it.
      setTimeout(() => process.exit(1), 1_000).unref();
      void database.close().finally(() => process.exit(1));
    }, config.shutdownTimeoutMs);
    timer.unref();
    // Connections that turn idle during the drain (keep-alive, answered with Connection: close
    // when they are not) are closed as they go, so the process does not wait out its timer.
    const sweeper = setInterval(() => app.server.closeIdleConnections?.(), 250);
    sweeper.unref();
    await app.close();
    clearInterval(sweeper);
    await database.close();
    app.log.info("closed cleanly");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { database: database.dialect, dataDir: config.dataDir, storefront: config.webDistDir, admin: config.adminDistDir },
    `${config.shopName} is open at ${config.publicUrl}`,
  );
  await announceFirstOwnerSetup(app.staffModule.staff, app.log);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
