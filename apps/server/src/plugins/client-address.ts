import { commonMessages } from "@vaki/contract/messages";
import type { FastifyInstance } from "fastify";
import { normaliseHostName } from "../config.js";
import { InvalidInput } from "../lib/errors.js";
import { type ExemptAddresses, exemptAddresses } from "../lib/rate-limit/rate-limiter.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Direct callers the per-address limits leave out (RATE_LIMIT_EXEMPT_ADDRESSES); read by `clientAddressOf`. */
    rateLimitExempt: ExemptAddresses;
  }
}

export const forwardedWithoutTrustWarning =
  "A request carried X-Forwarded-For but TRUST_PROXY is off: every shopper behind this proxy is counted as the proxy's one address, so one client's limits (logins, held stock) fall on everyone. Set TRUST_PROXY to the proxy's address (e.g. TRUST_PROXY=loopback for a proxy on this machine).";

/**
 * Who the client is and which host it asked for: the exempt addresses for `clientAddressOf`; a
 * warning, once per process, the first time X-Forwarded-For arrives while TRUST_PROXY is off; and
 * a 400 for any Host the shop is not configured for, before any route builds a link from it.
 */
export function registerClientAddress(
  app: FastifyInstance,
  options: { trustProxy: boolean | string[]; exemptAddresses: string[]; allowedHosts: string[] },
): void {
  app.decorate("rateLimitExempt", exemptAddresses(options.exemptAddresses));
  const allowed = new Set(options.allowedHosts);
  let warned = options.trustProxy !== false;
  app.addHook("onRequest", async (request) => {
    if (!warned && request.headers["x-forwarded-for"] !== undefined) {
      warned = true;
      request.log.warn(forwardedWithoutTrustWarning);
    }
    // request.host is the Host header, or X-Forwarded-Host from a trusted proxy: what links are built from.
    const host = request.host;
    if (host && !allowed.has(normaliseHostName(host))) throw new InvalidInput(commonMessages.unknownHost);
  });
}
