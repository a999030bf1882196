import type { CatalogService } from "../catalog/service.js";
import type { ShopModule } from "../shop-module.js";
import { searchRoutes } from "./routes.js";
import { SearchService } from "./service.js";

/**
 * `/api/products/search`: an index over the catalogue's answers. With `warmUp` the index is built
 * as the server starts (in the background: a 100,000-product catalogue takes seconds), not by the
 * first shopper's search; then `warmUp.after` runs (the catalogue's list index).
 */
export function createSearchModule(deps: {
  catalog: CatalogService;
  warmUp: false | { after: () => Promise<void> };
}): ShopModule {
  const search = new SearchService(deps.catalog);
  return {
    async register(app) {
      await app.register(searchRoutes, { search });
      const { warmUp } = deps;
      if (warmUp) {
        // Once listening: the health check answers while the indexes are built, one after the
        // other: side by side, each took as long as both (decision 0024, "Afterwards, 6").
        app.addHook("onListen", async () => {
          const failed = (what: string) => (error: unknown) => app.log.warn({ err: error }, `${what} warm-up failed`);
          void search
            .warmUp()
            .catch(failed("search index"))
            .then(() => warmUp.after().catch(failed("list index")));
        });
      }
    },
  };
}
