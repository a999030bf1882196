import { guestSessionHeadersSchema } from "@vaki/contract/cart";
import {
  awbParamsSchema,
  cancelledOrderSchema,
  cancelOrderRequestSchema,
  ensureShipmentRequestSchema,
  orderTrackingSchema,
  serviceabilityQuerySchema,
  serviceabilitySchema,
  shipmentSchema,
  trackingQuerySchema,
} from "@vaki/contract/checkout";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import { fulfilmentMessages as m } from "@vaki/contract/messages";
import { orderIdParamsSchema } from "@vaki/contract/orders";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { Unauthorised } from "../../lib/errors.js";
import { type ShopAddress, shopOriginFor } from "../../lib/shop-origin.js";
import { applyRouteDefaults } from "../../plugins/route-defaults.js";
import { type AuthGuard, assertClaimedUser } from "../accounts/auth-guard.js";
import { orderReaderFromQuery, orderReaderOf } from "../orders/reader.js";
import type { FulfilmentService } from "./service.js";

export interface FulfilmentRoutesDeps {
  fulfilment: FulfilmentService;
  auth: AuthGuard;
  shop: ShopAddress;
}

const failures = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure, 502: failure };
const bearer = [{ bearerAuth: [] }];

/** "courierId, in data or at top level" (R-ORD-3). */
const shipmentAnswer = successEnvelope(shipmentSchema).extend({ courierId: z.number().int().nullable() });

/** Delivery checks, shipments, tracking and cancelling (R-ORD-7). */
export const fulfilmentRoutes: FastifyPluginAsyncZod<FulfilmentRoutesDeps> = async (
  app,
  { fulfilment, auth, shop },
) => {
  applyRouteDefaults(app, { noStore: true });

  app.get(
    "/api/shipping/serviceability",
    {
      schema: {
        tags: ["shipping"],
        summary:
          "Whether the courier delivers to a pincode, with cash on delivery, and in how many days (Delhi-NCR 1-2, India 3-5, abroad 5-7, to some destinations 7-14)",
        querystring: serviceabilityQuerySchema,
        response: { 200: successEnvelope(serviceabilitySchema), ...failures },
      },
    },
    async (request) => {
      const { pincode, cod, country } = request.query;
      const answer = await fulfilment.serviceability({
        pincode,
        ...(cod !== undefined ? { cod } : {}),
        ...(country ? { country } : {}),
      });
      return { success: true as const, message: m.serviceabilityFetched, data: answer };
    },
  );

  for (const [url, summary] of [
    [
      "/api/orders/create/shiprocket",
      "Make sure a paid order has its courier shipment (idempotent; the confirmation page calls it); owner only",
    ],
    [
      "/api/orders/generate/awb",
      "Make sure a paid order's shipment has an AWB (idempotent; optional courierId); owner only",
    ],
  ] as const) {
    app.post(
      url,
      {
        preValidation: auth.optionalUser,
        schema: {
          tags: ["orders"],
          summary,
          body: ensureShipmentRequestSchema,
          headers: guestSessionHeadersSchema,
          response: { 200: shipmentAnswer, ...failures },
        },
      },
      async (request) => {
        const { body } = request;
        const reader = orderReaderOf(request, {
          userIds: [body.userId],
          guestSessionId: body.guestSessionId,
          orderSecret: body.orderSecret,
        });
        const shipment = await fulfilment.ensureForOwner(body.orderId, reader, body.courierId);
        return { success: true as const, message: m.shipmentReady, data: shipment, courierId: shipment.courierId };
      },
    );
  }

  app.get(
    "/api/orders/:id/track",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags: ["orders"],
        summary:
          "The courier's tracking of the order, with its progress timeline (owner: user, or guest with session id and order secret)",
        params: orderIdParamsSchema,
        querystring: trackingQuerySchema,
        headers: guestSessionHeadersSchema,
        response: { 200: successEnvelope(orderTrackingSchema), ...failures },
      },
    },
    async (request) => {
      const { query } = request;
      const reader = orderReaderFromQuery(request, query);
      const tracking = await fulfilment.trackOrder(request.params.id, reader, shopOriginFor(request, shop));
      return { success: true as const, message: m.trackingFetched, data: tracking };
    },
  );

  app.get(
    "/api/orders/track/awb/:awb",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags: ["orders"],
        summary: "Tracking by AWB, for the order's owner (user, or guest with session id and order secret)",
        params: awbParamsSchema,
        querystring: trackingQuerySchema,
        headers: guestSessionHeadersSchema,
        response: { 200: successEnvelope(orderTrackingSchema), ...failures },
      },
    },
    async (request) => {
      const { query } = request;
      const reader = orderReaderFromQuery(request, query);
      const tracking = await fulfilment.trackAwb(request.params.awb, reader, shopOriginFor(request, shop));
      return { success: true as const, message: m.trackingFetched, data: tracking };
    },
  );

  app.post(
    "/api/orders/cancel/order",
    {
      preValidation: async (request) => {
        // R-ORD-8: a guest is told to log in, in the spec's words.
        if (!request.headers.authorization) throw new Unauthorised(m.mustBeAuthenticated);
        await auth.requireUser(request);
      },
      schema: {
        tags: ["orders"],
        summary:
          "Cancel the caller's order (spec rule: status and 6 hours); refund, stock, courier and e-mail follow once",
        security: bearer,
        body: cancelOrderRequestSchema,
        response: { 200: successEnvelope(cancelledOrderSchema), ...failures },
      },
    },
    async (request) => {
      const caller = request.user!;
      assertClaimedUser(caller, request.body.userId);
      const cancelled = await fulfilment.cancel(request.body.orderId, caller);
      return { success: true as const, message: cancelled.message, data: cancelled };
    },
  );
};
