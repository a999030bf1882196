import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { accountMessages } from "@vaki/contract/messages";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "../lib/clock.js";
import { Forbidden } from "../lib/errors.js";

export const csrfCookieName = "csrf_token";
export const csrfHeaderName = "x-csrf-token";
/** R-ORD-9 — CSRF cookie lifetime 60 minutes. */
export const csrfLifetimeMs = 60 * 60 * 1000;

const nonceBytes = 16;
const expiryBytes = 8;
const macBytes = 32;
const tokenBytes = nonceBytes + expiryBytes + macBytes;

/**
 * Double-submit CSRF protection: the token sits in a readable cookie and the client echoes it
 * in the X-CSRF-Token header, which another site can neither read nor set. The token is also
 * signed with the shop's secret and carries its expiry, so a planted or stale cookie is refused.
 * Token text is base64url (letters, digits, _ and -), 75 characters (R-ORD-5).
 */
export class CsrfProtection {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly clock: Clock,
    private readonly secureCookies: boolean,
  ) {
    this.key = createHmac("sha256", secret).update("vaki csrf token v1").digest();
  }

  /** Makes a token, sets its cookie on the reply and answers the token for the body. */
  issue(reply: FastifyReply): { csrfToken: string; expiresAt: string } {
    const expiresAt = new Date(this.clock.now().getTime() + csrfLifetimeMs);
    const payload = Buffer.alloc(nonceBytes + expiryBytes);
    randomBytes(nonceBytes).copy(payload);
    payload.writeBigUInt64BE(BigInt(expiresAt.getTime()), nonceBytes);
    const csrfToken = Buffer.concat([payload, this.mac(payload)]).toString("base64url");
    reply.setCookie(csrfCookieName, csrfToken, {
      path: "/",
      httpOnly: false,
      sameSite: "lax",
      secure: this.secureCookies,
      maxAge: csrfLifetimeMs / 1000,
    });
    return { csrfToken, expiresAt: expiresAt.toISOString() };
  }

  /** preHandler: refuses with 403 naming CSRF unless header and cookie carry the same live token. */
  readonly verify = async (request: FastifyRequest): Promise<void> => {
    if (!this.isValid(request.headers[csrfHeaderName], request.cookies[csrfCookieName])) {
      throw new Forbidden(accountMessages.csrfInvalid);
    }
  };

  isValid(header: unknown, cookie: unknown): boolean {
    if (typeof header !== "string" || typeof cookie !== "string") return false;
    if (!/^[A-Za-z0-9_-]{10,200}$/.test(header)) return false;
    const fromHeader = Buffer.from(header);
    const fromCookie = Buffer.from(cookie);
    if (fromHeader.length !== fromCookie.length || !timingSafeEqual(fromHeader, fromCookie)) return false;
    const raw = Buffer.from(header, "base64url");
    if (raw.length !== tokenBytes) return false;
    const payload = raw.subarray(0, nonceBytes + expiryBytes);
    if (!timingSafeEqual(raw.subarray(nonceBytes + expiryBytes), this.mac(payload))) return false;
    return Number(payload.readBigUInt64BE(nonceBytes)) > this.clock.now().getTime();
  }

  private mac(payload: Buffer): Buffer {
    return createHmac("sha256", this.key).update(payload).digest();
  }
}
