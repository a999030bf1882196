import {
  adminAfterSalesListSchema,
  adminAfterSalesQuerySchema,
  adminAfterSalesRequestSchema,
  approveAfterSalesSchema,
  receiveAfterSalesSchema,
  refuseAfterSalesSchema,
} from "@vaki/contract/admin/exchanges";
import { refundStepUpAbovePaise } from "@vaki/contract/admin/inbox";
import { can } from "@vaki/contract/admin/permissions";
import { idParamsSchema, numericIdParamsSchema } from "@vaki/contract/admin/schemas";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import { afterSalesMessages as am } from "@vaki/contract/exchanges";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { StaffForbidden, StepUpRequired } from "../staff/errors.js";
import { auditContextOf } from "../staff/guard.js";
import type { StaffService } from "../staff/service.js";
import type { ExchangesService } from "./service.js";

const tags = ["admin: exchanges"];
const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure, 502: failure };
const ok = <T>(data: T, message: string) => ({ success: true as const, message, data });
const answer = successEnvelope(adminAfterSalesRequestSchema);
const photoParams = numericIdParamsSchema.extend({ photoId: z.coerce.number().int().min(1).max(2_147_483_647) });

/**
 * A refund also needs orders:refund (the route itself needs returns:write), and above the
 * inbox's limit a fresh step-up, as the order page's refund.
 */
const refundAllowed = (staff: StaffService, request: FastifyRequest) => (amount?: number) => {
  const principal = request.staff;
  if (!principal || !can(principal.staff.role, "orders:refund")) throw new StaffForbidden();
  if (amount !== undefined && amount > refundStepUpAbovePaise && !staff.hasFreshStepUp(principal)) {
    throw new StepUpRequired();
  }
};

/**
 * The inbox's "Exchanges & returns" tab and the decisions on one request, under /api/admin:
 * reading needs orders:read, every change returns:write (refunds also orders:refund); each
 * change is audited in its own transaction.
 */
export const exchangeAdminRoutes: FastifyPluginAsyncZod<{ exchanges: ExchangesService; staff: StaffService }> = async (
  app,
  { exchanges, staff },
) => {
  app.get(
    "/exchanges",
    {
      config: { permission: "orders:read" },
      schema: {
        tags,
        summary: "Requests of a view (to decide, in progress, closed, all), newest first, with the counts per view",
        querystring: adminAfterSalesQuerySchema,
        response: { 200: successEnvelope(adminAfterSalesListSchema), ...errors },
      },
    },
    async (request) => ok(await exchanges.list(request.query), "OK"),
  );

  app.get(
    "/exchanges/:id",
    {
      config: { permission: "orders:read" },
      schema: {
        tags,
        summary: "One request with what may be done next",
        params: numericIdParamsSchema,
        response: { 200: answer, ...errors },
      },
    },
    async (request) => ok(await exchanges.detail(request.params.id), "OK"),
  );

  app.get(
    "/orders/:id/exchanges",
    {
      config: { permission: "orders:read" },
      schema: {
        tags,
        summary: "The order's exchange and defect requests (the order page's list)",
        params: idParamsSchema,
        response: { 200: successEnvelope(z.object({ items: z.array(adminAfterSalesRequestSchema) })), ...errors },
      },
    },
    async (request) => ok({ items: await exchanges.ofOrder(request.params.id) }, "OK"),
  );

  app.get(
    "/exchanges/:id/photos/:photoId",
    {
      config: { permission: "orders:read" },
      schema: { tags, summary: "A photo of a defect report", params: photoParams },
    },
    async (request, reply) => {
      const photo = await exchanges.staffPhoto(request.params.id, request.params.photoId);
      return reply.type(photo.mime).header("cache-control", "private, no-store").send(photo.bytes);
    },
  );

  app.post(
    "/exchanges/:id/approve",
    {
      config: { permission: "returns:write" },
      schema: {
        tags,
        summary:
          "Approve: an exchange books the reverse pickup; a defect is refunded (orders:refund; credit note) or replaced (audited)",
        params: numericIdParamsSchema,
        body: approveAfterSalesSchema,
        response: { 200: answer, ...errors },
      },
    },
    async (request) => {
      const done = await exchanges.approve(
        request.params.id,
        request.body,
        auditContextOf(request),
        refundAllowed(staff, request),
      );
      return ok(done, done.returnAwb ? am.approvedPickup(done.returnAwb) : am.approved);
    },
  );

  app.post(
    "/exchanges/:id/refuse",
    {
      config: { permission: "returns:write" },
      schema: {
        tags,
        summary: "Refuse with a reason the customer reads; the held size goes back on sale (audited)",
        params: numericIdParamsSchema,
        body: refuseAfterSalesSchema,
        response: { 200: answer, ...errors },
      },
    },
    async (request) => ok(await exchanges.refuse(request.params.id, request.body, auditContextOf(request)), am.refused),
  );

  app.post(
    "/exchanges/:id/size-unavailable",
    {
      config: { permission: "returns:write" },
      schema: {
        tags,
        summary: "The held size is gone: the customer is asked for another size or a refund (audited)",
        params: numericIdParamsSchema,
        response: { 200: answer, ...errors },
      },
    },
    async (request) =>
      ok(await exchanges.sizeUnavailable(request.params.id, auditContextOf(request)), am.markedUnavailable),
  );

  app.post(
    "/exchanges/:id/receive",
    {
      config: { permission: "returns:write" },
      schema: {
        tags,
        summary:
          "The returned piece is in and checked: back on sale or written off; refunded now when the resolution is a refund (audited)",
        params: numericIdParamsSchema,
        body: receiveAfterSalesSchema,
        response: { 200: answer, ...errors },
      },
    },
    async (request) =>
      ok(
        await exchanges.receive(
          request.params.id,
          request.body,
          auditContextOf(request),
          refundAllowed(staff, request),
        ),
        am.received,
      ),
  );

  app.post(
    "/exchanges/:id/ship-replacement",
    {
      config: { permission: "returns:write" },
      schema: {
        tags,
        summary: "Ship the new size now (when the automatic step did not happen) (audited)",
        params: numericIdParamsSchema,
        response: { 200: answer, ...errors },
      },
    },
    async (request) => {
      const done = await exchanges.shipReplacementByStaff(request.params.id, auditContextOf(request));
      return ok(done, am.replacementShipped(done.replacementAwb ?? ""));
    },
  );
};
