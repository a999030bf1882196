import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** OpenAPI document generated from the routes' zod schemas, with its UI at /api/docs. */
export async function registerApiDocs(app: FastifyInstance, options: { shopName: string; version: string }) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${options.shopName} shop API`,
        description: "Catalogue, cart, checkout, orders and accounts of the shop. Money is in paise.",
        version: options.version,
      },
      components: {
        securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: false });
}
