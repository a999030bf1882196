import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import type { Logger } from "../../lib/logger.js";
import type { ShopModule } from "../shop-module.js";
import { OutboxRepo } from "./repo.js";
import { Outbox } from "./service.js";

export interface OutboxModule extends ShopModule {
  outbox: Outbox;
}

/** Side effects of committed changes; the worker runs while the app is up (decision 0005). */
export function createOutboxModule(deps: { db: Db; clock: Clock; log: Logger; intervalMs: number }): OutboxModule {
  const outbox = new Outbox(new OutboxRepo(deps.db), deps.clock, deps.log);
  return {
    outbox,
    async register(app) {
      app.decorate("outbox", outbox);
      app.addHook("onReady", async () => outbox.start(deps.intervalMs));
      app.addHook("onClose", () => outbox.stop());
    },
  };
}
