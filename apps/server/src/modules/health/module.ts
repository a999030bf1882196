import { type DatabaseHandle, pingDatabase } from "../../db/connection.js";
import type { ShopModule } from "../shop-module.js";
import { healthRoutes } from "./routes.js";

/** `/api/health`: the database's ping, version and shop name. */
export function createHealthModule(deps: { database: DatabaseHandle; version: string; shopName: string }): ShopModule {
  return {
    async register(app) {
      await app.register(healthRoutes, {
        dialect: deps.database.dialect,
        version: deps.version,
        shopName: deps.shopName,
        isDatabaseUp: () => pingDatabase(deps.database.db),
      });
    },
  };
}
