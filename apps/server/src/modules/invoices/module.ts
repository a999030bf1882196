import { type ShopSettings, shopSettingsSchema } from "@vaki/contract/invoices";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import type { Logger } from "../../lib/logger.js";
import type { OrdersService } from "../orders/service.js";
import type { ShopModule } from "../shop-module.js";
import { InvoicesRepo } from "./repo.js";
import { invoiceRoutes } from "./routes.js";
import { InvoicesService } from "./service.js";

export interface InvoicesModule extends ShopModule {
  invoices: InvoicesService;
}

/** GST invoices and credit notes: fulfilment issues invoices, refunds credit notes; owners download them. */
export function createInvoicesModule(deps: {
  db: Db;
  clock: Clock;
  log: Logger;
  config: Pick<Config, "gst">;
  orders: OrdersService;
}): InvoicesModule {
  const invoices = new InvoicesService({
    repo: new InvoicesRepo(deps.db),
    clock: deps.clock,
    log: deps.log,
    orders: deps.orders,
    defaults: defaultsOf(deps.config.gst),
  });
  return {
    invoices,
    async register(app, { auth }) {
      await app.register(invoiceRoutes, { invoices, auth });
    },
  };
}

/** The environment's settings, checked as the Settings page checks them (a wrong SHOP_STATE stops the start). */
function defaultsOf(gst: Config["gst"]): ShopSettings {
  const parsed = shopSettingsSchema.safeParse(gst);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(
      `Invalid GST settings in the environment (SHOP_LEGAL_NAME, SHOP_STATE, SHOP_GSTIN...): ${problems}`,
    );
  }
  return parsed.data;
}
