import type { FastifyInstance } from "fastify";
import { userFacingValidation } from "./error-handler.js";

// Any Fastify instance, whatever its type provider (the route plugins use zod's).
// biome-ignore lint/suspicious/noExplicitAny: the hooks below do not depend on the instance's generics.
type AnyFastify = FastifyInstance<any, any, any, any, any>;

/**
 * The two hooks every API route plugin shares: validation failures answered in the shop's words
 * (`userFacingValidation`), and, for personal answers, `cache-control: no-store` so no browser or
 * proxy keeps them.
 */
export function applyRouteDefaults(app: AnyFastify, options: { noStore: boolean }): void {
  app.addHook("onRoute", (route) => {
    route.schemaErrorFormatter ??= userFacingValidation;
  });
  if (options.noStore) {
    app.addHook("onRequest", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });
  }
}
