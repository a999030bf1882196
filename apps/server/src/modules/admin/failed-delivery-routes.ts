import {
  failedDeliveryMessages as fm,
  reattemptRequestSchema,
  receiveReturnRequestSchema,
} from "@vaki/contract/admin/failed-delivery";
import { orderActionAnswerSchema } from "@vaki/contract/admin/inbox";
import { idParamsSchema } from "@vaki/contract/admin/schemas";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditContextOf } from "../staff/guard.js";
import type { FailedDeliveryActions } from "./failed-delivery-actions.js";

const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure, 502: failure };
const ok = <T>(data: T, message: string) => ({ success: true as const, message, data });

/** A failed delivery's actions on one order (re-attempt, return to origin, receive the return); each audited. */
export const failedDeliveryRoutes: FastifyPluginAsyncZod<{ actions: FailedDeliveryActions }> = async (
  app,
  { actions },
) => {
  app.post(
    "/orders/:id/reattempt",
    {
      config: { permission: "shipments:write" },
      schema: {
        tags: ["admin"],
        summary: "Ask the courier to deliver again on a day (today to 7 days ahead), calling this phone (audited)",
        params: idParamsSchema,
        body: reattemptRequestSchema,
        response: { 200: successEnvelope(orderActionAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const answer = await actions.reattempt(request.params.id, request.body, auditContextOf(request));
      return ok(answer, fm.reattemptRequested(request.body.date));
    },
  );

  app.post(
    "/orders/:id/return-to-origin",
    {
      config: { permission: "shipments:write" },
      schema: {
        tags: ["admin"],
        summary: "Ask the courier to bring an undelivered parcel back to the warehouse (cannot be undone; audited)",
        params: idParamsSchema,
        response: { 200: successEnvelope(orderActionAnswerSchema), ...errors },
      },
    },
    async (request) => ok(await actions.returnToOrigin(request.params.id, auditContextOf(request)), fm.returnRequested),
  );

  app.post(
    "/orders/:id/receive-return",
    {
      config: { permission: "returns:write" },
      schema: {
        tags: ["admin"],
        summary:
          "The returned parcel is back: restock what passed the check, write off the rest, cancel the order and refund a prepaid one in full (audited)",
        params: idParamsSchema,
        body: receiveReturnRequestSchema,
        response: {
          200: successEnvelope(z.object({ order: orderActionAnswerSchema, refunded: z.number().int() })),
          ...errors,
        },
      },
    },
    async (request) => {
      const answer = await actions.receiveReturn(request.params.id, request.body, auditContextOf(request));
      return ok(answer, answer.refunded > 0 ? fm.returnReceivedRefunded : fm.returnReceived);
    },
  );
};
