import path from "node:path";
import type { CatalogService } from "../catalog/service.js";
import type { ShopLinks, ShopModule } from "../shop-module.js";
import { AppRenderer } from "./app-renderer.js";
import { IndexTemplate } from "./index-template.js";
import { StorefrontPages } from "./pages.js";
import { RouteAssets } from "./route-assets.js";
import { storefrontNotFound, storefrontRoutes } from "./routes.js";

export interface StorefrontModule extends ShopModule {
  /** The 404 answer, with the app's not-found view, to a browser's navigation to an unknown path. */
  notFound(shop: ShopLinks): ReturnType<typeof storefrontNotFound>;
}

/** The HTML of storefront pages, built on the web build's index.html and Vite manifest (decisions 0008, 0009). */
export function createStorefrontModule(deps: {
  catalog: CatalogService;
  indexFile: string;
  brand: string;
}): StorefrontModule {
  // The web build's server half sits beside its browser half: apps/web/dist-ssr (decision 0020).
  const renderer = new AppRenderer(path.join(path.dirname(deps.indexFile), "..", "dist-ssr", "entry-server.js"));
  const pages = new StorefrontPages({
    catalog: deps.catalog,
    template: new IndexTemplate(deps.indexFile),
    assets: new RouteAssets(path.join(path.dirname(deps.indexFile), ".vite", "manifest.json")),
    brand: deps.brand,
    renderer,
  });
  return {
    notFound: (shop) => storefrontNotFound({ pages, shop }),
    async register(app, { shop }) {
      renderer.attach(app);
      await app.register(storefrontRoutes, { pages, shop });
    },
  };
}
