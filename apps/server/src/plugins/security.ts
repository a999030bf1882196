import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/** Origins a payment gateway's browser side needs beyond the shop's own (none for the sandbox). */
export interface ExtraOrigins {
  script: readonly string[];
  style: readonly string[];
  frame: readonly string[];
}

const noExtraOrigins: ExtraOrigins = { script: [], style: [], frame: [] };

/**
 * Helmet's policy for the shop: a strict CSP (no inline scripts) that admits the configured
 * payment gateway's script, stylesheet and hosted-checkout frame and nothing more, frame
 * denial, HSTS behind HTTPS.
 */
function helmetOptions(behindHttps: boolean, extra: ExtraOrigins): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra.script],
        styleSrc: ["'self'", "'unsafe-inline'", ...extra.style],
        ...(extra.frame.length > 0 ? { frameSrc: ["'self'", ...extra.frame] } : {}),
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    hsts: behindHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/**
 * Runs helmet once and records the headers it sets. The policy is the same for every answer,
 * so sending the recorded headers avoids re-parsing the CSP directives on every request
 * (helmet's middleware does that each time; it showed in the catalogue benchmark's profile).
 */
export function securityHeaders(behindHttps: boolean, extra: ExtraOrigins = noExtraOrigins): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(behindHttps, extra))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

/** Security headers for every answer; HSTS only when the shop sits behind HTTPS (TRUST_PROXY). */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { behindHttps: boolean; payment?: ExtraOrigins },
): void {
  const headers = securityHeaders(options.behindHttps, options.payment);
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(headers);
    // Product pictures are shown on other origins too: in e-mail clients (the order e-mails) and link previews.
    if (request.url.startsWith("/media/")) reply.header("cross-origin-resource-policy", "cross-origin");
    done();
  });
}
