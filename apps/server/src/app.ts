import { randomUUID } from "node:crypto";
import path from "node:path";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.js";
import { type DatabaseHandle, pingDatabase } from "./db/connection.js";
import { type Clock, systemClock } from "./lib/clock.js";
import { redacted, redactedLogPaths, serializeRequest } from "./lib/log-redaction.js";
import { schedulePeriodic } from "./lib/periodic.js";
import { createRateLimiter } from "./lib/rate-limit/create-rate-limiter.js";
import { shareSecrets } from "./lib/shared-secrets.js";
import { registerAuthentication } from "./modules/accounts/auth-guard.js";
import { createAccountsModule } from "./modules/accounts/module.js";
import { accountRoutes } from "./modules/accounts/routes.js";
import { adminApi } from "./modules/admin/api.js";
import { cartRoutes } from "./modules/cart/routes.js";
import { CatalogRepo } from "./modules/catalog/repo.js";
import { catalogRoutes } from "./modules/catalog/routes.js";
import { CatalogService } from "./modules/catalog/service.js";
import { watchCatalogueVersion } from "./modules/catalog/version-watcher.js";
import { paymentBrowserOrigins } from "./modules/checkout/browser-origins.js";
import { createCheckoutModule } from "./modules/checkout/module.js";
import { checkoutRoutes } from "./modules/checkout/routes.js";
import { DatabaseSandboxCheckoutStore } from "./modules/checkout/sandbox-checkout-db-store.js";
import { sandboxPayRoutes } from "./modules/checkout/sandbox-routes.js";
import { createCommerceModules } from "./modules/commerce.js";
import { CommunityRepo } from "./modules/community/repo.js";
import { communityRoutes } from "./modules/community/routes.js";
import { CommunityService } from "./modules/community/service.js";
import { createFulfilmentModule } from "./modules/fulfilment/module.js";
import { fulfilmentRoutes } from "./modules/fulfilment/routes.js";
import { DatabaseSandboxShipmentStore } from "./modules/fulfilment/sandbox-shipment-db-store.js";
import { healthRoutes } from "./modules/health/routes.js";
import { orderRoutes } from "./modules/orders/routes.js";
import { scheduleHoldSweep } from "./modules/orders/service.js";
import { OutboxRepo } from "./modules/outbox/repo.js";
import { Outbox } from "./modules/outbox/service.js";
import { promotionRoutes } from "./modules/promotions/routes.js";
import { searchRoutes } from "./modules/search/routes.js";
import { SearchService } from "./modules/search/service.js";
import { registerStaffPrincipal } from "./modules/staff/guard.js";
import { createStaffModule, type StaffModule } from "./modules/staff/module.js";
import { IndexTemplate } from "./modules/storefront/index-template.js";
import { StorefrontPages } from "./modules/storefront/pages.js";
import { RouteAssets } from "./modules/storefront/route-assets.js";
import { storefrontRoutes } from "./modules/storefront/routes.js";
import { registerAdminStatic } from "./plugins/admin-static.js";
import { registerApiDocs } from "./plugins/api-docs.js";
import { frameworkErrorHandler, registerErrorHandling, registerNotFound } from "./plugins/error-handler.js";
import { registerSecurityHeaders } from "./plugins/security.js";
import { isStorefrontNavigation, registerWebStatic } from "./plugins/web-static.js";
import { createMailer } from "./providers/mail/create-mailer.js";
import { createPaymentProvider } from "./providers/payment/create-payment-provider.js";
import { createShippingProvider } from "./providers/shipping/create-shipping-provider.js";
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
    /** Staff accounts, the audit log and the admin views (main.ts logs the first owner's setup link). */
    staffModule: StaffModule;
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
  registerSecurityHeaders(app, {
    behindHttps: config.trustProxy !== false,
    payment: paymentBrowserOrigins(config.payment),
  });
  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip", "deflate"] });
  await app.register(cookie);
  await registerApiDocs(app, { shopName: config.shopName, version: appVersion });

  await app.register(healthRoutes, {
    dialect: database.dialect,
    version: appVersion,
    shopName: config.shopName,
    isDatabaseUp: () => pingDatabase(database.db),
  });

  // Accounts first: its auth guard (request.user), mailer and rate limiter serve the other modules.
  const mailer = createMailer(config, app.log);
  const rateLimiter = createRateLimiter({
    db: database.db,
    clock,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    log: app.log,
  });
  app.addHook("onClose", () => rateLimiter.close());
  const accounts = createAccountsModule({ db: database.db, config, clock, mailer, rateLimiter, log: app.log });
  registerAuthentication(app);
  await app.register(accountRoutes, accounts.routeDeps);
  app.addHook("onReady", async () => accounts.cleanup.start());
  app.addHook("onClose", () => accounts.cleanup.stop());
  // The owner's side: staff sessions of their own (cookie), never a customer's bearer token.
  const staffModule = createStaffModule({
    db: database.db,
    dialect: database.dialect,
    config,
    clock,
    rateLimiter,
    mailer,
    log: app.log,
  });
  app.decorate("staffModule", staffModule);
  app.addHook("onReady", async () => staffModule.cleanup?.start());
  app.addHook("onClose", async () => {
    await staffModule.cleanup?.stop();
  });
  registerStaffPrincipal(app);
  await app.register(adminApi, { prefix: "/api/admin", ...staffModule.apiDeps });
  const shop = { name: config.shopName, publicUrl: config.publicUrl, publicUrlSet: config.publicUrlSet };
  const community = new CommunityService(new CommunityRepo(database.db), clock, rateLimiter, mailer, app.log, shop);
  await app.register(communityRoutes, { community, auth: accounts.auth });

  const catalog = new CatalogService(new CatalogRepo(database.db), clock);
  const search = new SearchService(catalog);
  await app.register(catalogRoutes, { catalog });
  await app.register(searchRoutes, { search });
  watchCatalogueVersion(app, catalog, config.cataloguePollMs);

  // Cart, promo codes, orders and stock holds (issue 5); the expiry sweep runs while the app is up.
  const commerce = createCommerceModules({ db: database.db, dialect: database.dialect, clock, config });
  await app.register(cartRoutes, { cart: commerce.cart, auth: accounts.auth });
  await app.register(promotionRoutes, { cart: commerce.cart, auth: accounts.auth });
  await app.register(orderRoutes, { orders: commerce.orders, auth: accounts.auth });
  const holdSweep = scheduleHoldSweep(commerce.orders, config.holdSweepIntervalMs, app.log);
  app.addHook("onReady", async () => holdSweep.start());
  app.addHook("onClose", () => holdSweep.stop());

  // Hosted checkout, payment confirmation, shipments and tracking (issue 6); side effects go
  // through the outbox, whose worker runs while the app is up (decision 0005).
  const outbox = new Outbox(new OutboxRepo(database.db), clock, app.log);
  app.decorate("outbox", outbox);
  const shipping = createShippingProvider(config, {
    sandboxStore: new DatabaseSandboxShipmentStore(database.db),
    clock,
  });
  const sandboxCheckoutStore = new DatabaseSandboxCheckoutStore(database.db);
  const payment = createPaymentProvider(config, { sandboxStore: sandboxCheckoutStore, clock });
  const purchase = { db: database.db, clock, log: app.log, config, commerce, shipping, outbox, mailer };
  const fulfilment = createFulfilmentModule(purchase);
  const { checkout, sandboxPay } = createCheckoutModule({
    ...purchase,
    provider: payment,
    sandboxStore: sandboxCheckoutStore,
    rateLimiter,
  });
  await app.register(checkoutRoutes, { checkout, auth: accounts.auth, accounts: accounts.accounts, shop });
  await app.register(fulfilmentRoutes, { fulfilment, auth: accounts.auth, shop });
  if (sandboxPay) await app.register(sandboxPayRoutes, { sandboxPay, shop });
  // Checkouts whose outcome never reached the shop (lost webhook): asked about every 4 sweep intervals.
  const reconciliation = schedulePeriodic({
    name: "checkout reconciliation",
    intervalMs: config.holdSweepIntervalMs * 4,
    log: app.log,
    run: async () => {
      await checkout.reconcileStaleCheckouts();
    },
  });
  app.addHook("onReady", async () => reconciliation.start());
  app.addHook("onClose", () => reconciliation.stop());
  app.addHook("onReady", async () => outbox.start(config.outboxIntervalMs));
  app.addHook("onClose", () => outbox.stop());

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
  if (indexFile) {
    const pages = new StorefrontPages({
      catalog,
      template: new IndexTemplate(indexFile),
      assets: new RouteAssets(path.join(path.dirname(indexFile), ".vite", "manifest.json")),
      brand: config.shopName,
    });
    await app.register(storefrontRoutes, { pages, shop });
  }
  registerNotFound(app, {
    isStorefrontNavigation: servesStorefront
      ? (request) => isStorefrontNavigation(request.method, request.url, request.headers.accept)
      : undefined,
  });

  return app;
}
