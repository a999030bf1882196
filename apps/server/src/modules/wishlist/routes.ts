import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import {
  wishlistMessages as m,
  mergeWishlistRequestSchema,
  type Wishlist,
  wishlistProductParamSchema,
  wishlistSchema,
} from "@vaki/contract/wishlist";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { applyRouteDefaults } from "../../plugins/route-defaults.js";
import type { AuthGuard } from "../accounts/auth-guard.js";
import type { WishlistService } from "./service.js";

const tags = ["wishlist"];
const security = [{ bearerAuth: [] }];
const answer = successEnvelope(wishlistSchema);
const failures = { 400: failure, 401: failure, 404: failure, 409: failure };
const ok = (message: string, data: Wishlist) => ({ success: true as const, message, data });

/** The signed-in shopper's wishlist; every answer is the whole list (product ids, newest first). */
export const wishlistRoutes: FastifyPluginAsyncZod<{ wishlist: WishlistService; auth: AuthGuard }> = async (
  app,
  { wishlist, auth },
) => {
  applyRouteDefaults(app, { noStore: true });

  app.get(
    "/api/wishlist",
    {
      preValidation: auth.requireUser,
      schema: { tags, security, summary: "The account's wishlist", response: { 200: answer, ...failures } },
    },
    async (request) => ok(m.ok, await wishlist.list(request.user!.id)),
  );

  app.put(
    "/api/wishlist/:productId",
    {
      preValidation: auth.requireUser,
      schema: {
        tags,
        security,
        summary: "Save a product (saving it again changes nothing)",
        params: wishlistProductParamSchema,
        response: { 200: answer, ...failures },
      },
    },
    async (request) => ok(m.added, await wishlist.add(request.user!.id, request.params.productId)),
  );

  app.delete(
    "/api/wishlist/:productId",
    {
      preValidation: auth.requireUser,
      schema: {
        tags,
        security,
        summary: "Remove a product",
        params: wishlistProductParamSchema,
        response: { 200: answer, ...failures },
      },
    },
    async (request) => ok(m.removed, await wishlist.remove(request.user!.id, request.params.productId)),
  );

  app.post(
    "/api/wishlist/merge",
    {
      preValidation: auth.requireUser,
      schema: {
        tags,
        security,
        summary: "After login: add the browser's list to the account's",
        body: mergeWishlistRequestSchema,
        response: { 200: answer, ...failures },
      },
    },
    async (request) => ok(m.merged, await wishlist.merge(request.user!.id, request.body.productIds)),
  );
};
