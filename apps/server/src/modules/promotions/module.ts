import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { CouponsService } from "./coupons.js";
import { PromotionsRepo } from "./repo.js";
import { type PaidOrderLookup, PromotionsService } from "./service.js";

/** Promo codes (their shopper routes live with the cart: `/api/cart/promo`; the admin's are `admin-routes.ts`). */
export function createPromotionsModule(deps: { db: Db; clock: Clock; paidOrders: PaidOrderLookup }): {
  promotions: PromotionsService;
  coupons: CouponsService;
} {
  const repo = new PromotionsRepo(deps.db);
  return {
    promotions: new PromotionsService(repo, deps.clock, deps.paidOrders),
    coupons: new CouponsService(repo, deps.clock, deps.paidOrders),
  };
}
