import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import type { ShopModule } from "../shop-module.js";
import { WishlistRepo } from "./repo.js";
import { wishlistRoutes } from "./routes.js";
import { WishlistService } from "./service.js";

export interface WishlistModule extends ShopModule {
  wishlist: WishlistService;
}

/** The signed-in shopper's wishlist (a guest's lives in the browser until login merges it). */
export function createWishlistModule(deps: { db: Db; clock: Clock }): WishlistModule {
  const wishlist = new WishlistService(new WishlistRepo(deps.db), deps.clock);
  return {
    wishlist,
    async register(app, { auth }) {
      await app.register(wishlistRoutes, { wishlist, auth });
    },
  };
}
