import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import type { PromotionsService } from "../promotions/service.js";
import type { ShopModule } from "../shop-module.js";
import { promotionRoutes } from "./promo-routes.js";
import { CartRepo } from "./repo.js";
import { cartRoutes } from "./routes.js";
import { CartService } from "./service.js";

export interface CartModule extends ShopModule {
  cart: CartService;
}

/** Carts of users and guest sessions, and the cart's promo code. */
export function createCartModule(deps: { db: Db; clock: Clock; promotions: PromotionsService }): CartModule {
  const cart = new CartService(new CartRepo(deps.db), deps.clock, deps.promotions);
  return {
    cart,
    async register(app, { auth }) {
      await app.register(cartRoutes, { cart, auth });
      await app.register(promotionRoutes, { cart, auth });
    },
  };
}
