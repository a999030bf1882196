import {
  backInStockRequestSchema,
  backInStockUnsubscribeSchema,
  backInStockMessages as m,
} from "@vaki/contract/back-in-stock";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { applyRouteDefaults } from "../../plugins/route-defaults.js";
import type { AuthGuard } from "../accounts/auth-guard.js";
import type { BackInStockService } from "./service.js";

const tags = ["back in stock"];
const done = successEnvelope(z.object({ done: z.literal(true) }));
const failures = { 400: failure, 404: failure, 409: failure };

/** "Notify me when it is back": guests and customers alike (a customer's request is linked to the account). */
export const backInStockRoutes: FastifyPluginAsyncZod<{ backInStock: BackInStockService; auth: AuthGuard }> = async (
  app,
  { backInStock, auth },
) => {
  applyRouteDefaults(app, { noStore: true });

  app.post(
    "/api/back-in-stock",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags,
        summary: "Leave an e-mail on a sold-out size; asking again changes nothing",
        body: backInStockRequestSchema,
        response: { 201: done, ...failures },
      },
    },
    async (request, reply) => {
      await backInStock.request({ ...request.body, userId: request.user?.id ?? null });
      return reply.status(201).send({ success: true as const, message: m.requested, data: { done: true as const } });
    },
  );

  app.post(
    "/api/back-in-stock/unsubscribe",
    {
      schema: {
        tags,
        summary: "The e-mail's link: no more back-in-stock alerts to its address",
        body: backInStockUnsubscribeSchema,
        response: { 200: done, ...failures },
      },
    },
    async (request) => {
      await backInStock.unsubscribe(request.body.token);
      return { success: true as const, message: m.unsubscribed, data: { done: true as const } };
    },
  );
};
