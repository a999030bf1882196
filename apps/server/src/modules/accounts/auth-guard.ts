import type { UserRole } from "@vaki/contract/accounts";
import { accountMessages, commonMessages } from "@vaki/contract/messages";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Forbidden, Unauthorised } from "../../lib/errors.js";

/** Who is calling, derived from the access token only (never from a userId in the request). */
export interface AuthenticatedUser {
  id: string;
  role: UserRole;
  sessionId: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the auth guard's hooks; null for guests. */
    user: AuthenticatedUser | null;
  }
}

/** Checks an access token and its session; throws Unauthorised when either is not good. */
export type Authenticate = (accessToken: string) => Promise<AuthenticatedUser>;

export type GuardHandler = (request: FastifyRequest) => Promise<void>;

/**
 * Hooks that later modules (cart, orders, admin) put on their routes, as `preValidation` so an
 * unauthenticated caller gets 401 before any body validation runs:
 * `app.post(url, { preValidation: auth.requireUser, schema }, handler)`.
 */
export interface AuthGuard {
  /** 401 unless a valid bearer token of a live session is sent; sets request.user. */
  requireUser: GuardHandler;
  /** Guests pass with request.user = null; a bearer token that is sent must be valid (401 lets the client refresh). */
  optionalUser: GuardHandler;
  /** requireUser, then 403 unless the user has the role. */
  requireRole(role: UserRole): GuardHandler;
  /** The caller if a valid bearer token is sent, else null; never throws (logout uses it). */
  identify(request: FastifyRequest): Promise<AuthenticatedUser | null>;
}

/** Adds `request.user` to every request of the app; call once on the root instance. */
export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest("user", null);
}

const bearerPattern = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;

function bearerToken(request: FastifyRequest): string | null | "malformed" {
  const header = request.headers.authorization;
  if (header === undefined || header === "") return null;
  if (header.length > 4096) return "malformed";
  return bearerPattern.exec(header.trim())?.[1] ?? "malformed";
}

export function createAuthGuard(authenticate: Authenticate): AuthGuard {
  const requireUser: GuardHandler = async (request) => {
    const token = bearerToken(request);
    if (token === null || token === "malformed") throw new Unauthorised(commonMessages.unauthorised);
    request.user = await authenticate(token);
  };
  return {
    requireUser,
    async optionalUser(request) {
      const token = bearerToken(request);
      if (token === null) {
        request.user = null;
        return;
      }
      if (token === "malformed") throw new Unauthorised(commonMessages.unauthorised);
      request.user = await authenticate(token);
    },
    requireRole(role) {
      return async (request) => {
        await requireUser(request);
        if (request.user?.role !== role) throw new Forbidden(accountMessages.adminOnly);
      };
    },
    async identify(request) {
      const token = bearerToken(request);
      if (token === null || token === "malformed") return null;
      try {
        return await authenticate(token);
      } catch {
        return null;
      }
    },
  };
}

/**
 * The server is the authority on who calls (R-SHOP-13): a userId sent in a body or query is
 * only accepted when it names the caller; anything else is refused with 403.
 */
export function assertClaimedUser(caller: AuthenticatedUser, ...claimed: (string | number | undefined | null)[]): void {
  for (const id of claimed) {
    if (id !== undefined && id !== null && id !== "" && String(id) !== caller.id) {
      throw new Forbidden(accountMessages.notYourAccount);
    }
  }
}
