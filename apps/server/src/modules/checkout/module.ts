import type { Config } from "../../config.js";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import type { Logger } from "../../lib/logger.js";
import { schedulePeriodic } from "../../lib/periodic.js";
import type { RateLimiter } from "../../lib/rate-limit/rate-limiter.js";
import type { Mailer } from "../../providers/mail/mailer.js";
import type { SandboxPaymentProvider } from "../../providers/payment/sandbox-payment.js";
import type { ShiprocketCheckoutProvider } from "../../providers/payment/shiprocket-checkout.js";
import type { ShippingProvider } from "../../providers/shipping/shipping-provider.js";
import type { AccountService } from "../accounts/service.js";
import type { AddressesService } from "../addresses/service.js";
import type { CodModule } from "../cod/module.js";
import type { CommerceModules } from "../commerce.js";
import type { InvoicesService } from "../invoices/service.js";
import { orderPayloadSchema, outboxKinds, paymentPayloadSchema, staffRefundPayloadSchema } from "../outbox/messages.js";
import type { Outbox } from "../outbox/service.js";
import { runWhileUp, type ShopModule } from "../shop-module.js";
import { CodConfirmationService } from "./cod-confirmation.js";
import { PaymentReviewService } from "./payment-review.js";
import { shiprocketScriptUrl } from "./payment-start.js";
import { CheckoutRepo } from "./repo.js";
import { checkoutRoutes } from "./routes.js";
import type { DatabaseSandboxCheckoutStore } from "./sandbox-checkout-db-store.js";
import { SandboxPayService } from "./sandbox-pay.js";
import { sandboxPayRoutes } from "./sandbox-routes.js";
import { CheckoutService } from "./service.js";

export interface CheckoutModule extends ShopModule {
  checkout: CheckoutService;
  /** Confirming cash-on-delivery orders (auto, or the admin's "COD to confirm" tab). */
  codConfirmation: CodConfirmationService;
  /** Payments flagged for review (another amount than the order's): refunded, or kept for a person. */
  paymentReview: PaymentReviewService;
  /** Only with the sandbox gateway: its hosted page's service (routes in sandbox-routes.ts). */
  sandboxPay: SandboxPayService | null;
}

/**
 * Builds checkout on the purchase path's services and registers its outbox handlers: the
 * confirmation e-mail and the refund. While the app is up, checkouts whose outcome never reached
 * the shop (lost webhook) are asked about every 4 hold-sweep intervals.
 */
export function createCheckoutModule(deps: {
  db: Db;
  clock: Clock;
  log: Logger;
  config: Pick<
    Config,
    "shopName" | "publicUrl" | "payment" | "holdSweepIntervalMs" | "cod" | "mismatchedPayment" | "ownerEmail"
  >;
  commerce: CommerceModules;
  provider: SandboxPaymentProvider | ShiprocketCheckoutProvider;
  sandboxStore: DatabaseSandboxCheckoutStore;
  shipping: ShippingProvider;
  outbox: Outbox;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  accounts: AccountService;
  /** The signed-in shopper's saved address chosen at checkout (prefilled on the payment page). */
  addresses?: AddressesService;
  cod: CodModule;
  /** Credit notes for refunds of invoiced orders. */
  invoices?: InvoicesService;
}): CheckoutModule {
  const { commerce, provider, config } = deps;
  const sandbox = provider.name === "sandbox" ? provider : null;
  const serviceability = deps.shipping.serviceability.bind(deps.shipping);
  const codConfirmation = new CodConfirmationService({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    orders: commerce.orders,
    lifecycle: commerce.orderLifecycle,
    inventory: commerce.inventory,
    cart: commerce.cart,
    promotions: commerce.promotions,
    outbox: deps.outbox,
    toConfirm: deps.cod.cod,
    cod: config.cod,
  });
  const repo = new CheckoutRepo(deps.db);
  const paymentReview = new PaymentReviewService({
    db: deps.db,
    repo,
    provider,
    outbox: deps.outbox,
    mailer: deps.mailer,
    clock: deps.clock,
    log: deps.log,
    shop: { name: config.shopName },
    mode: config.mismatchedPayment,
    ownerEmail: config.ownerEmail,
  });
  const checkout = new CheckoutService({
    repo,
    codConfirmation,
    paymentReview,
    clock: deps.clock,
    log: deps.log,
    provider,
    scriptUrl: sandbox ? "/sandbox/checkout.js" : shiprocketScriptUrl(config.payment.shiprocket.apiUrl),
    renewToken: sandbox ? (checkoutId, customer) => deps.sandboxStore.renewToken(checkoutId, customer) : undefined,
    orders: commerce.orders,
    lifecycle: commerce.orderLifecycle,
    inventory: commerce.inventory,
    cart: commerce.cart,
    promotions: commerce.promotions,
    outbox: deps.outbox,
    mailer: deps.mailer,
    rateLimiter: deps.rateLimiter,
    serviceability,
    shop: { name: config.shopName, publicUrl: config.publicUrl },
    ...(deps.invoices ? { creditNotes: deps.invoices } : {}),
  });
  deps.outbox.register(outboxKinds.orderConfirmedMail, (payload) =>
    checkout.deliverConfirmation(orderPayloadSchema.parse(payload).orderId),
  );
  deps.outbox.register(outboxKinds.refundPayment, (payload) =>
    checkout.refund(orderPayloadSchema.parse(payload).orderId),
  );
  deps.outbox.register(outboxKinds.refundMismatchedPayment, async (payload) => {
    await paymentReview.refund(paymentPayloadSchema.parse(payload).paymentId);
  });
  deps.outbox.register(outboxKinds.staffRefund, (payload) =>
    checkout.staffRefunds.settleStaffRefund(staffRefundPayloadSchema.parse(payload).refundId),
  );
  deps.outbox.register(outboxKinds.paymentReviewAlert, (payload) =>
    paymentReview.alertOwner(paymentPayloadSchema.parse(payload).paymentId),
  );
  const sandboxPay = sandbox
    ? new SandboxPayService({
        provider: sandbox,
        checkout,
        serviceability,
        log: deps.log,
        cod: { cod: deps.cod.cod, phoneCodes: deps.cod.phoneCodes },
      })
    : null;
  commerce.orders.reconcileBeforeCancelling((orderId) => checkout.reconcileOrder(orderId));
  return {
    checkout,
    codConfirmation,
    paymentReview,
    sandboxPay,
    async register(app, { auth, shop }) {
      await app.register(checkoutRoutes, { checkout, auth, accounts: deps.accounts, addresses: deps.addresses, shop });
      if (sandboxPay) await app.register(sandboxPayRoutes, { sandboxPay, shop });
      runWhileUp(
        app,
        schedulePeriodic({
          name: "checkout reconciliation",
          intervalMs: config.holdSweepIntervalMs * 4,
          log: app.log,
          run: async () => {
            await checkout.reconcileStaleCheckouts();
          },
        }),
      );
    },
  };
}
