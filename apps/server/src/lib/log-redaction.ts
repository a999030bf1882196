import type { FastifyRequest } from "fastify";

/** Query parameters whose values let their holder act as someone: never written to the logs. */
const secretParameters = new Set([
  "ordersecret",
  "secret",
  "guestsessionid",
  "token",
  "fpt",
  "checkoutid",
  "access_token",
  "refresh_token",
  "password",
]);

/** Path segments that are bearer secrets themselves: the payment page's token, a checkout's id. */
const secretPaths: RegExp[] = [/^(\/sandbox\/pay\/)[^/?#]+/, /^(\/api\/checkout\/)(?!initiate|webhook|send)[^/?#]+/];

export const redacted = "[redacted]";

/** The request URL as logs may show it: secret path segments and query values replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  let pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const pattern of secretPaths) pathname = pathname.replace(pattern, `$1${redacted}`);
  if (queryAt === -1) return pathname;
  const query = url
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, " "));
      } catch {
        // A malformed name is logged as sent; its value still goes through the check below.
      }
      return equals !== -1 && secretParameters.has(name.toLowerCase()) ? `${rawName}=${redacted}` : pair;
    })
    .join("&");
  return `${pathname}?${query}`;
}

/** Fastify's request serializer, with the URL redacted (bodies and headers are never logged). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** pino paths blanked in case a log call ever passes headers or a body along. */
export const redactedLogPaths = [
  "req.headers.authorization",
  "req.headers.cookie",
  "req.headers['x-guest-session-id']",
  "req.headers['x-csrf-token']",
  "res.headers['set-cookie']",
  "*.orderSecret",
  "*.guestSessionId",
  "*.password",
  "*.token",
];

/** The part of pino's `logMethod` hook this module uses (pino comes with Fastify). */
type LogCall = (...args: unknown[]) => void;

/**
 * pino's `logMethod` hook: a browser that goes away mid-answer (a closed tab, a page left while
 * loading) is not the shop's error. @fastify/compress logs any failure of its compression pipe at
 * error level, and a cancelled download ends that pipe with end-of-stream's "premature close"
 * (an Error without a code). Fastify logs the same event of its own streams at info ("stream
 * closed prematurely"); this logs compress's at info too. Every other error keeps its level.
 */
export function clientGoneAtInfo(this: { info: LogCall }, args: unknown[], method: LogCall, level: number): void {
  const [first] = args;
  if (level >= 50 && first instanceof Error && first.message === "premature close" && !("code" in first)) {
    this.info({ err: first }, "the client went away before the answer ended");
    return;
  }
  method.apply(this, args);
}
