import { createHash, randomBytes } from "node:crypto";
import type { UserRole } from "@vaki/contract/accounts";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";

/** R-ORD-4 — a session ends 8 hours after login, whatever the refreshes. */
export const sessionLifetimeMs = 8 * 60 * 60 * 1000;
/** Access tokens are short so a revoked session stops working soon even without the session check. */
export const accessTokenLifetimeMs = 15 * 60 * 1000;

const audience = "vaki-api";

export interface AccessClaims {
  userId: string;
  sessionId: string;
  role: UserRole;
}

export type AccessTokenProblem = "expired" | "invalid";

/** Signs and checks HS256 access tokens with the shop's secret; "now" comes from the caller's clock. */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly issuer: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: AccessClaims, now: Date, sessionEndsAt: Date): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(Math.min(now.getTime() + accessTokenLifetimeMs, sessionEndsAt.getTime()));
    const token = await new SignJWT({ sid: claims.sessionId, role: claims.role })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(claims.userId)
      .setIssuer(this.issuer)
      .setAudience(audience)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  async verify(token: string, now: Date): Promise<AccessClaims | AccessTokenProblem> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ["HS256"],
        issuer: this.issuer,
        audience,
        currentDate: now,
        requiredClaims: ["sub", "exp", "iat"],
      });
      const { sub, sid, role } = payload;
      if (typeof sub !== "string" || typeof sid !== "string" || (role !== "customer" && role !== "admin")) {
        return "invalid";
      }
      return { userId: sub, sessionId: sid, role };
    } catch (error) {
      return error instanceof joseErrors.JWTExpired ? "expired" : "invalid";
    }
  }
}

/** 32 random bytes, base64url: refresh and reset tokens. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Opaque tokens are stored only as their SHA-256, so a database leak does not leak live tokens. */
export function hashOpaqueToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
