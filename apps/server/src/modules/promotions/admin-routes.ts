import { couponInputSchema, couponMessages, couponSchema, couponsAnswerSchema } from "@vaki/contract/admin/coupons";
import { numericIdParamsSchema } from "@vaki/contract/admin/schemas";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AuditLog } from "../audit/service.js";
import { auditContextOf } from "../staff/guard.js";
import { type CouponChange, type CouponsService, couponChanges } from "./coupons.js";

const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure };
const ok = <T>(data: T, message: string) => ({ success: true as const, message, data });

/** The admin's coupons (under /api/admin): list with use, create, edit; every change audited. */
export const couponAdminRoutes: FastifyPluginAsyncZod<{ coupons: CouponsService; audit: AuditLog }> = async (
  app,
  { coupons, audit },
) => {
  const tags = ["admin: coupons"];

  app.get(
    "/coupons",
    {
      config: { permission: "coupons:read" },
      schema: {
        tags,
        summary: "Every coupon with its use",
        response: { 200: successEnvelope(couponsAnswerSchema), ...errors },
      },
    },
    async () => ok({ coupons: await coupons.list() }, "Coupons"),
  );

  app.post(
    "/coupons",
    {
      config: { permission: "coupons:write" },
      schema: {
        tags,
        summary: "Create a coupon",
        body: couponInputSchema,
        response: { 201: successEnvelope(couponSchema), ...errors },
      },
    },
    async (request, reply) => {
      const context = auditContextOf(request);
      const audited: CouponChange = (trx, before, after) =>
        audit.record(trx, context, {
          action: "coupon.create",
          entityType: "coupon",
          entityId: String(after.id),
          changes: couponChanges(before, after),
        });
      const coupon = await coupons.create(request.body, audited);
      return reply.status(201).send(ok(coupon, couponMessages.created(coupon.code)));
    },
  );

  app.put(
    "/coupons/:id",
    {
      config: { permission: "coupons:write" },
      schema: {
        tags,
        summary: "Edit a coupon (its use count is the orders', never edited)",
        params: numericIdParamsSchema,
        body: couponInputSchema,
        response: { 200: successEnvelope(couponSchema), ...errors },
      },
    },
    async (request) => {
      const context = auditContextOf(request);
      const audited: CouponChange = (trx, before, after) =>
        audit.record(trx, context, {
          action: "coupon.update",
          entityType: "coupon",
          entityId: String(after.id),
          changes: couponChanges(before, after),
        });
      const coupon = await coupons.update(request.params.id, request.body, audited);
      return ok(coupon, couponMessages.updated(coupon.code));
    },
  );
};
