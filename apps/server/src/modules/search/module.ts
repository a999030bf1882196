import type { CatalogService } from "../catalog/service.js";
import type { ShopModule } from "../shop-module.js";
import { searchRoutes } from "./routes.js";
import { SearchService } from "./service.js";

/** `/api/products/search`: an index over the catalogue's answers. */
export function createSearchModule(deps: { catalog: CatalogService }): ShopModule {
  const search = new SearchService(deps.catalog);
  return {
    async register(app) {
      await app.register(searchRoutes, { search });
    },
  };
}
