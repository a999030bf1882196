import { cartOwnerQuerySchema, guestSessionHeadersSchema } from "@vaki/contract/cart";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import { commonMessages, orderMessages as m } from "@vaki/contract/messages";
import {
  createdOrderSchema,
  createOrderRequestSchema,
  orderAccessQuerySchema,
  orderHistoryQuerySchema,
  orderHistorySchema,
  orderIdParamsSchema,
  orderSchema,
} from "@vaki/contract/orders";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Unauthorised } from "../../lib/errors.js";
import { clientAddressOf } from "../../lib/rate-limit/rate-limiter.js";
import { applyRouteDefaults } from "../../plugins/route-defaults.js";
import { type AuthGuard, assertClaimedUser } from "../accounts/auth-guard.js";
import { cartOwnerOf } from "../cart/request-owner.js";
import type { OrdersService } from "./service.js";

export interface OrderRoutesDeps {
  orders: OrdersService;
  auth: AuthGuard;
}

const tags = ["orders"];
const bearer = [{ bearerAuth: [] }];

/** Orders (R-ORD-7). Static paths (orderHistory) win over /api/orders/:id. */
export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesDeps> = async (app, { orders, auth }) => {
  applyRouteDefaults(app, { noStore: true });

  app.post(
    "/api/orders/create",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags,
        summary:
          "Create an order from the caller's cart, or from one `buyNow` line (the cart stays as it is), and hold its stock (30 min); amounts and lines in the body are ignored",
        body: createOrderRequestSchema,
        querystring: cartOwnerQuerySchema,
        headers: guestSessionHeadersSchema,
        response: {
          201: successEnvelope(createdOrderSchema),
          400: failure,
          401: failure,
          403: failure,
          409: failure,
        },
      },
    },
    async (request, reply) => {
      const owner = cartOwnerOf(request, request.body ?? {});
      const { order, orderSecret } = await orders.createOrder(owner, request.body?.buyNow, {
        clientAddress: clientAddressOf(request),
      });
      reply.status(201);
      return { success: true as const, message: m.created, data: orderSecret ? { ...order, orderSecret } : order };
    },
  );

  app.get(
    "/api/orders/orderHistory",
    {
      preValidation: auth.requireUser,
      schema: {
        tags,
        summary: "The caller's orders, newest first (page is 1-based in the query, 0-based in the answer)",
        security: bearer,
        querystring: orderHistoryQuerySchema,
        response: { 200: successEnvelope(orderHistorySchema), 400: failure, 401: failure, 403: failure },
      },
    },
    async (request) => {
      const caller = request.user!;
      assertClaimedUser(caller, request.query.requestUserId, request.query.userId);
      return {
        success: true as const,
        message: m.historyFetched,
        data: await orders.history(caller.id, request.query),
      };
    },
  );

  app.get(
    "/api/orders/:id",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags,
        summary: "One order: for its user, or for the guest session with the order's secret (anyone else: 404)",
        params: orderIdParamsSchema,
        querystring: orderAccessQuerySchema,
        headers: guestSessionHeadersSchema,
        response: { 200: successEnvelope(orderSchema), 400: failure, 401: failure, 403: failure, 404: failure },
      },
    },
    async (request) => {
      const { query, headers } = request;
      if (request.user) assertClaimedUser(request.user, query.requestUserId, query.userId);
      else if (query.requestUserId || query.userId) throw new Unauthorised(commonMessages.unauthorised);
      const order = await orders.getOrder(request.params.id, {
        user: request.user,
        guestSessionId: query.guestSessionId ?? headers["x-guest-session-id"],
        orderSecret: query.orderSecret || query.secret,
      });
      return { success: true as const, message: m.fetched, data: order };
    },
  );
};
