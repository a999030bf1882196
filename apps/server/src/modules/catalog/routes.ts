import {
  categoriesQuerySchema,
  categoryKeySchema,
  categoryListSchema,
  categoryNodeSchema,
  categoryProductsQuerySchema,
  categoryWithChildrenQuerySchema,
  facetedProductListSchema,
  featuredQuerySchema,
  productCardsQuerySchema,
  productDetailSchema,
  productKeySchema,
  productListSchema,
  productStockSchema,
  productSummarySchema,
  productsQuerySchema,
  relatedQuerySchema,
} from "@vaki/contract/catalog";
import { successEnvelope } from "@vaki/contract/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendCachedAnswer } from "./http-cache.js";
import type { CatalogService } from "./service.js";

const productParam = z.object({ id: productKeySchema });
const tags = ["catalogue"];

/** Catalogue reads (R-STORE-7). Prices are integer paise. */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.get(
    "/api/categories",
    {
      schema: {
        tags,
        summary: "Category tree with children, product counts and card images",
        querystring: categoriesQuerySchema,
        response: { 200: successEnvelope(categoryListSchema) },
      },
    },
    // includeInactive is for admins (a later issue); anonymous callers always see active ones.
    async (request, reply) => sendCachedAnswer(request, reply, await catalog.categories(request.query)),
  );

  app.get(
    "/api/categories/fetch/:id",
    {
      schema: {
        tags,
        summary: "One category by id or slug, with its children (characters of the Vakiverse carry their images)",
        params: z.object({ id: categoryKeySchema }),
        querystring: categoryWithChildrenQuerySchema,
        response: { 200: successEnvelope(categoryNodeSchema) },
      },
    },
    async (request, reply) =>
      sendCachedAnswer(
        request,
        reply,
        await catalog.categoryWithChildren(request.params.id, request.query.includeChildren),
      ),
  );

  app.get(
    "/api/products",
    {
      schema: {
        tags,
        summary:
          "Products, paged, with optional filters (prices in paise), the facets of the result and the category when categoryId is given",
        querystring: productsQuerySchema,
        response: { 200: successEnvelope(facetedProductListSchema) },
      },
    },
    async (request, reply) => sendCachedAnswer(request, reply, await catalog.listProducts(request.query)),
  );

  app.get(
    "/api/products/featured",
    {
      schema: {
        tags,
        summary: "Featured products",
        querystring: featuredQuerySchema,
        response: { 200: successEnvelope(productListSchema) },
      },
    },
    async (request, reply) => sendCachedAnswer(request, reply, await catalog.featured(request.query.limit)),
  );

  app.get(
    "/api/products/category/:categoryId",
    {
      schema: {
        tags,
        summary:
          "Products of a category (id or slug) and of its descendants, with the facets of the result and the category (name, parent, breadcrumb)",
        params: z.object({ categoryId: categoryKeySchema }),
        querystring: categoryProductsQuerySchema,
        response: { 200: successEnvelope(facetedProductListSchema) },
      },
    },
    async (request, reply) =>
      sendCachedAnswer(request, reply, await catalog.productsOfCategory(request.params.categoryId, request.query)),
  );

  for (const path of ["/api/products/:id", "/api/products/fetch/:id"]) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: "One product (by id or slug) with images, categories, variants and details",
          params: productParam,
          response: { 200: successEnvelope(productDetailSchema) },
        },
      },
      async (request, reply) => sendCachedAnswer(request, reply, await catalog.product(request.params.id)),
    );
  }

  app.get(
    "/api/products/cards",
    {
      schema: {
        tags,
        summary: "Cards of the given products, in the order given (unknown or hidden ones left out)",
        querystring: productCardsQuerySchema,
        response: { 200: successEnvelope(z.array(productSummarySchema)) },
      },
    },
    async (request, reply) => sendCachedAnswer(request, reply, await catalog.cards(request.query.ids)),
  );

  app.get(
    "/api/products/:id/stock",
    {
      schema: {
        tags,
        summary: "A product's stock per active variant, read now (never cached), for pages that stay open",
        params: productParam,
        response: { 200: successEnvelope(productStockSchema) },
      },
    },
    async (request, reply) => {
      const stock = await catalog.stock(request.params.id);
      return reply.header("cache-control", "no-store").send({ success: true, message: "Product stock", data: stock });
    },
  );

  app.get(
    "/api/products/:id/related",
    {
      schema: {
        tags,
        summary: "Products related to one: same category first, topped up from featured",
        params: productParam,
        querystring: relatedQuerySchema,
        response: { 200: successEnvelope(z.array(productSummarySchema)) },
      },
    },
    async (request, reply) =>
      sendCachedAnswer(request, reply, await catalog.related(request.params.id, request.query.limit)),
  );
};
