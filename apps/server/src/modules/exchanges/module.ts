import { z } from "zod";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import type { Logger } from "../../lib/logger.js";
import { schedulePeriodic } from "../../lib/periodic.js";
import type { Mailer } from "../../providers/mail/mailer.js";
import type { ShippingProvider } from "../../providers/shipping/shipping-provider.js";
import { adminRouteHook } from "../admin/api.js";
import type { StaffModule } from "../admin/staff-module.js";
import type { CheckoutService } from "../checkout/service.js";
import type { CommerceModules } from "../commerce.js";
import type { Outbox } from "../outbox/service.js";
import { runWhileUp, type ShopModule } from "../shop-module.js";
import { exchangeAdminRoutes } from "./admin-routes.js";
import { afterSalesMailSteps } from "./mail-templates.js";
import { ExchangesRepo } from "./repo.js";
import { exchangeRoutes } from "./routes.js";
import { afterSalesMailKind, ExchangesService } from "./service.js";

export interface ExchangesModule extends ShopModule {
  exchanges: ExchangesService;
}

const mailPayloadSchema = z.object({ requestId: z.number().int(), step: z.enum(afterSalesMailSteps) });

/**
 * Size exchanges and defect reports (issue 29): the customer's routes under /api/orders/:id, the
 * staff's under /api/admin (through the admin's route hook: permission, CSRF, route table), the
 * e-mails' outbox handler, and the courier sync of reverse pickups and replacements, run on the
 * courier sync's interval (COURIER_SYNC_INTERVAL_MS).
 */
export function createExchangesModule(deps: {
  db: Db;
  clock: Clock;
  log: Logger;
  config: Pick<Config, "shopName" | "publicUrl" | "courierSyncIntervalMs" | "exchangeShipMode">;
  commerce: Pick<CommerceModules, "orders" | "inventory">;
  shipping: ShippingProvider;
  outbox: Outbox;
  mailer: Mailer;
  checkout: Pick<CheckoutService, "staffRefunds">;
  staffModule: Pick<StaffModule, "audit" | "apiDeps">;
}): ExchangesModule {
  const exchanges = new ExchangesService({
    repo: new ExchangesRepo(deps.db),
    clock: deps.clock,
    log: deps.log,
    orders: deps.commerce.orders,
    inventory: deps.commerce.inventory,
    shipping: deps.shipping,
    outbox: deps.outbox,
    mailer: deps.mailer,
    audit: deps.staffModule.audit,
    refunds: deps.checkout.staffRefunds,
    shipMode: deps.config.exchangeShipMode,
    shop: { name: deps.config.shopName, publicUrl: deps.config.publicUrl },
  });
  deps.outbox.register(afterSalesMailKind, (payload) => {
    const { requestId, step } = mailPayloadSchema.parse(payload);
    return exchanges.deliverMail(requestId, step);
  });
  return {
    exchanges,
    async register(app, { auth }) {
      await app.register(exchangeRoutes, { exchanges, auth });
      const { staff, routeTable } = deps.staffModule.apiDeps;
      await app.register(
        async (admin) => {
          admin.addHook("onRoute", adminRouteHook(staff, routeTable));
          await admin.register(exchangeAdminRoutes, { exchanges, staff });
        },
        { prefix: "/api/admin" },
      );
      // Reverse pickups and replacements move on without anyone looking (the new size ships on pickup).
      runWhileUp(
        app,
        schedulePeriodic({
          name: "exchange courier sync",
          intervalMs: deps.config.courierSyncIntervalMs,
          log: app.log,
          run: async () => {
            await exchanges.syncCourierProgress();
          },
        }),
      );
    },
  };
}
