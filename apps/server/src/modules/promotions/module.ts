import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { PromotionsRepo } from "./repo.js";
import { type PaidOrderLookup, PromotionsService } from "./service.js";

/** Promo codes (their routes live with the cart: `/api/cart/promo`). */
export function createPromotionsModule(deps: { db: Db; clock: Clock; paidOrders: PaidOrderLookup }): {
  promotions: PromotionsService;
} {
  return { promotions: new PromotionsService(new PromotionsRepo(deps.db), deps.clock, deps.paidOrders) };
}
