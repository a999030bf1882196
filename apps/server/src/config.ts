import { createHmac, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { isIP } from "node:net";
import os from "node:os";
import path from "node:path";
import { type ExchangeShipMode, exchangeShipModes } from "@vaki/contract/exchanges";
import { z } from "zod";

const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((value) => value === "true" || value === "1" || value === "yes");

/** Every setting of the shop, read from the environment, each with a working default. */
export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Public address of the shop, for e-mail links; when set it also wins for payment redirects and
   * browser links, which otherwise follow the origin of each request.
   */
  PUBLIC_URL: z.url().optional(),
  SHOP_NAME: z.string().min(1).default("VAKI"),
  DATA_DIR: z.string().default("./data"),
  /** Generated catalogue art (served at /media/); empty means DATA_DIR/media. */
  MEDIA_DIR: z.string().optional(),
  /** postgres://... selects PostgreSQL; empty means the SQLite file DATA_DIR/shop.db. */
  DATABASE_URL: z.string().optional(),
  /** Folder of the built storefront; empty disables static serving. */
  WEB_DIST_DIR: z.string().optional(),
  /** Folder of the built admin app, served at /admin/; empty disables it. */
  ADMIN_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Load the demo catalogue when the database has no products. */
  SEED_ON_START: booleanFromEnv.default(true),
  /** Number of products of the generated catalogue; empty means the hand-written demo set. */
  SEED_SCALE: z.coerce.number().int().min(1).max(200_000).optional(),
  /** Secret used to sign access tokens; generated and kept in DATA_DIR when not given. */
  JWT_SECRET: z.string().min(32).optional(),
  /**
   * The HTTPS proxies in front of the shop, whose X-Forwarded-* headers are believed: "false"
   * (none), their addresses or CIDRs ("loopback" for one on the same host, "10.0.0.2,10.0.0.0/8"),
   * or "true" (every hop: only when the proxy overwrites X-Forwarded-For, since a client can
   * write any address there).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default("false")
    .transform((value, ctx): boolean | string[] => {
      const lower = value.toLowerCase();
      if (["", "false", "no", "0"].includes(lower)) return false;
      if (["true", "yes"].includes(lower)) return true;
      const proxies = value.split(",").map((item) => item.trim());
      if (proxies.every((item) => /^[0-9A-Fa-f:.]+(?:\/\d{1,3})?$|^(?:loopback|linklocal|uniquelocal)$/.test(item))) {
        return proxies;
      }
      ctx.issues.push({
        code: "custom",
        message: "must be true, false or proxy addresses (loopback, 10.0.0.2, 10.0.0.0/8)",
        input: value,
      });
      return z.NEVER;
    }),
  /**
   * Direct callers the per-address limits leave out ("127.0.0.1,::1" for tests and the bench);
   * none by default, since a proxy on this machine would otherwise turn every limit off.
   */
  RATE_LIMIT_EXEMPT_ADDRESSES: z
    .string()
    .trim()
    .default("")
    .transform((value, ctx) => {
      const entries = value ? value.split(",").map((item) => item.trim()) : [];
      const bad = entries.filter((item) => !validAddressOrCidr(item));
      if (bad.length === 0) return entries;
      ctx.issues.push({ code: "custom", message: `not an address or CIDR: ${bad.join(", ")}`, input: value });
      return z.NEVER;
    }),
  /**
   * Host names the shop answers for (comma separated); any other Host header gets 400, so no
   * link, sitemap or cached page ever carries a foreign host. Empty: localhost, 127.0.0.1, ::1
   * and this machine's names and addresses. PUBLIC_URL's host is always allowed.
   */
  ALLOWED_HOSTS: z.string().trim().optional(),
  REDIS_URL: z.string().optional(),
  /** Start of every key the shop writes to Redis, so several shops can share one Redis server. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, "letters, digits and : _ . - only (at most 64)")
    .default("vaki:"),
  /** smtp://user:pass@host:587 or smtps://...; empty writes each e-mail as an .eml file under DATA_DIR/mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  /** Sender of the shop's e-mail; defaults to "<SHOP_NAME> <hello@vaki.local>". */
  MAIL_FROM: z.string().min(3).optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /**
   * Longest a whole request (headers and body) may take to arrive (ms): a client sending a byte
   * now and then is cut off with 408 instead of holding a connection for ever. 0 turns it off.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** Longest the request headers may take to arrive (ms); at most REQUEST_TIMEOUT_MS. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(500).max(3_600_000).default(10_000),
  /** A connection with no traffic at all for this long is closed (ms); 0 turns it off. */
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(120_000),
  /** On SIGTERM, how long requests in flight may take before the process exits anyway (ms). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** How often each process checks whether another one changed the catalogue (ms). */
  CATALOGUE_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
  /**
   * How long the order inbox's tab counts are reused (ms; 0: counted on every call). Any change
   * made through the owner's side forgets them at once; a shopper's order shows within this.
   */
  INBOX_COUNTS_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  /** Minutes an unpaid order holds its stock before the sweep gives it back. */
  STOCK_HOLD_MINUTES: z.coerce.number().int().min(1).max(1_440).default(30),
  /** Most units one guest session may hold at once in unpaid orders. */
  MAX_HELD_UNITS_PER_GUEST: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Most units the unpaid orders placed from one client address may hold at once (local callers are not counted). */
  MAX_HELD_UNITS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Cash on delivery (decision 0013): the most open (unconfirmed or undelivered) COD orders per phone, delivery address and client address. */
  COD_MAX_OPEN_ORDERS: z.coerce.number().int().min(1).max(1_000).default(2),
  /** Most units ordered as cash on delivery in 24 hours per phone, delivery address and client address. */
  COD_MAX_UNITS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Largest cash-on-delivery order (paise); larger orders are offered prepaid payment. */
  COD_MAX_ORDER_PAISE: z.coerce.number().int().min(100).default(1_000_000),
  /** A COD order with a verified phone below this total (paise) is confirmed at once; others wait for a person. */
  COD_AUTO_CONFIRM_MAX_PAISE: z.coerce.number().int().min(0).default(300_000),
  /** Hours a COD order waits to be confirmed before its stock is released and the order cancelled. */
  COD_CONFIRM_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** GST invoices: the shop's defaults until the owner saves Settings (the settings table wins). */
  SHOP_LEGAL_NAME: z.string().default("Vaki Apparel Private Limited"),
  SHOP_ADDRESS: z.string().default("12 Residency Road, Bengaluru 560025"),
  SHOP_STATE: z.string().default("Karnataka"),
  /** The shop's GSTIN; empty until registered (invoices then print "not registered"). */
  SHOP_GSTIN: z.string().default(""),
  /** Invoice numbers: PREFIX/25-26/000123 (1-3 letters or digits, so a number stays within 16 characters). */
  INVOICE_PREFIX: z
    .string()
    .regex(/^[A-Z0-9]{1,3}$/)
    .default("VK"),
  CREDIT_NOTE_PREFIX: z
    .string()
    .regex(/^[A-Z0-9]{1,3}$/)
    .default("CN"),
  /** Exports are zero-rated under a letter of undertaking (no IGST charged). */
  EXPORT_UNDER_LUT: booleanFromEnv.default(true),
  /** Where the owner's alerts go (a payment kept for review); empty: logged only. */
  OWNER_EMAIL: z.email().optional(),
  /** Payments whose amount differs from the order's: "refund" them at once, or "keep" them for a person. */
  MISMATCHED_PAYMENT: z.enum(["refund", "keep"]).default("refund"),
  /** Text messages (the COD one-time codes): "sandbox" writes them as files under DATA_DIR/sms. */
  SMS_PROVIDER: z.enum(["sandbox"]).default("sandbox"),
  /** How often each process looks for expired stock holds (ms); 0 turns the sweep off. */
  HOLD_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** How often each process deletes ended sessions and old reset links (ms); 0 turns it off. */
  ACCOUNTS_CLEANUP_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  /** How often each process asks the courier about parcels on their way (status, shipping e-mails) (ms); 0 turns it off. */
  COURIER_SYNC_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
  /** When an exchange's new size ships: when the courier picks the old one up, or at approval (issue 29). */
  EXCHANGE_SHIP_MODE: z.enum(exchangeShipModes).default("on-pickup"),
  /** How often each process looks for sold-out sizes back in stock and writes the waiting e-mails (ms); 0 turns it off. */
  BACK_IN_STOCK_SWEEP_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /** The hour (0-23, India time) from which the owner's daily low-stock e-mail goes to OWNER_EMAIL. */
  LOW_STOCK_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(9),
  /** How often each process checks whether today's low-stock e-mail is due (ms); 0 turns the digest off. */
  LOW_STOCK_DIGEST_CHECK_MS: z.coerce.number().int().min(0).max(86_400_000).default(900_000),
  /** How often each process delivers due outbox rows: e-mails, shipments, refunds (ms); 0 turns the worker off. */
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1_000),
  /** Hosted payment checkout: the built-in sandbox page, or Shiprocket Checkout (docs/providers.md). */
  PAYMENT_PROVIDER: z.enum(["sandbox", "shiprocket"]).default("sandbox"),
  /** Signs the sandbox payment page's webhooks; empty derives one from the token secret. */
  SANDBOX_PAYMENT_SECRET: z.string().min(16).optional(),
  SHIPROCKET_CHECKOUT_API_URL: z.url().default("https://checkout-api.shiprocket.com"),
  SHIPROCKET_CHECKOUT_API_KEY: z.string().min(1).optional(),
  SHIPROCKET_CHECKOUT_SECRET: z.string().min(1).optional(),
  /** "Header-Name:value" that Shiprocket Checkout sends with each webhook (set in its dashboard). */
  SHIPROCKET_CHECKOUT_WEBHOOK_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+:.+$/, "must be Header-Name:value")
    .optional(),
  /** Shipments and tracking: the built-in sandbox courier, or Shiprocket's v1 external API. */
  SHIPPING_PROVIDER: z.enum(["sandbox", "shiprocket"]).default("sandbox"),
  /** How long the sandbox courier takes per tracking step (AWB assigned → ... → delivered). */
  SANDBOX_COURIER_MINUTES_PER_STEP: z.coerce.number().positive().max(10_080).default(5),
  SHIPROCKET_API_URL: z.url().default("https://apiv2.shiprocket.in/v1/external"),
  /** Shiprocket API user (Settings → API → Add New API User), not the main login. */
  SHIPROCKET_EMAIL: z.string().min(1).optional(),
  SHIPROCKET_PASSWORD: z.string().min(1).optional(),
  /** Exact name of the pickup address in Shiprocket. */
  SHIPROCKET_PICKUP_LOCATION: z.string().min(1).default("Primary"),
  SHIPROCKET_PICKUP_PINCODE: z
    .string()
    .regex(/^[1-9]\d{5}$/, "must be a 6-digit pincode")
    .optional(),
});

export type ConfigInput = z.input<typeof configSchema>;

export interface Config {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  /** PUBLIC_URL, or http://localhost:PORT when unset (then browser links follow each request's origin). */
  publicUrl: string;
  /** Whether PUBLIC_URL was set: it then wins for every link. */
  publicUrlSet: boolean;
  shopName: string;
  dataDir: string;
  /** MEDIA_DIR, or DATA_DIR/media: where generated art is written and served from. */
  mediaDir: string;
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string; schema?: string };
  webDistDir: string | undefined;
  adminDistDir: string | undefined;
  logLevel: string;
  seedOnStart: boolean;
  seedScale: number | undefined;
  /**
   * `shared`: JWT_SECRET was not given, so `jwt` is only a candidate until `shareSecrets` (in
   * buildApp) has stored it in the database, or read the one another process stored first.
   */
  secrets: { jwt: string; shared?: boolean };
  /** Fastify's trustProxy: false, true (every hop), or the proxies' addresses. */
  trustProxy: boolean | string[];
  /** RATE_LIMIT_EXEMPT_ADDRESSES: direct callers per-address limits leave out (addresses, CIDRs). */
  rateLimitExemptAddresses: string[];
  /** Host names (lower case, no port) the shop answers for: ALLOWED_HOSTS or this machine's, plus PUBLIC_URL's. */
  allowedHosts: string[];
  redisUrl: string | undefined;
  /** REDIS_PREFIX: start of every Redis key of this shop. */
  redisPrefix: string;
  mail: { smtpUrl: string | undefined; from: string };
  bodyLimitBytes: number;
  /** Request, header and idle-connection timeouts of the HTTP server (ms; 0 = none). */
  timeouts: { requestMs: number; headersMs: number; connectionMs: number };
  cataloguePollMs: number;
  inboxCountsTtlMs: number;
  shutdownTimeoutMs: number;
  stockHoldMinutes: number;
  /** Units held at once in unpaid orders: per guest session, per client address. */
  holdLimits: { perGuest: number; perAddress: number };
  holdSweepIntervalMs: number;
  courierSyncIntervalMs: number;
  /** When an exchange's new size ships (EXCHANGE_SHIP_MODE). */
  exchangeShipMode: ExchangeShipMode;
  backInStockSweepMs: number;
  /** The owner's daily low-stock e-mail: from this hour in India, checked this often (0: off). */
  lowStockDigest: { hour: number; checkIntervalMs: number };
  /** Cash-on-delivery limits and confirmation (decision 0013). */
  cod: {
    maxOpenOrders: number;
    maxUnitsPerDay: number;
    maxOrderPaise: number;
    autoConfirmMaxPaise: number;
    confirmHours: number;
  };
  /** OWNER_EMAIL: where alerts for the owner go. */
  ownerEmail: string | undefined;
  /** Defaults of the shop's GST settings (SHOP_LEGAL_NAME...); the owner's saved settings win. */
  gst: {
    legalName: string;
    address: string;
    state: string;
    gstin: string;
    invoicePrefix: string;
    creditNotePrefix: string;
    exportUnderLut: boolean;
  };
  /** MISMATCHED_PAYMENT: refund a payment whose amount differs from the order's, or keep it for a person. */
  mismatchedPayment: "refund" | "keep";
  sms: { provider: "sandbox" };
  accountsCleanupIntervalMs: number;
  outboxIntervalMs: number;
  payment: {
    provider: "sandbox" | "shiprocket";
    /** `derived`: from the token secret (SANDBOX_PAYMENT_SECRET not given). */
    sandbox: { secret: string; derived?: boolean };
    shiprocket: {
      apiUrl: string;
      apiKey: string | undefined;
      secret: string | undefined;
      /** Header name (lower case) and value Shiprocket Checkout's webhooks carry. */
      webhookHeader: { name: string; value: string } | undefined;
    };
  };
  shipping: {
    provider: "sandbox" | "shiprocket";
    sandbox: { minutesPerStep: number };
    shiprocket: {
      apiUrl: string;
      email: string | undefined;
      password: string | undefined;
      pickupLocation: string;
      pickupPincode: string | undefined;
    };
  };
}

const emptyToUndefined = (env: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));

/**
 * The token secret: from the environment; else a candidate to share through the database
 * (`shareSecrets`): the one an earlier version kept in DATA_DIR/secrets.json (upgrades keep their
 * sessions), or a fresh random one. Nothing is written to DATA_DIR any more.
 */
function secretCandidate(dataDir: string, name: string, given: string | undefined): { value: string; shared: boolean } {
  if (given) return { value: given, shared: false };
  const file = path.join(dataDir, "secrets.json");
  let stored: Record<string, unknown> = {};
  try {
    stored = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  } catch {
    stored = {};
  }
  const existing = stored[name];
  return {
    value: typeof existing === "string" && existing ? existing : randomBytes(48).toString("base64url"),
    shared: true,
  };
}

/** The sandbox webhook secret, derived under its own label: never the token-signing key itself. */
export function derivedSandboxSecret(jwtSecret: string): string {
  return createHmac("sha256", jwtSecret).update("vaki:sandbox-payment-webhook").digest("base64url");
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const c = parsed.data;
  const missing = missingProviderSettings(c);
  if (missing.length > 0) throw new Error(`Invalid configuration:\n  ${missing.join("\n  ")}`);
  // npm runs workspace scripts inside apps/server; INIT_CWD is where the user typed the command,
  // so `npm start` at the repository root keeps its data in ./data there.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), c.DATA_DIR);
  const databaseUrl = c.DATABASE_URL;
  const jwt = secretCandidate(dataDir, "jwt", c.JWT_SECRET);
  const jwtSecret = jwt.value;
  return {
    env: c.NODE_ENV,
    host: c.HOST,
    port: c.PORT,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    publicUrlSet: c.PUBLIC_URL !== undefined,
    shopName: c.SHOP_NAME,
    dataDir,
    mediaDir: c.MEDIA_DIR ? path.resolve(env.INIT_CWD ?? process.cwd(), c.MEDIA_DIR) : path.join(dataDir, "media"),
    database:
      databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)
        ? { kind: "postgres", url: databaseUrl }
        : {
            kind: "sqlite",
            file: databaseUrl?.startsWith("file:") ? databaseUrl.slice(5) : path.join(dataDir, "shop.db"),
          },
    webDistDir: c.WEB_DIST_DIR ? path.resolve(env.INIT_CWD ?? process.cwd(), c.WEB_DIST_DIR) : undefined,
    adminDistDir: c.ADMIN_DIST_DIR ? path.resolve(env.INIT_CWD ?? process.cwd(), c.ADMIN_DIST_DIR) : undefined,
    logLevel: c.LOG_LEVEL,
    seedOnStart: c.SEED_ON_START,
    seedScale: c.SEED_SCALE,
    secrets: { jwt: jwtSecret, shared: jwt.shared },
    trustProxy: c.TRUST_PROXY,
    rateLimitExemptAddresses: c.RATE_LIMIT_EXEMPT_ADDRESSES,
    allowedHosts: allowedHosts(c.ALLOWED_HOSTS, c.PUBLIC_URL),
    redisUrl: c.REDIS_URL,
    redisPrefix: c.REDIS_PREFIX,
    mail: { smtpUrl: c.SMTP_URL, from: c.MAIL_FROM ?? `${c.SHOP_NAME} <hello@vaki.local>` },
    bodyLimitBytes: c.BODY_LIMIT_BYTES,
    timeouts: {
      requestMs: c.REQUEST_TIMEOUT_MS,
      // Node refuses a header timeout longer than the request timeout.
      headersMs: c.REQUEST_TIMEOUT_MS > 0 ? Math.min(c.HEADERS_TIMEOUT_MS, c.REQUEST_TIMEOUT_MS) : c.HEADERS_TIMEOUT_MS,
      connectionMs: c.CONNECTION_TIMEOUT_MS,
    },
    cataloguePollMs: c.CATALOGUE_POLL_MS,
    inboxCountsTtlMs: c.INBOX_COUNTS_TTL_MS,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
    stockHoldMinutes: c.STOCK_HOLD_MINUTES,
    holdLimits: { perGuest: c.MAX_HELD_UNITS_PER_GUEST, perAddress: c.MAX_HELD_UNITS_PER_ADDRESS },
    holdSweepIntervalMs: c.HOLD_SWEEP_INTERVAL_MS,
    courierSyncIntervalMs: c.COURIER_SYNC_INTERVAL_MS,
    exchangeShipMode: c.EXCHANGE_SHIP_MODE,
    backInStockSweepMs: c.BACK_IN_STOCK_SWEEP_MS,
    lowStockDigest: { hour: c.LOW_STOCK_DIGEST_HOUR, checkIntervalMs: c.LOW_STOCK_DIGEST_CHECK_MS },
    cod: {
      maxOpenOrders: c.COD_MAX_OPEN_ORDERS,
      maxUnitsPerDay: c.COD_MAX_UNITS_PER_DAY,
      maxOrderPaise: c.COD_MAX_ORDER_PAISE,
      autoConfirmMaxPaise: c.COD_AUTO_CONFIRM_MAX_PAISE,
      confirmHours: c.COD_CONFIRM_HOURS,
    },
    ownerEmail: c.OWNER_EMAIL,
    gst: {
      legalName: c.SHOP_LEGAL_NAME,
      address: c.SHOP_ADDRESS,
      state: c.SHOP_STATE,
      gstin: c.SHOP_GSTIN,
      invoicePrefix: c.INVOICE_PREFIX,
      creditNotePrefix: c.CREDIT_NOTE_PREFIX,
      exportUnderLut: c.EXPORT_UNDER_LUT,
    },
    mismatchedPayment: c.MISMATCHED_PAYMENT,
    sms: { provider: c.SMS_PROVIDER },
    accountsCleanupIntervalMs: c.ACCOUNTS_CLEANUP_INTERVAL_MS,
    outboxIntervalMs: c.OUTBOX_INTERVAL_MS,
    payment: paymentSettings(c, jwtSecret),
    shipping: shippingSettings(c),
  };
}

function validAddressOrCidr(entry: string): boolean {
  const [address = "", prefix, extra] = entry.split("/");
  if (extra !== undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** A host name as compared: lower case, without port, brackets or a trailing dot. */
export function normaliseHostName(host: string): string {
  // A bare IPv6 address (a list entry) has colons but no port; in a Host header it is bracketed.
  const bare = host.startsWith("[")
    ? host.slice(1, host.indexOf("]"))
    : isIP(host) === 6
      ? host
      : host.replace(/:\d*$/, "");
  return bare.toLowerCase().replace(/\.$/, "");
}

/** The machine's own names and addresses: what a browser on it or on the local network may use. */
function machineHosts(): string[] {
  const addresses = Object.values(os.networkInterfaces()).flatMap((list) =>
    (list ?? []).map((item) => item.address.split("%")[0] ?? ""),
  );
  const name = os.hostname();
  return ["localhost", "127.0.0.1", "::1", name, name.split(".")[0] ?? name, ...addresses];
}

function allowedHosts(given: string | undefined, publicUrl: string | undefined): string[] {
  const listed = given ? given.split(",").map((item) => item.trim()) : machineHosts();
  const all = [...listed, ...(publicUrl ? [new URL(publicUrl).host] : [])];
  return [...new Set(all.filter(Boolean).map(normaliseHostName))];
}

/** Settings a selected provider cannot work without: named at start-up, not at the first order. */
function missingProviderSettings(c: z.infer<typeof configSchema>): string[] {
  const required: [boolean, string, (keyof typeof c)[]][] = [
    [
      c.PAYMENT_PROVIDER === "shiprocket",
      "PAYMENT_PROVIDER=shiprocket",
      ["SHIPROCKET_CHECKOUT_API_KEY", "SHIPROCKET_CHECKOUT_SECRET"],
    ],
    [
      c.SHIPPING_PROVIDER === "shiprocket",
      "SHIPPING_PROVIDER=shiprocket",
      ["SHIPROCKET_EMAIL", "SHIPROCKET_PASSWORD", "SHIPROCKET_PICKUP_PINCODE"],
    ],
  ];
  return required.flatMap(([selected, because, names]) =>
    selected ? names.filter((name) => !c[name]).map((name) => `${name}: required when ${because}`) : [],
  );
}

function paymentSettings(c: z.infer<typeof configSchema>, jwtSecret: string): Config["payment"] {
  const [headerName, headerValue] = c.SHIPROCKET_CHECKOUT_WEBHOOK_HEADER?.split(/:(.*)/s) ?? [];
  return {
    provider: c.PAYMENT_PROVIDER,
    sandbox: c.SANDBOX_PAYMENT_SECRET
      ? { secret: c.SANDBOX_PAYMENT_SECRET }
      : { secret: derivedSandboxSecret(jwtSecret), derived: true },
    shiprocket: {
      apiUrl: c.SHIPROCKET_CHECKOUT_API_URL.replace(/\/$/, ""),
      apiKey: c.SHIPROCKET_CHECKOUT_API_KEY,
      secret: c.SHIPROCKET_CHECKOUT_SECRET,
      webhookHeader:
        headerName && headerValue ? { name: headerName.trim().toLowerCase(), value: headerValue.trim() } : undefined,
    },
  };
}

function shippingSettings(c: z.infer<typeof configSchema>): Config["shipping"] {
  return {
    provider: c.SHIPPING_PROVIDER,
    sandbox: { minutesPerStep: c.SANDBOX_COURIER_MINUTES_PER_STEP },
    shiprocket: {
      apiUrl: c.SHIPROCKET_API_URL.replace(/\/$/, ""),
      email: c.SHIPROCKET_EMAIL,
      password: c.SHIPROCKET_PASSWORD,
      pickupLocation: c.SHIPROCKET_PICKUP_LOCATION,
      pickupPincode: c.SHIPROCKET_PICKUP_PINCODE,
    },
  };
}
