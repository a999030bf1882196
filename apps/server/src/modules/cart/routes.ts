import type { Cart } from "@vaki/contract/cart";
import {
  addCartItemRequestSchema,
  cartOwnerQuerySchema,
  cartSchema,
  guestSessionHeadersSchema,
  mergeCartRequestSchema,
  removeCartItemQuerySchema,
  updateCartItemRequestSchema,
} from "@vaki/contract/cart";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import { cartMessages as m } from "@vaki/contract/messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { applyRouteDefaults } from "../../plugins/route-defaults.js";
import { type AuthGuard, assertClaimedUser } from "../accounts/auth-guard.js";
import { cartOwnerOf } from "./request-owner.js";
import type { CartService } from "./service.js";

export interface CartRoutesDeps {
  cart: CartService;
  auth: AuthGuard;
}

const tags = ["cart"];
const bearer = [{ bearerAuth: [] }];
const cartAnswer = successEnvelope(cartSchema);
const failures = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure };
const ok = (message: string, data: Cart) => ({ success: true as const, message, data });

/**
 * The cart calls of the spec (R-STORE-7). Guests name their cart with guestSessionId (body,
 * query or X-Guest-Session-Id header); users by their access token. Every answer is the cart.
 */
export const cartRoutes: FastifyPluginAsyncZod<CartRoutesDeps> = async (app, { cart, auth }) => {
  applyRouteDefaults(app, { noStore: true });

  app.get(
    "/api/cart",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags,
        summary: "The caller's cart, priced from the catalogue now (an empty cart if there is none yet)",
        querystring: cartOwnerQuerySchema,
        headers: guestSessionHeadersSchema,
        response: { 200: cartAnswer, ...failures },
      },
    },
    async (request) => {
      const owner = cartOwnerOf(request);
      return ok(m.fetched, await cart.getCart(owner));
    },
  );

  app.post(
    "/api/cart/item/add",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags,
        summary: "Add a variant (quantity 1-10, default 1); adding one already in the cart increases its line",
        body: addCartItemRequestSchema,
        querystring: cartOwnerQuerySchema,
        headers: guestSessionHeadersSchema,
        response: { 200: cartAnswer, ...failures },
      },
    },
    async (request) => {
      const { body } = request;
      const owner = cartOwnerOf(request, body);
      return ok(m.itemAdded, await cart.addItem(owner, body));
    },
  );

  app.put(
    "/api/cart/item/update",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags,
        summary: "Set a line's quantity (1-10)",
        body: updateCartItemRequestSchema,
        querystring: cartOwnerQuerySchema,
        headers: guestSessionHeadersSchema,
        response: { 200: cartAnswer, ...failures },
      },
    },
    async (request) => {
      const { body } = request;
      const owner = cartOwnerOf(request, body);
      return ok(m.itemUpdated, await cart.updateItem(owner, body.itemId, body.quantity));
    },
  );

  app.delete(
    "/api/cart/item/remove",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags,
        summary: "Remove a line (query itemId and requestUserId or guestSessionId)",
        querystring: removeCartItemQuerySchema,
        headers: guestSessionHeadersSchema,
        response: { 200: cartAnswer, ...failures },
      },
    },
    async (request) => {
      const owner = cartOwnerOf(request);
      return ok(m.itemRemoved, await cart.removeItem(owner, request.query.itemId));
    },
  );

  app.delete(
    "/api/cart/clear",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags,
        summary: "Empty the cart and drop its promo code",
        querystring: cartOwnerQuerySchema,
        headers: guestSessionHeadersSchema,
        response: { 200: cartAnswer, ...failures },
      },
    },
    async (request) => {
      const owner = cartOwnerOf(request);
      return ok(m.cleared, await cart.clear(owner));
    },
  );

  app.post(
    "/api/cart/merge",
    {
      preValidation: auth.requireUser,
      schema: {
        tags,
        summary: "After login: move the guest cart's lines into the user's cart (idempotent)",
        security: bearer,
        body: mergeCartRequestSchema,
        response: { 200: cartAnswer, ...failures },
      },
    },
    async (request) => {
      const caller = request.user!;
      assertClaimedUser(caller, request.body.userId);
      return ok(m.merged, await cart.merge(caller.id, request.body.guestSessionId));
    },
  );
};
