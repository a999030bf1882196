/**
 * `npm run seed -w apps/server`: replaces the catalogue with the demo one (or, with SEED_SCALE=N,
 * a generated one of N products). Reads DATA_DIR, DATABASE_URL and SEED_SCALE like the server.
 */
import path from "node:path";
import { sql } from "kysely";
import { loadConfig } from "../config.js";
import { type Db, type Dialect, openDatabase } from "../db/connection.js";
import { migrateToLatest } from "../db/migrate.js";
import { clearCatalogue, isCatalogueEmpty, seedCatalogue } from "./seed.js";

/**
 * PostgreSQL sequences keep counting after a delete; restart them so Clothing, Accessories and
 * Vakiverse get ids 1, 2 and 3 again (SQLite reuses ids of an emptied table by itself).
 */
async function restartIdSequences(db: Db, dialect: Dialect): Promise<void> {
  if (dialect !== "postgres") return;
  for (const table of ["categories", "products", "product_images", "variants"]) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), 1, false)`.execute(db);
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const { db, dialect, close } = openDatabase(config.database);
  try {
    await migrateToLatest(db, dialect);
    if (!(await isCatalogueEmpty(db))) {
      await clearCatalogue(db);
      await restartIdSequences(db, dialect);
    }
    const started = performance.now();
    const result = await seedCatalogue(db, {
      mediaDir: path.join(config.dataDir, "media"),
      ...(config.seedScale !== undefined ? { scale: config.seedScale } : {}),
      shopName: config.shopName,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    console.log(
      `Seeded ${result.categories} categories, ${result.products} products, ${result.variants} variants and ${result.images} images into ${dialect} in ${seconds} s.`,
    );
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
