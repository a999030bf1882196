import { productKeySchema } from "@vaki/contract/catalog";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { CatalogService } from "../catalog/service.js";
import type { IndexTemplate } from "./index-template.js";

export interface StorefrontRoutesDeps {
  catalog: CatalogService;
  template: IndexTemplate;
}

/**
 * Storefront pages whose existence the server knows: a product or category that does not exist
 * answers 404 with the storefront's page (the app then shows its not-found page), not 200.
 */
export const storefrontRoutes: FastifyPluginAsync<StorefrontRoutesDeps> = async (app, { catalog, template }) => {
  const send = (reply: FastifyReply, status: number) =>
    reply.status(status).header("cache-control", "no-cache").type("text/html; charset=utf-8").send(template.html());

  const productExists = async (raw: string) => {
    const key = productKeySchema.safeParse(raw);
    if (!key.success) return false;
    try {
      await catalog.product(key.data);
      return true;
    } catch {
      return false;
    }
  };
  const categoryExists = async (raw: string) => {
    const key = productKeySchema.safeParse(raw);
    return key.success && (await catalog.findCategory(key.data)) !== undefined;
  };

  // Pages, not API: left out of the OpenAPI document.
  const page = { schema: { hide: true } };
  app.get<{ Params: { key: string } }>("/product/:key", page, async (request, reply) =>
    send(reply, (await productExists(request.params.key)) ? 200 : 404),
  );
  for (const path of ["/products/:key", "/category-products/:key"]) {
    app.get<{ Params: { key: string } }>(path, page, async (request, reply) =>
      send(reply, (await categoryExists(request.params.key)) ? 200 : 404),
    );
  }
};
