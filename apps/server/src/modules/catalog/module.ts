import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import type { ShopModule } from "../shop-module.js";
import { CatalogRepo } from "./repo.js";
import { catalogRoutes } from "./routes.js";
import { CatalogService } from "./service.js";
import { watchCatalogueVersion } from "./version-watcher.js";

export interface CatalogModule extends ShopModule {
  catalog: CatalogService;
}

/** The catalogue's reads, cached per catalogue version; the version is polled while the app is up (decision 0002). */
export function createCatalogModule(deps: { db: Db; clock: Clock; cataloguePollMs: number }): CatalogModule {
  const catalog = new CatalogService(new CatalogRepo(deps.db), deps.clock);
  return {
    catalog,
    async register(app) {
      await app.register(catalogRoutes, { catalog });
      watchCatalogueVersion(app, catalog, deps.cataloguePollMs);
    },
  };
}
