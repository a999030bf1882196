import {
  facetedProductListSchema,
  productListSchema,
  searchPageQuerySchema,
  searchQuerySchema,
} from "@vaki/contract/catalog";
import { successEnvelope } from "@vaki/contract/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendCachedAnswer } from "../catalog/http-cache.js";
import type { SearchService } from "./service.js";

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.get(
    "/api/products/search",
    {
      schema: {
        tags: ["catalogue"],
        summary: "Search products by name, category, character, colour and description (typo-tolerant, prefix)",
        querystring: searchQuerySchema,
        response: { 200: successEnvelope(productListSchema) },
      },
    },
    async (request, reply) => {
      const { keyword, page, limit } = request.query;
      return sendCachedAnswer(request, reply, await search.search(keyword, page, limit));
    },
  );

  app.get(
    "/api/search",
    {
      schema: {
        tags: ["catalogue"],
        summary: "The search results page: matches with the product list's filters, facets and sorts",
        querystring: searchPageQuerySchema,
        response: { 200: successEnvelope(facetedProductListSchema) },
      },
    },
    async (request, reply) => sendCachedAnswer(request, reply, await search.searchPage(request.query)),
  );
};
