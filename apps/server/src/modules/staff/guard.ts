import { can, type Permission } from "@vaki/contract/admin/permissions";
import { adminMessages, staffCookieName, staffCsrfHeader } from "@vaki/contract/admin/schemas";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { DomainError } from "../../lib/errors.js";
import { clientAddressOf } from "../../lib/rate-limit/rate-limiter.js";
import type { AuditContext } from "../audit/types.js";
import { StaffForbidden, StepUpRequired } from "./errors.js";
import type { StaffPrincipal, StaffService } from "./service.js";

/**
 * What an /api/admin route needs: a permission, or "session" (any signed-in staff person), or
 * "public" (the setup and sign-in calls made before a session exists).
 */
export type AdminAccess = Permission | "session" | "public";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Every /api/admin route declares this; the server refuses to start if one does not. */
    permission?: AdminAccess;
    /** The call also needs the password and a fresh code confirmed in the last 5 minutes. */
    stepUp?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in staff person on /api/admin routes; null elsewhere. */
    staff: StaffPrincipal | null;
  }
}

/** 403 `csrf_invalid`: a write without this session's X-CSRF-Token. */
export class StaffCsrfInvalid extends DomainError {
  readonly status = 403;
  readonly kind = "csrf_invalid";
  constructor() {
    super(adminMessages.csrfInvalid);
  }
}

/** Adds `request.staff`; call once on the root instance. */
export function registerStaffPrincipal(app: FastifyInstance): void {
  app.decorateRequest("staff", null);
}

/** The route's declared access; throws for a route that declares none (caught at start-up). */
export function declaredAccess(config: unknown, url: string): AdminAccess {
  const permission = (config as { permission?: AdminAccess } | undefined)?.permission;
  if (!permission) throw new Error(`Admin route ${url} declares no permission (config.permission)`);
  return permission;
}

/**
 * The preValidation check of every /api/admin route (before the body is validated, so a
 * stranger gets 401 rather than field errors): session cookie, CSRF token on writes,
 * permission, step-up.
 */
export function requirePermission(staff: StaffService, access: AdminAccess, stepUp = false) {
  return async (request: FastifyRequest): Promise<void> => {
    if (access === "public") return;
    const principal = await staff.authenticate(request.cookies[staffCookieName]);
    request.staff = principal;
    if (request.method !== "GET" && request.method !== "HEAD") {
      const header = request.headers[staffCsrfHeader];
      if (!staff.csrfMatches(principal, typeof header === "string" ? header : undefined)) throw new StaffCsrfInvalid();
    }
    if (access !== "session" && !can(principal.staff.role, access)) throw new StaffForbidden();
    if (stepUp && !staff.hasFreshStepUp(principal)) throw new StepUpRequired();
  };
}

/** Who and from where, for the audit log. */
export function auditContextOf(request: FastifyRequest): AuditContext & { address: string } {
  return { actorId: request.staff?.staff.id ?? null, requestId: request.id, address: request.ip };
}

/** The subject per-address throttles count (loopback callers are spared, as for customers). */
export function throttleAddressOf(request: FastifyRequest): string {
  return clientAddressOf(request);
}
