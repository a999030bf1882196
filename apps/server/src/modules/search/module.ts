import type { CatalogService } from "../catalog/service.js";
import type { ShopModule } from "../shop-module.js";
import { searchRoutes } from "./routes.js";
import { SearchService } from "./service.js";

/**
 * `/api/products/search`: an index over the catalogue's answers. With `warmUp` the index is built
 * as the server starts (in the background: a 100,000-product catalogue takes seconds), not by the
 * first shopper's search.
 */
export function createSearchModule(deps: { catalog: CatalogService; warmUp: boolean }): ShopModule {
  const search = new SearchService(deps.catalog);
  return {
    async register(app) {
      await app.register(searchRoutes, { search });
      if (deps.warmUp) {
        // Once listening: the health check answers while the index is built.
        app.addHook("onListen", async () => {
          search.warmUp().catch((error: unknown) => app.log.warn({ err: error }, "search index warm-up failed"));
        });
      }
    },
  };
}
