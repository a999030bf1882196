import {
  clubAnswerSchema,
  clubCsvQuerySchema,
  clubQuerySchema,
  customerMessages as cm,
  customerBlockRequestSchema,
  customerBlockStateSchema,
  customerErasedSchema,
  customerEraseRequestSchema,
} from "@vaki/contract/admin/customers";
import { idParamsSchema } from "@vaki/contract/admin/schemas";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CustomerAdminService } from "../accounts/customer-admin.js";
import type { AuditLog } from "../audit/service.js";
import type { ClubAdmin } from "../community/club-admin.js";
import { auditContextOf } from "../staff/guard.js";

const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure };
const ok = <T>(data: T, message: string) => ({ success: true as const, message, data });

export interface AdminCustomerDeps {
  customers: CustomerAdminService;
  club: ClubAdmin;
  audit: AuditLog;
}

/**
 * The owner's actions on a customer (block, unblock, DPDP export and erase) and the Club's
 * members (list, CSV). Every one is audited in the transaction of what it does.
 */
export const adminCustomerRoutes: FastifyPluginAsyncZod<AdminCustomerDeps> = async (
  app,
  { customers, club, audit },
) => {
  const tags = ["admin: customers"];

  app.post(
    "/customers/:id/block",
    {
      config: { permission: "customers:write" },
      schema: {
        tags,
        summary: "Block the customer from signing in and end all their sessions (audited with the reason)",
        params: idParamsSchema,
        body: customerBlockRequestSchema,
        response: { 200: successEnvelope(customerBlockStateSchema), ...errors },
      },
    },
    async (request) => {
      const context = auditContextOf(request);
      const { id } = request.params;
      const state = await customers.block(id, request.body.reason, (trx) =>
        audit.record(trx, context, {
          action: "customer.block",
          entityType: "customer",
          entityId: id,
          changes: { blocked: { before: false, after: true }, reason: { before: null, after: request.body.reason } },
        }),
      );
      return ok(state, cm.blocked);
    },
  );

  app.post(
    "/customers/:id/unblock",
    {
      config: { permission: "customers:write" },
      schema: {
        tags,
        summary: "Let the customer sign in again (audited with the reason)",
        params: idParamsSchema,
        body: customerBlockRequestSchema,
        response: { 200: successEnvelope(customerBlockStateSchema), ...errors },
      },
    },
    async (request) => {
      const context = auditContextOf(request);
      const { id } = request.params;
      const state = await customers.unblock(id, (trx) =>
        audit.record(trx, context, {
          action: "customer.unblock",
          entityType: "customer",
          entityId: id,
          changes: { blocked: { before: true, after: false }, reason: { before: null, after: request.body.reason } },
        }),
      );
      return ok(state, cm.unblocked);
    },
  );

  app.get(
    "/customers/:id/export",
    {
      config: { permission: "customers:export", stepUp: true },
      schema: {
        tags,
        summary: "Everything the shop holds on the customer, as a JSON download (DPDP Act; step-up; audited)",
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const context = auditContextOf(request);
      const { id } = request.params;
      const data = await customers.exportData(id, (trx) =>
        audit.record(trx, context, { action: "customer.export", entityType: "customer", entityId: id }),
      );
      const day = data.exportedAt.slice(0, 10);
      return reply
        .type("application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="customer-${id}-${day}.json"`)
        .header("cache-control", "no-store")
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.post(
    "/customers/:id/erase",
    {
      config: { permission: "customers:write", stepUp: true },
      schema: {
        tags,
        summary:
          "Erase the customer's personal data (DPDP Act): account, sessions, Club, wishlist, notify-me, cart; orders kept anonymised (step-up; audited)",
        params: idParamsSchema,
        body: customerEraseRequestSchema,
        response: { 200: successEnvelope(customerErasedSchema), ...errors },
      },
    },
    async (request) => {
      const context = auditContextOf(request);
      const { id } = request.params;
      const outcome = await customers.erase(id, request.body.email, (trx, counts) =>
        audit.record(trx, context, {
          action: "customer.erase",
          entityType: "customer",
          entityId: id,
          // Counts only: the event must not keep what was erased.
          changes: {
            erased: { before: null, after: true },
            ordersAnonymised: { before: null, after: counts.ordersAnonymised },
          },
        }),
      );
      return ok(outcome, cm.erased);
    },
  );

  app.get(
    "/club",
    {
      config: { permission: "customers:read" },
      schema: {
        tags,
        summary: "Club members, newest first, keyset-paged (search by name, e-mail or phone)",
        querystring: clubQuerySchema,
        response: { 200: successEnvelope(clubAnswerSchema), ...errors },
      },
    },
    async (request) => ok(await club.list(request.query), "Club members"),
  );

  app.get(
    "/club.csv",
    {
      config: { permission: "customers:export" },
      schema: {
        tags,
        summary: "Club members as CSV (audited: who exported, how many rows)",
        querystring: clubCsvQuerySchema,
      },
    },
    async (request, reply) => {
      const context = auditContextOf(request);
      const text = await club.csv(request.query.q, (trx, rows) =>
        audit.record(trx, context, {
          action: "club.export",
          entityType: "club",
          entityId: "members",
          changes: {
            rows: { before: null, after: rows },
            ...(request.query.q ? { q: { before: null, after: request.query.q } } : {}),
          },
        }),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="club-members-${day}.csv"`)
        .header("cache-control", "no-store")
        .send(text);
    },
  );
};
