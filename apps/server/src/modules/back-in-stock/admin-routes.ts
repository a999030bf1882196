import { backInStockDemandAnswerSchema, backInStockDemandQuerySchema } from "@vaki/contract/admin/back-in-stock";
import { adminMessages as m } from "@vaki/contract/admin/schemas";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { BackInStockService } from "./service.js";

const errors = { 400: failure, 401: failure, 403: failure };

/** The owner's view of back-in-stock demand (under /api/admin, registered by admin/api.ts): reads only. */
export const backInStockAdminRoutes: FastifyPluginAsyncZod<{ backInStock: BackInStockService }> = async (
  app,
  { backInStock },
) => {
  app.get(
    "/back-in-stock",
    {
      // Demand is a product and stock fact: whoever reads the catalogue may read it.
      config: { permission: "products:read" },
      schema: {
        tags: ["admin: back in stock"],
        summary: "Variants shoppers are waiting for, most waiting requests first, keyset-paged",
        querystring: backInStockDemandQuerySchema,
        response: { 200: successEnvelope(backInStockDemandAnswerSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, message: m.ok, data: await backInStock.demand(request.query) }),
  );
};
