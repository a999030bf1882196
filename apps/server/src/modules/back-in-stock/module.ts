import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { schedulePeriodic } from "../../lib/periodic.js";
import type { Mailer } from "../../providers/mail/mailer.js";
import type { Outbox } from "../outbox/service.js";
import { runWhileUp, type ShopLinks, type ShopModule } from "../shop-module.js";
import { BackInStockRepo } from "./repo.js";
import { backInStockRoutes } from "./routes.js";
import { BackInStockService, backInStockMailKind } from "./service.js";

export interface BackInStockModule extends ShopModule {
  backInStock: BackInStockService;
}

/** "Notify me when it is back": requests, the sweep that answers them, the e-mail's outbox handler. */
export function createBackInStockModule(deps: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  mailer: Mailer;
  shop: ShopLinks;
  sweepIntervalMs: number;
}): BackInStockModule {
  const backInStock = new BackInStockService(
    new BackInStockRepo(deps.db),
    deps.outbox,
    deps.mailer,
    deps.clock,
    deps.shop,
  );
  deps.outbox.register(backInStockMailKind, (payload) =>
    backInStock.deliverMail(Number((payload as { requestId: number }).requestId)),
  );
  return {
    backInStock,
    async register(app, { auth }) {
      await app.register(backInStockRoutes, { backInStock, auth });
      runWhileUp(
        app,
        schedulePeriodic({
          name: "back-in-stock sweep",
          intervalMs: deps.sweepIntervalMs,
          log: app.log,
          run: async () => {
            await backInStock.sweep();
          },
        }),
      );
    },
  };
}
