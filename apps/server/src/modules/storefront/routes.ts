import { listFilterParams } from "@vaki/contract/product-list";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { preferredEncoding } from "../../lib/content-encoding.js";
import { type ShopAddress, shopOriginFor } from "../../lib/shop-origin.js";
import { appOnlyPaths, type StorefrontPages, type StorefrontRoute, staticPages } from "./pages.js";

export interface StorefrontRoutesDeps {
  pages: StorefrontPages;
  shop: ShopAddress;
}

/**
 * Storefront pages the server renders a head for (title, description, canonical URL, Open Graph,
 * JSON-LD: decision 0008), /sitemap.xml and /robots.txt. A product or category that does not
 * exist answers 404 with the storefront's page (the app then shows its not-found view). These,
 * the static pages and the order confirmation also carry hints to fetch their code, styles and
 * first image at once (decision 0009). The app's own pages (profile, orders...) get the page as it
 * is; any other path a browser navigates to answers 404 with the app's not-found view
 * (`storefrontNotFound`, the app's not-found handler).
 */
export const storefrontRoutes: FastifyPluginAsync<StorefrontRoutesDeps> = async (app, { pages, shop }) => {
  // Pages, not API: left out of the OpenAPI document.
  const page = { schema: { hide: true } };
  const originOf = (request: FastifyRequest) => shopOriginFor(request, shop);

  const render = async (request: FastifyRequest, reply: FastifyReply, route: StorefrontRoute) => {
    const rendered = await pages.page(route, originOf(request), request.url);
    if (rendered.movedTo) {
      // Permanent for search engines; no-cache so a browser asks again should the slug move back.
      const query = request.url.indexOf("?");
      const location = query === -1 ? rendered.movedTo : `${rendered.movedTo}${request.url.slice(query)}`;
      return reply.header("cache-control", "no-cache").redirect(location, 301);
    }
    reply.status(rendered.status).header("cache-control", "no-cache").type("text/html; charset=utf-8");
    // Compressed once when drawn (decision 0020), like the catalogue's answers.
    if (!rendered.encoded) return reply.send(rendered.html);
    reply.header("vary", "accept-encoding");
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    return encoding
      ? reply.header("content-encoding", encoding).send(rendered.encoded[encoding])
      : reply.send(rendered.html);
  };
  type Keyed = { Params: { key: string } };
  /** The list URL sets none of these: it opens on its first page as the server can write it. */
  const unfiltered = (request: FastifyRequest, others: readonly string[] = []) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    return ![...listFilterParams, ...others].some((name) => query[name] !== undefined);
  };
  type ProductPage = Keyed & { Querystring: { color?: unknown } };

  app.get("/", page, (request, reply) => render(request, reply, { kind: "home" }));
  app.get("/vakiverse", page, (request, reply) => render(request, reply, { kind: "vakiverse" }));
  app.get("/products", page, (request, reply) =>
    render(request, reply, {
      kind: "all-products",
      // The query forms of a category list (R-STORE-2) are served by the web app as that category's.
      unfiltered: unfiltered(request, ["categoryId", "categoryName", "name"]),
    }),
  );
  app.get<ProductPage>("/product/:key", page, (request, reply) => {
    const { color } = request.query;
    return render(request, reply, {
      kind: "product",
      key: request.params.key,
      color: typeof color === "string" && color.length <= 100 ? color : undefined,
    });
  });
  for (const path of ["/products/:key", "/category-products/:key"]) {
    app.get<Keyed>(path, page, (request, reply) =>
      render(request, reply, { kind: "category", key: request.params.key, unfiltered: unfiltered(request) }),
    );
  }

  for (const [path, module] of Object.entries(staticPages)) {
    app.get(path, page, (request, reply) => render(request, reply, { kind: "plain", page: module }));
  }
  // The checkout's return page (a shopper's own: never indexed, robots.txt keeps crawlers out).
  for (const path of ["/order-confirmation", "/order-confirmation/:orderId"]) {
    app.get(path, page, (request, reply) => render(request, reply, { kind: "plain", page: "orderConfirmation" }));
  }

  for (const path of appOnlyPaths) {
    app.get(path, page, (request, reply) => render(request, reply, { kind: "app-only" }));
  }

  app.get("/sitemap.xml", page, async (request, reply) =>
    reply
      .header("cache-control", "public, max-age=3600")
      .type("application/xml; charset=utf-8")
      .send(await pages.sitemap(originOf(request))),
  );
  app.get("/robots.txt", page, async (request, reply) =>
    reply
      .header("cache-control", "public, max-age=3600")
      .type("text/plain; charset=utf-8")
      .send(pages.robots(originOf(request))),
  );
};

/** A browser asked for a path no storefront page has: 404 with the app, which shows its not-found view. */
export function storefrontNotFound({
  pages,
  shop,
}: StorefrontRoutesDeps): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  return async (request, reply) => {
    const rendered = await pages.page({ kind: "not-found" }, shopOriginFor(request, shop));
    return reply.status(404).header("cache-control", "no-cache").type("text/html; charset=utf-8").send(rendered.html);
  };
}
