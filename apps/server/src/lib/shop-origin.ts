import type { FastifyRequest } from "fastify";

/** Where the shop is reached: PUBLIC_URL when it is set, else the origin each shopper used. */
export interface ShopAddress {
  /** PUBLIC_URL, or http://localhost:PORT when unset (e-mails, which have no request). */
  publicUrl: string;
  /** Whether PUBLIC_URL was set: then it wins everywhere. */
  publicUrlSet: boolean;
}

/** A Host header worth echoing: a DNS name, IPv4 or [IPv6], with an optional port. */
const hostPattern =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The origin of the request as the browser addressed it (protocol and host behind TRUST_PROXY), if sane. */
export function requestOrigin(request: FastifyRequest): string | undefined {
  const host = request.host;
  if (!host || !hostPattern.test(host)) return undefined;
  try {
    // Through URL: "localhost:80" and "LOCALHOST" read as the browser's origin "http://localhost".
    return new URL(`${request.protocol === "https" ? "https" : "http"}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * The origin for links the shopper's browser follows (payment return, sandbox script, tracking
 * link): PUBLIC_URL when set; otherwise the origin of the shopper's request, so a phone on the
 * same network or 127.0.0.1 comes back to the address it used, not to localhost.
 */
export function shopOriginFor(request: FastifyRequest, shop: ShopAddress): string {
  if (shop.publicUrlSet) return shop.publicUrl;
  return requestOrigin(request) ?? shop.publicUrl;
}

/**
 * A path of the shop (`/media/...`) under its origin or public URL (a PUBLIC_URL with a path keeps
 * it), for e-mails and link previews; an absolute URL stays as it is.
 */
export function absoluteUrl(publicUrl: string, url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith("//")) return `https:${url}`;
  return `${publicUrl.replace(/\/+$/, "")}/${url.replace(/^\/+/, "")}`;
}
