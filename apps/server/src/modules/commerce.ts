import { createHmac } from "node:crypto";
import type { Config } from "../config.js";
import type { Db, Dialect } from "../db/connection.js";
import type { Clock } from "../lib/clock.js";
import { CartRepo } from "./cart/repo.js";
import { CartService } from "./cart/service.js";
import { InventoryRepo } from "./inventory/repo.js";
import { InventoryService } from "./inventory/service.js";
import { OrderLifecycleService } from "./orders/lifecycle.js";
import { OrdersRepo } from "./orders/repo.js";
import { OrdersService, PaidOrders } from "./orders/service.js";
import { PromotionsRepo } from "./promotions/repo.js";
import { PromotionsService } from "./promotions/service.js";

export interface CommerceModules {
  inventory: InventoryService;
  promotions: PromotionsService;
  cart: CartService;
  orders: OrdersService;
  /** Status changes after creation: payment, shipment, courier progress, cancelling (issue 6). */
  orderLifecycle: OrderLifecycleService;
}

/**
 * Builds the services of the purchase path once, each given the others' services (never their
 * repositories): inventory ← promotions ← cart ← orders. Tests build a second set on the same
 * database to play a second server process.
 */
export function createCommerceModules(deps: {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  config: Pick<Config, "stockHoldMinutes"> & Partial<Pick<Config, "secrets" | "holdLimits">>;
}): CommerceModules {
  const { db, dialect, clock } = deps;
  const ordersRepo = new OrdersRepo(db);
  const inventory = new InventoryService(new InventoryRepo(db, dialect), clock);
  const promotions = new PromotionsService(new PromotionsRepo(db), clock, new PaidOrders(ordersRepo));
  const cart = new CartService(new CartRepo(db), clock, promotions);
  const jwtSecret = deps.config.secrets?.jwt;
  const orders = new OrdersService(ordersRepo, clock, cart, promotions, inventory, {
    stockHoldMinutes: deps.config.stockHoldMinutes,
    ...(deps.config.holdLimits
      ? {
          maxHeldUnitsPerGuest: deps.config.holdLimits.perGuest,
          maxHeldUnitsPerAddress: deps.config.holdLimits.perAddress,
        }
      : {}),
    // Its own label: the order-secret key is never the token-signing key itself.
    ...(jwtSecret ? { orderSecretKey: createHmac("sha256", jwtSecret).update("vaki:order-secret").digest("hex") } : {}),
  });
  return { inventory, promotions, cart, orders, orderLifecycle: new OrderLifecycleService(ordersRepo, clock) };
}
