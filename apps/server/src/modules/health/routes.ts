import { failureEnvelopeSchema, successEnvelope } from "@vaki/contract/envelope";
import { healthSchema } from "@vaki/contract/health";
import { commonMessages } from "@vaki/contract/messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Dialect } from "../../db/connection.js";

export interface HealthDeps {
  dialect: Dialect;
  version: string;
  shopName: string;
  isDatabaseUp: () => Promise<boolean>;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthDeps> = async (app, deps) => {
  app.get(
    "/api/health",
    {
      schema: {
        tags: ["health"],
        summary: "Whether the shop and its database are up",
        response: { 200: successEnvelope(healthSchema), 503: failureEnvelopeSchema.extend({ data: healthSchema }) },
      },
    },
    async (_request, reply) => {
      const up = await deps.isDatabaseUp();
      const data = {
        status: up ? ("ok" as const) : ("degraded" as const),
        database: up ? ("up" as const) : ("down" as const),
        dialect: deps.dialect,
        version: deps.version,
        shopName: deps.shopName,
      };
      reply.header("cache-control", "no-store");
      if (up) return { success: true as const, message: commonMessages.ok, data };
      return reply
        .status(503)
        .send({ success: false as const, message: commonMessages.databaseDown, error: "ServiceUnavailable", data });
    },
  );
};
