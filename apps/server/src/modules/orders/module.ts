import { createHmac } from "node:crypto";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import type { CartService } from "../cart/service.js";
import type { InventoryService } from "../inventory/service.js";
import type { PaidOrderLookup, PromotionsService } from "../promotions/service.js";
import { runWhileUp, type ShopModule } from "../shop-module.js";
import { OrderLifecycleService } from "./lifecycle.js";
import { OrdersRepo } from "./repo.js";
import { orderRoutes } from "./routes.js";
import { OrdersService, PaidOrders, scheduleHoldSweep } from "./service.js";

export type OrdersConfig = Pick<Config, "stockHoldMinutes"> &
  Partial<Pick<Config, "secrets" | "holdLimits" | "holdSweepIntervalMs">>;

export interface OrdersModule extends ShopModule {
  orders: OrdersService;
  /** Status changes after creation: payment, shipment, courier progress, cancelling. */
  orderLifecycle: OrderLifecycleService;
}

/** Orders' answer to promotions ("has this customer a paid order?"), built before promotions exist. */
export function createPaidOrderLookup(db: Db): PaidOrderLookup {
  return new PaidOrders(new OrdersRepo(db));
}

/** Orders: creation with its stock hold, reading, history; the expiry sweep runs while the app is up. */
export function createOrdersModule(deps: {
  db: Db;
  clock: Clock;
  config: OrdersConfig;
  cart: CartService;
  promotions: PromotionsService;
  inventory: InventoryService;
}): OrdersModule {
  const { config, clock } = deps;
  const repo = new OrdersRepo(deps.db);
  const jwtSecret = config.secrets?.jwt;
  const orders = new OrdersService(repo, clock, deps.cart, deps.promotions, deps.inventory, {
    stockHoldMinutes: config.stockHoldMinutes,
    ...(config.holdLimits
      ? { maxHeldUnitsPerGuest: config.holdLimits.perGuest, maxHeldUnitsPerAddress: config.holdLimits.perAddress }
      : {}),
    // Its own label: the order-secret key is never the token-signing key itself.
    ...(jwtSecret ? { orderSecretKey: createHmac("sha256", jwtSecret).update("vaki:order-secret").digest("hex") } : {}),
  });
  return {
    orders,
    orderLifecycle: new OrderLifecycleService(repo, clock),
    async register(app, { auth }) {
      await app.register(orderRoutes, { orders, auth });
      runWhileUp(app, scheduleHoldSweep(orders, config.holdSweepIntervalMs ?? 0, app.log));
    },
  };
}
