import type { FastifyInstance } from "fastify";
import type { CatalogService } from "./service.js";

/**
 * Every process polls the catalogue version stored in the database, so a change made by any
 * process (or by `npm run seed`) reaches all of them within one interval; so do stock moves, for
 * the lists' in-stock filter.
 */
export function watchCatalogueVersion(app: FastifyInstance, catalog: CatalogService, intervalMs: number): void {
  let timer: NodeJS.Timeout | undefined;
  const check = () =>
    catalog
      .checkForChanges()
      .then(() => catalog.followStockMoves())
      .catch((error: unknown) => app.log.warn({ err: error }, "catalogue version check failed"));

  app.addHook("onReady", async () => {
    await check();
    timer = setInterval(check, intervalMs);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
  });
}
