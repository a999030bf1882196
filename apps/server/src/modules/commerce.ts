import type { Db, Dialect } from "../db/connection.js";
import type { Clock } from "../lib/clock.js";
import { type CartModule, createCartModule } from "./cart/module.js";
import type { CartService } from "./cart/service.js";
import { createInventoryModule } from "./inventory/module.js";
import type { InventoryService } from "./inventory/service.js";
import type { OrderLifecycleService } from "./orders/lifecycle.js";
import { createOrdersModule, createPaidOrderLookup, type OrdersConfig, type OrdersModule } from "./orders/module.js";
import type { OrdersService } from "./orders/service.js";
import type { CouponsService } from "./promotions/coupons.js";
import { createPromotionsModule } from "./promotions/module.js";
import type { PromotionsService } from "./promotions/service.js";
import type { ShopModule } from "./shop-module.js";

export interface CommerceModules extends ShopModule {
  inventory: InventoryService;
  promotions: PromotionsService;
  /** The owner's side of promo codes (the admin's coupons). */
  coupons: CouponsService;
  cart: CartService;
  orders: OrdersService;
  /** Status changes after creation: payment, shipment, courier progress, cancelling. */
  orderLifecycle: OrderLifecycleService;
}

/**
 * The purchase path's modules, each from its own `module.ts`, built in the one order their
 * services need each other: inventory ← promotions ← cart ← orders. Tests build a second set on
 * the same database to play a second server process.
 */
export function createCommerceModules(deps: {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  config: OrdersConfig;
}): CommerceModules {
  const { db, clock } = deps;
  const { inventory } = createInventoryModule(deps);
  const { promotions, coupons } = createPromotionsModule({ db, clock, paidOrders: createPaidOrderLookup(db) });
  const cartModule: CartModule = createCartModule({ db, clock, promotions });
  const ordersModule: OrdersModule = createOrdersModule({ ...deps, cart: cartModule.cart, promotions, inventory });
  return {
    inventory,
    promotions,
    coupons,
    cart: cartModule.cart,
    orders: ordersModule.orders,
    orderLifecycle: ordersModule.orderLifecycle,
    async register(app, context) {
      await cartModule.register(app, context);
      await ordersModule.register(app, context);
    },
  };
}
