import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import type { Logger } from "../../lib/logger.js";
import { schedulePeriodic } from "../../lib/periodic.js";
import type { Mailer } from "../../providers/mail/mailer.js";
import type { Outbox } from "../outbox/service.js";
import { runWhileUp, type ShopLinks, type ShopModule } from "../shop-module.js";
import { StockDigestRepo } from "./repo.js";
import { StockDigestService, stockDigestMailKind } from "./service.js";

export interface StockDigestModule extends ShopModule {
  stockDigest: StockDigestService;
}

/** The owner's daily low-stock e-mail (no routes): a timer that queues it, the outbox handler that sends it. */
export function createStockDigestModule(deps: {
  db: Db;
  clock: Clock;
  log: Logger;
  outbox: Outbox;
  mailer: Mailer;
  shop: ShopLinks;
  ownerEmail: string | undefined;
  hour: number;
  checkIntervalMs: number;
}): StockDigestModule {
  const stockDigest = new StockDigestService({ ...deps, repo: new StockDigestRepo(deps.db) });
  deps.outbox.register(stockDigestMailKind, (payload) => stockDigest.deliver(String((payload as { day: string }).day)));
  return {
    stockDigest,
    async register(app) {
      runWhileUp(
        app,
        schedulePeriodic({
          name: "low-stock digest",
          intervalMs: deps.checkIntervalMs,
          log: app.log,
          run: async () => {
            await stockDigest.queueDue();
          },
        }),
      );
    },
  };
}
