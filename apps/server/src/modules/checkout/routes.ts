import { addressMessages } from "@vaki/contract/addresses";
import { guestSessionHeadersSchema } from "@vaki/contract/cart";
import {
  checkoutAccessQuerySchema,
  checkoutDetailsSchema,
  checkoutIdParamsSchema,
  checkoutSessionSchema,
  initiateCheckoutRequestSchema,
  sendConfirmationAnswerSchema,
  sendConfirmationRequestSchema,
  webhookAnswerSchema,
} from "@vaki/contract/checkout";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import { checkoutMessages as m } from "@vaki/contract/messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NotFound } from "../../lib/errors.js";
import { type ShopAddress, shopOriginFor } from "../../lib/shop-origin.js";
import { applyRouteDefaults } from "../../plugins/route-defaults.js";
import type { AuthGuard } from "../accounts/auth-guard.js";
import type { AccountService } from "../accounts/service.js";
import type { AddressesService } from "../addresses/service.js";
import { orderReaderFromQuery, orderReaderOf } from "../orders/reader.js";
import type { CheckoutService } from "./service.js";

export interface CheckoutRoutesDeps {
  checkout: CheckoutService;
  auth: AuthGuard;
  accounts: AccountService;
  addresses?: AddressesService | undefined;
  shop: ShopAddress;
}

const tags = ["checkout"];
const failures = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure, 429: failure, 502: failure };

/** Hosted checkout and payment confirmation (R-STORE-7, R-ORD-7). */
export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesDeps> = async (
  app,
  { checkout, auth, accounts, addresses, shop },
) => {
  applyRouteDefaults(app, { noStore: true });

  app.post(
    "/api/checkout/initiate",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags,
        summary:
          "Start the hosted checkout of the caller's unpaid order: amount, currency and lines come from the order (any sent are ignored)",
        body: initiateCheckoutRequestSchema,
        headers: guestSessionHeadersSchema,
        response: { 200: successEnvelope(checkoutSessionSchema), ...failures },
      },
    },
    async (request) => {
      const { body } = request;
      const reader = orderReaderOf(request, {
        userIds: [body.userId],
        guestSessionId: body.guestSessionId,
        orderSecret: body.orderSecret,
      });
      const profile = request.user ? await accounts.profile(request.user) : null;
      // Only the signed-in shopper's own saved address; anyone else's is as good as missing.
      let address: Awaited<ReturnType<AddressesService["forCheckout"]>> | undefined;
      if (body.addressId) {
        if (!request.user || !addresses) {
          throw new NotFound(addressMessages.notFound, { fieldErrors: { addressId: [addressMessages.notFound] } });
        }
        address = await addresses.forCheckout(request.user.id, body.addressId);
      }
      const session = await checkout.initiate({
        orderId: body.orderId,
        reader,
        redirectUrl: body.redirectUrl,
        customer: profile || address ? { email: profile?.email, phone: profile?.mobile, address } : undefined,
        origin: shopOriginFor(request, shop),
      });
      return { success: true as const, message: m.initiated, data: session };
    },
  );

  app.get(
    "/api/checkout/:checkoutId/details",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags,
        summary:
          "How the checkout ended, asked of the gateway and applied to the order (the confirmation page's check); owner only",
        params: checkoutIdParamsSchema,
        querystring: checkoutAccessQuerySchema,
        headers: guestSessionHeadersSchema,
        response: { 200: successEnvelope(checkoutDetailsSchema), ...failures },
      },
    },
    async (request) => {
      const { query } = request;
      const reader = orderReaderFromQuery(request, query);
      const details = await checkout.details(request.params.checkoutId, reader);
      return { success: true as const, message: m.detailsFetched, data: details };
    },
  );

  app.post(
    "/api/checkout/send/email",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags,
        summary: "Send the order confirmation e-mail again (paid orders, at most once a minute); owner only",
        body: sendConfirmationRequestSchema,
        headers: guestSessionHeadersSchema,
        response: { 200: successEnvelope(sendConfirmationAnswerSchema), ...failures },
      },
    },
    async (request) => {
      const { body } = request;
      const reader = orderReaderOf(request, {
        userIds: [body.userId],
        guestSessionId: body.guestSessionId,
        orderSecret: body.orderSecret,
      });
      const { sent, message } = await checkout.resendConfirmation(body.orderId, reader);
      return { success: true as const, message, data: { orderId: body.orderId, sent } };
    },
  );

  // The webhook needs the exact bytes it was signed over: its own context keeps the raw body.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post(
      "/api/checkout/webhook",
      {
        schema: {
          tags,
          summary:
            "The payment gateway's webhook: verified (401 when unsigned or forged), then the gateway is asked how the checkout ended",
          response: { 200: successEnvelope(webhookAnswerSchema), ...failures },
        },
      },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const state = await checkout.receiveWebhook({ headers: request.headers, rawBody });
        return { success: true as const, message: m.webhookReceived, data: state };
      },
    );
  });
};
