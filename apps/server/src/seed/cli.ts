/**
 * `npm run seed -w apps/server`: replaces the catalogue with the demo one (or, with SEED_SCALE=N,
 * a generated one of N products), in one transaction. Refuses, before touching anything, on a
 * shop that already has orders. Reads DATA_DIR, DATABASE_URL and SEED_SCALE like the server.
 */
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/connection.js";
import { migrateToLatest } from "../db/migrate.js";
import { replaceCatalogue, SeedRefused } from "./seed.js";

async function main(): Promise<void> {
  const config = loadConfig();
  const { db, dialect, close } = openDatabase(config.database);
  try {
    await migrateToLatest(db, dialect);
    const started = performance.now();
    const result = await replaceCatalogue(db, dialect, {
      mediaDir: config.mediaDir,
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
  if (error instanceof SeedRefused) console.error(`Not seeded: ${error.message}`);
  else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
