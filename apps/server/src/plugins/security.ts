import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/** Helmet's policy for the shop: a strict CSP (no inline scripts), frame denial, HSTS behind HTTPS. */
function helmetOptions(behindHttps: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
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
export function securityHeaders(behindHttps: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(behindHttps))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

/** Security headers for every answer; HSTS only when the shop sits behind HTTPS (TRUST_PROXY). */
export function registerSecurityHeaders(app: FastifyInstance, options: { behindHttps: boolean }): void {
  const headers = securityHeaders(options.behindHttps);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
