import { auditAnswerSchema, auditQuerySchema, adminMessages as m } from "@vaki/contract/admin/schemas";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AuditLog } from "./service.js";

/** GET /api/admin/audit: the log, newest first, filtered, keyset-paged. Nothing here writes. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditLog }> = async (app, { audit }) => {
  app.get(
    "/audit",
    {
      config: { permission: "audit:read" },
      schema: {
        tags: ["admin"],
        summary: "Audit events, newest first (filter by person, entity, action, dates)",
        querystring: auditQuerySchema,
        response: { 200: successEnvelope(auditAnswerSchema), 400: failure, 401: failure, 403: failure },
      },
    },
    async (request) => ({ success: true as const, message: m.ok, data: await audit.list(request.query) }),
  );
};
