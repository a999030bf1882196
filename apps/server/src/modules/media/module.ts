import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { CatalogCategoryWrites } from "../catalog/admin-categories.js";
import type { CatalogService } from "../catalog/service.js";
import type { ShopModule } from "../shop-module.js";
import { CategoryPicturesService } from "./category-pictures.js";
import { PhotoRenditions } from "./renditions.js";
import { MediaRepo } from "./repo.js";
import { photoRenditionRoutes } from "./routes.js";
import { PhotosService } from "./service.js";

export interface MediaModule extends ShopModule {
  /** The owner's photo writes; the admin API mounts their routes (`media/admin-routes.ts`). */
  photos: PhotosService;
  /** Categories' and characters' pictures, on the same originals and renditions. */
  categoryPictures: CategoryPicturesService;
  renditions: PhotoRenditions;
}

/**
 * Product photos (decision in DESIGN "The owner's side"): originals in the database, so N
 * processes share nothing but it; each process renders sizes on demand into its media folder.
 * An object-storage adapter could later stand behind the same `PhotoRenditions`.
 */
export function createMediaModule(deps: {
  db: Db;
  postgres: boolean;
  clock: Clock;
  mediaDir: string;
  catalog: CatalogService;
}): MediaModule {
  const repo = new MediaRepo(deps.db);
  const renditions = new PhotoRenditions(deps.mediaDir, (sha256) => repo.originalByHash(sha256));
  const photos = new PhotosService({
    db: deps.db,
    postgres: deps.postgres,
    clock: deps.clock,
    repo,
    catalogueChanged: (productIds) => deps.catalog.catalogueChanged(productIds),
  });
  const categoryPictures = new CategoryPicturesService({
    db: deps.db,
    postgres: deps.postgres,
    clock: deps.clock,
    repo,
    categories: new CatalogCategoryWrites(),
    catalogueChanged: () => deps.catalog.catalogueChanged(),
  });
  return {
    photos,
    categoryPictures,
    renditions,
    async register(app) {
      await app.register(photoRenditionRoutes, { renditions });
    },
  };
}
