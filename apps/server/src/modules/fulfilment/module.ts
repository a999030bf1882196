import type { Config } from "../../config.js";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import type { Logger } from "../../lib/logger.js";
import { schedulePeriodic } from "../../lib/periodic.js";
import type { Mailer } from "../../providers/mail/mailer.js";
import type { ShippingProvider } from "../../providers/shipping/shipping-provider.js";
import type { CommerceModules } from "../commerce.js";
import type { InvoicesService } from "../invoices/service.js";
import {
  cancellationPayloadSchema,
  orderPayloadSchema,
  outboxKinds,
  shippingUpdatePayloadSchema,
} from "../outbox/messages.js";
import type { Outbox } from "../outbox/service.js";
import { runWhileUp, type ShopModule } from "../shop-module.js";
import { FailedDeliveries } from "./failed-delivery.js";
import { FulfilmentRepo } from "./repo.js";
import { fulfilmentRoutes } from "./routes.js";
import { FulfilmentService } from "./service.js";

export interface FulfilmentModule extends ShopModule {
  fulfilment: FulfilmentService;
  /** Re-attempt, return to origin and receiving the return (the admin's order actions). */
  failedDeliveries: FailedDeliveries;
}

/**
 * Builds fulfilment and registers its outbox handlers: shipment creation, the courier cancel, the
 * cancellation and shipping e-mails; order history and details ask the courier through it.
 */
export function createFulfilmentModule(deps: {
  db: Db;
  clock: Clock;
  log: Logger;
  config: Pick<Config, "shopName" | "publicUrl" | "courierSyncIntervalMs">;
  commerce: CommerceModules;
  shipping: ShippingProvider;
  outbox: Outbox;
  mailer: Mailer;
  /** GST invoices, issued when the AWB is recorded. */
  invoices?: InvoicesService;
}): FulfilmentModule {
  const { commerce, outbox } = deps;
  const fulfilment = new FulfilmentService({
    repo: new FulfilmentRepo(deps.db),
    clock: deps.clock,
    log: deps.log,
    shipping: deps.shipping,
    orders: commerce.orders,
    lifecycle: commerce.orderLifecycle,
    inventory: commerce.inventory,
    promotions: commerce.promotions,
    outbox,
    mailer: deps.mailer,
    shop: { name: deps.config.shopName, publicUrl: deps.config.publicUrl },
    ...(deps.invoices ? { invoices: deps.invoices } : {}),
  });
  const failedDeliveries = new FailedDeliveries({
    repo: new FulfilmentRepo(deps.db),
    clock: deps.clock,
    log: deps.log,
    shipping: deps.shipping,
    orders: commerce.orders,
    lifecycle: commerce.orderLifecycle,
    inventory: commerce.inventory,
    fulfilment,
  });
  outbox.register(outboxKinds.createShipment, (payload) =>
    fulfilment.createShipmentFor(orderPayloadSchema.parse(payload).orderId),
  );
  outbox.register(outboxKinds.cancelShipment, (payload) =>
    fulfilment.cancelShipment(orderPayloadSchema.parse(payload).orderId),
  );
  outbox.register(outboxKinds.orderCancelledMail, (payload) => {
    const { orderId, reason } = cancellationPayloadSchema.parse(payload);
    return fulfilment.deliverCancellationMail(orderId, reason);
  });
  outbox.register(outboxKinds.shippingUpdateMail, (payload) => {
    const { orderId, stage } = shippingUpdatePayloadSchema.parse(payload);
    return fulfilment.deliverShippingUpdateMail(orderId, stage);
  });
  commerce.orders.askCourierBeforeShowing(async (orderIds) => {
    await fulfilment.syncCourierProgress(orderIds);
  });
  return {
    fulfilment,
    failedDeliveries,
    async register(app, { auth, shop }) {
      await app.register(fulfilmentRoutes, { fulfilment, auth, shop });
      // Parcels on their way: the order moves forward and the shipping e-mails go without anyone looking.
      runWhileUp(
        app,
        schedulePeriodic({
          name: "courier sync",
          intervalMs: deps.config.courierSyncIntervalMs,
          log: app.log,
          run: async () => {
            await fulfilment.syncCourierProgress();
          },
        }),
      );
    },
  };
}
