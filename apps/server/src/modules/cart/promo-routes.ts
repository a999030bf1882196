import {
  applyPromoRequestSchema,
  cartOwnerQuerySchema,
  cartSchema,
  guestSessionHeadersSchema,
} from "@vaki/contract/cart";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import { cartMessages as m } from "@vaki/contract/messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { applyRouteDefaults } from "../../plugins/route-defaults.js";
import type { AuthGuard } from "../accounts/auth-guard.js";
import { cartOwnerOf } from "./request-owner.js";
import type { CartService } from "./service.js";

export interface PromotionRoutesDeps {
  cart: CartService;
  auth: AuthGuard;
}

const tags = ["cart"];
const failures = { 400: failure, 401: failure, 403: failure };

/** Promo codes on the cart: the discount shows in the cart and is applied to the order. */
export const promotionRoutes: FastifyPluginAsyncZod<PromotionRoutesDeps> = async (app, { cart, auth }) => {
  applyRouteDefaults(app, { noStore: true });

  app.post(
    "/api/cart/promo",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags,
        summary: "Apply a promo code (VAKI10: 10% off a first order); 400 says why a code does not apply",
        body: applyPromoRequestSchema,
        querystring: cartOwnerQuerySchema,
        headers: guestSessionHeadersSchema,
        response: { 200: successEnvelope(cartSchema), ...failures },
      },
    },
    async (request) => {
      const { body } = request;
      const owner = cartOwnerOf(request, body);
      const answer = await cart.applyPromo(owner, body.code);
      return { success: true as const, message: answer.promoMessage ?? m.promoInvalid, data: answer };
    },
  );

  app.delete(
    "/api/cart/promo",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags,
        summary: "Remove the promo code from the cart",
        querystring: cartOwnerQuerySchema,
        headers: guestSessionHeadersSchema,
        response: { 200: successEnvelope(cartSchema), ...failures },
      },
    },
    async (request) => {
      const owner = cartOwnerOf(request);
      return { success: true as const, message: m.promoRemoved, data: await cart.removePromo(owner) };
    },
  );
};
