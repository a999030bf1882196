import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.js";
import type { DatabaseHandle } from "./db/connection.js";
import { type Clock, systemClock } from "./lib/clock.js";
import { compressionThresholdBytes } from "./lib/content-encoding.js";
import { clientGoneAtInfo, redacted, redactedLogPaths, serializeRequest } from "./lib/log-redaction.js";
import { createRateLimiter } from "./lib/rate-limit/create-rate-limiter.js";
import { shareSecrets } from "./lib/shared-secrets.js";
import { createAccountsModule } from "./modules/accounts/module.js";
import { createAddressesModule } from "./modules/addresses/module.js";
import { createAdminModule } from "./modules/admin/module.js";
import type { StaffModule } from "./modules/admin/staff-module.js";
import { createBackInStockModule } from "./modules/back-in-stock/module.js";
import { createCatalogModule } from "./modules/catalog/module.js";
import { paymentBrowserOrigins } from "./modules/checkout/browser-origins.js";
import type { CodConfirmationService } from "./modules/checkout/cod-confirmation.js";
import { createCheckoutModule } from "./modules/checkout/module.js";
import type { PaymentReviewService } from "./modules/checkout/payment-review.js";
import { DatabaseSandboxCheckoutStore } from "./modules/checkout/sandbox-checkout-db-store.js";
import { createCodModule } from "./modules/cod/module.js";
import type { CodService } from "./modules/cod/service.js";
import { createCommerceModules } from "./modules/commerce.js";
import { createCommunityModule } from "./modules/community/module.js";
import { createExchangesModule } from "./modules/exchanges/module.js";
import { createFulfilmentModule } from "./modules/fulfilment/module.js";
import { DatabaseSandboxShipmentStore } from "./modules/fulfilment/sandbox-shipment-db-store.js";
import { createHealthModule } from "./modules/health/module.js";
import { createInvoicesModule } from "./modules/invoices/module.js";
import type { InvoicesService } from "./modules/invoices/service.js";
import { createMediaModule } from "./modules/media/module.js";
import { createOutboxModule } from "./modules/outbox/module.js";
import type { Outbox } from "./modules/outbox/service.js";
import { createSearchModule } from "./modules/search/module.js";
import type { RouteContext, ShopModule } from "./modules/shop-module.js";
import { createStockDigestModule } from "./modules/stock-digest/module.js";
import { createStorefrontModule, type StorefrontModule } from "./modules/storefront/module.js";
import { createWishlistModule } from "./modules/wishlist/module.js";
import { registerAdminStatic } from "./plugins/admin-static.js";
import { registerApiDocs } from "./plugins/api-docs.js";
import { registerClientAddress } from "./plugins/client-address.js";
import { frameworkErrorHandler, registerErrorHandling, registerNotFound } from "./plugins/error-handler.js";
import { registerQuickCompression } from "./plugins/quick-compression.js";
import { registerSecurityHeaders } from "./plugins/security.js";
import { isStorefrontNavigation, registerWebStatic } from "./plugins/web-static.js";
import { createMailer } from "./providers/mail/create-mailer.js";
import { createPaymentProvider } from "./providers/payment/create-payment-provider.js";
import { createShippingProvider } from "./providers/shipping/create-shipping-provider.js";
import { createSmsProvider } from "./providers/sms/create-sms-provider.js";
import { createArtRenderer } from "./seed/art-on-demand.js";
import { appVersion } from "./version.js";

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** Source of "now" for every rule that depends on time; the system clock unless a test gives one. */
  clock?: Clock;
}

export interface BuildOptions {
  /** Where the logs go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

export type App = FastifyInstance;

declare module "fastify" {
  interface FastifyInstance {
    /** The outbox of side effects; tests call `app.outbox.drain()` to deliver what is due now. */
    outbox: Outbox;
    /** The configuration the shop runs with (secrets as shared through the database). */
    shopConfig: Config;
    /** Cash on delivery's owner-side services (blocks, confirming); the admin's routes call these. */
    cod: { rules: CodService; confirmation: CodConfirmationService };
    /** Payments flagged for review: the admin's mismatch alert lists and resolves them here. */
    paymentReview: PaymentReviewService;
    /** Staff accounts, the audit log and the admin views (main.ts logs the first owner's setup link). */
    staffModule: StaffModule;
    /** GST invoices and credit notes (tests issue them under concurrency). */
    invoices: InvoicesService;
  }
}

/** Builds the whole shop (API, docs, storefront) on an open, migrated database. main.ts and tests call this. */
export async function buildApp(
  { config: givenConfig, database, clock = systemClock }: AppDeps,
  options: BuildOptions = {},
): Promise<App> {
  // Without JWT_SECRET, the token secret is the one every process of this shop shares (database).
  const config = await shareSecrets(givenConfig, database.db);
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            // Order secrets, guest session ids and payment tokens travel in URLs: logs get them blanked.
            serializers: { req: serializeRequest },
            redact: { paths: redactedLogPaths, censor: redacted },
            hooks: { logMethod: clientGoneAtInfo },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // Slow clients: the whole request, its headers, and a silent connection each have a deadline.
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.connectionMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      // How often Node looks for requests past their deadline (its default is 30 s).
      connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(config.timeouts.headersMs / 4))),
    },
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && /^[A-Za-z0-9_.-]{8,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate("shopConfig", config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });
  // Draining on shutdown: every answer still going out ends its connection, and connections
  // already idle are closed, so keep-alive clients do not hold the process open.
  let draining = false;
  app.addHook("preClose", (done) => {
    draining = true;
    app.server.closeIdleConnections?.();
    done();
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (draining) reply.header("connection", "close");
    return payload;
  });

  registerErrorHandling(app);
  registerClientAddress(app, {
    trustProxy: config.trustProxy,
    exemptAddresses: config.rateLimitExemptAddresses,
    allowedHosts: config.allowedHosts,
  });
  registerSecurityHeaders(app, {
    behindHttps: config.trustProxy !== false,
    payment: paymentBrowserOrigins(config.payment),
  });
  registerQuickCompression(app);
  await app.register(compress, { threshold: compressionThresholdBytes, encodings: ["br", "gzip", "deflate"] });
  await app.register(cookie);
  await registerApiDocs(app, { shopName: config.shopName, version: appVersion });

  // Every module is built by its module.ts and joins the app through `register` (routes, timers).
  // Accounts first: its auth guard (request.user), mailer and rate limiter serve the other modules.
  const { db, dialect } = database;
  const log = app.log;
  const mailer = createMailer(config, log);
  const rateLimiter = createRateLimiter({ db, clock, redisUrl: config.redisUrl, redisPrefix: config.redisPrefix, log });
  app.addHook("onClose", () => rateLimiter.close());
  const shop = { name: config.shopName, publicUrl: config.publicUrl, publicUrlSet: config.publicUrlSet };
  // The outbox before the modules whose changes write side effects to it (sign-up's welcome e-mail first).
  const outbox = createOutboxModule({ db, clock, log, intervalMs: config.outboxIntervalMs });
  const accounts = createAccountsModule({ db, config, clock, mailer, rateLimiter, log, outbox: outbox.outbox });
  const catalogModule = createCatalogModule({
    db,
    clock,
    cataloguePollMs: config.cataloguePollMs,
  });
  // The purchase path (cart, promo codes, orders, stock holds), then checkout and fulfilment on
  // top; their side effects go through the outbox (decision 0005).
  const commerce = createCommerceModules({ db, dialect, clock, config });
  const shipping = createShippingProvider(config, { sandboxStore: new DatabaseSandboxShipmentStore(db), clock });
  const sandboxCheckoutStore = new DatabaseSandboxCheckoutStore(db);
  const payment = createPaymentProvider(config, { sandboxStore: sandboxCheckoutStore, clock });
  // GST invoices: fulfilment issues them with the AWB, refunds their credit notes.
  const invoicesModule = createInvoicesModule({ db, clock, log, config, orders: commerce.orders });
  const invoices = invoicesModule.invoices;
  app.decorate("invoices", invoices);
  const purchase = { db, clock, log, config, commerce, shipping, outbox: outbox.outbox, mailer, invoices };
  const cod = createCodModule({
    db,
    clock,
    log,
    config,
    orders: commerce.orders,
    sms: createSmsProvider(config, log),
    rateLimiter,
  });
  // Saved addresses: checkout prefills the payment page with the one the shopper picks.
  const addressesModule = createAddressesModule({ db, clock });
  const checkout = createCheckoutModule({
    ...purchase,
    provider: payment,
    sandboxStore: sandboxCheckoutStore,
    rateLimiter,
    accounts: accounts.accounts,
    addresses: addressesModule.addresses,
    cod,
  });
  // The owner's side calls these (COD blocks, COD orders to confirm, payments to review); tests too.
  const codOwnerSide = { rules: cod.cod, confirmation: checkout.codConfirmation };
  app.decorate("cod", codOwnerSide);
  app.decorate("paymentReview", checkout.paymentReview);
  // The owner's side: staff sessions of their own (cookie), never a customer's bearer token.
  const fulfilmentModule = createFulfilmentModule(purchase);
  // Built before the admin, which reads its demand per variant; it registers in the list below.
  const backInStock = createBackInStockModule({
    db,
    clock,
    outbox: outbox.outbox,
    mailer,
    shop,
    sweepIntervalMs: config.backInStockSweepMs,
  });
  // Built before the admin too: the dashboard lists its low-stock sizes.
  const stockDigest = createStockDigestModule({
    db,
    clock,
    log,
    outbox: outbox.outbox,
    mailer,
    shop,
    ownerEmail: config.ownerEmail,
    hour: config.lowStockDigest.hour,
    checkIntervalMs: config.lowStockDigest.checkIntervalMs,
  });
  // Product photos: originals in the database, sizes drawn on demand into this process's media folder.
  const media = createMediaModule({
    db,
    postgres: dialect === "postgres",
    clock,
    mediaDir: config.mediaDir,
    catalog: catalogModule.catalog,
  });
  const admin = createAdminModule({
    db,
    dialect,
    config,
    clock,
    rateLimiter,
    mailer,
    log,
    cod: { ...codOwnerSide, paymentReview: checkout.paymentReview },
    orderActions: {
      orders: commerce.orders,
      lifecycle: commerce.orderLifecycle,
      fulfilment: fulfilmentModule.fulfilment,
      checkout: checkout.checkout,
    },
    failedDeliveries: fulfilmentModule.failedDeliveries,
    invoices: { invoices },
    catalogue: { inventory: commerce.inventory, catalog: catalogModule.catalog },
    coupons: commerce.coupons,
    backInStock: backInStock.backInStock,
    lowStock: stockDigest.stockDigest,
    photos: media.photos,
    categoryPictures: media.categoryPictures,
  });
  // Size exchanges and defect reports: courier, stock, refunds by line and the staff's audit log.
  const exchanges = createExchangesModule({
    db,
    clock,
    log,
    config,
    commerce,
    shipping,
    outbox: outbox.outbox,
    mailer,
    checkout: checkout.checkout,
    staffModule: admin.staffModule,
  });
  const modules: ShopModule[] = [
    createHealthModule({ database, version: appVersion, shopName: config.shopName }),
    accounts,
    admin,
    createCommunityModule({ db, clock, rateLimiter, mailer, log, shop }),
    catalogModule,
    media,
    // Tests start many shops on tiny catalogues: their indexes are built by the first search or list.
    createSearchModule({
      catalog: catalogModule.catalog,
      warmUp: config.env !== "test" && { after: () => catalogModule.catalog.warmUp() },
    }),
    createWishlistModule({ db, clock }),
    addressesModule,
    backInStock,
    stockDigest,
    commerce,
    invoicesModule,
    fulfilmentModule,
    checkout,
    exchanges,
    // Last: its worker starts once the others' timers have, and stops after them.
    outbox,
  ];
  const context: RouteContext = { auth: accounts.auth, shop };
  for (const module of modules) await module.register(app, context);

  // The admin app first: its /admin/* routes are its own, whatever the storefront serves.
  await registerAdminStatic(app, config.adminDistDir);
  const { servesStorefront, indexFile } = await registerWebStatic(app, {
    webDistDir: config.webDistDir,
    mediaDir: config.mediaDir,
    // Any process draws generated art its own disk lacks (another process seeded the catalogue).
    renderMissingMedia: createArtRenderer({
      mediaDir: config.mediaDir,
      brand: config.shopName,
      scale: config.seedScale,
    }),
  });
  let notFoundPage: ReturnType<StorefrontModule["notFound"]> | undefined;
  if (indexFile) {
    const storefront = createStorefrontModule({ catalog: catalogModule.catalog, indexFile, brand: config.shopName });
    await storefront.register(app, context);
    notFoundPage = storefront.notFound(shop);
  }
  registerNotFound(app, {
    isStorefrontNavigation: servesStorefront
      ? (request) => isStorefrontNavigation(request.method, request.url, request.headers.accept)
      : undefined,
    storefrontNotFound: notFoundPage,
  });

  return app;
}
