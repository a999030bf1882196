import { photoLimits, photoMessages } from "@vaki/contract/admin/photos";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import {
  afterSalesPhotoSchema,
  afterSalesRequestSchema,
  afterSalesSummariesQuerySchema,
  afterSalesSummarySchema,
  afterSalesMessages as am,
  chooseAfterSalesSchema,
  createAfterSalesSchema,
  orderAfterSalesSchema,
} from "@vaki/contract/exchanges";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { InvalidInput, Unauthorised } from "../../lib/errors.js";
import { applyRouteDefaults } from "../../plugins/route-defaults.js";
import type { AuthGuard } from "../accounts/auth-guard.js";
import type { ExchangesService } from "./service.js";

const tags = ["exchanges"];
const bearer = [{ bearerAuth: [] }];
const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure, 413: failure, 502: failure };
const ok = <T>(data: T, message: string) => ({ success: true as const, message, data });

const orderParams = z.object({ id: z.string().trim().min(1).max(64) });
const requestParams = orderParams.extend({ requestId: z.coerce.number().int().min(1).max(2_147_483_647) });
const photoParams = requestParams.extend({ photoId: z.coerce.number().int().min(1).max(2_147_483_647) });

/**
 * Size exchanges and defect reports of the signed-in customer's own orders (issue 29): a guest
 * gets 401 with the reason, another person's order 404 (as the orders routes).
 */
export const exchangeRoutes: FastifyPluginAsyncZod<{ exchanges: ExchangesService; auth: AuthGuard }> = async (
  app,
  { exchanges, auth },
) => {
  applyRouteDefaults(app, { noStore: true });

  app.get(
    "/api/orders/exchanges",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags,
        security: bearer,
        summary:
          "My Orders' cards: of the listed orders (ids, comma-separated, at most 50), the customer's with requests, each with its newest request and how many are open",
        querystring: afterSalesSummariesQuerySchema,
        response: { 200: successEnvelope(z.array(afterSalesSummarySchema)), ...errors },
      },
    },
    async (request) => ok(await exchanges.summaries(request.user, request.query.ids), "OK"),
  );

  app.get(
    "/api/orders/:id/exchanges",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags,
        security: bearer,
        summary: "Each line's exchange or defect offer (or why not) and the order's requests with their progress",
        params: orderParams,
        response: { 200: successEnvelope(orderAfterSalesSchema), ...errors },
      },
    },
    async (request) => ok(await exchanges.overview(request.user, request.params.id), "OK"),
  );

  app.post(
    "/api/orders/:id/exchanges",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags,
        security: bearer,
        summary:
          "Ask for a size exchange (the new size is held at once) or report a defect, for one line within its window",
        params: orderParams,
        body: createAfterSalesSchema,
        response: { 201: successEnvelope(afterSalesRequestSchema), ...errors },
      },
    },
    async (request, reply) => {
      const created = await exchanges.create(request.user, request.params.id, request.body);
      reply.status(201);
      return ok(created, created.kind === "exchange" ? am.requested : am.defectReported);
    },
  );

  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    // Raw bytes only here; whatever type the browser states, the bytes decide.
    uploads.addContentTypeParser(
      ["application/octet-stream", "image/jpeg", "image/png", "image/webp", "image/avif"],
      { parseAs: "buffer", bodyLimit: photoLimits.bytesMax },
      (_request, body, done) => done(null, body),
    );
    uploads.post(
      "/api/orders/:id/exchanges/:requestId/photos",
      {
        bodyLimit: photoLimits.bytesMax,
        // Who is asking is checked before up to 20 MB is read.
        preParsing: async (request, _reply, payload) => {
          await auth.optionalUser(request);
          if (!request.user) throw new Unauthorised(am.signInRequired);
          return payload;
        },
        schema: {
          tags,
          security: bearer,
          summary:
            "Add one photo to a defect report waiting for the shop (body: the file's bytes; at most 3; oriented, metadata stripped, WebP inside 1600 px)",
          params: requestParams,
          response: { 201: successEnvelope(afterSalesPhotoSchema), ...errors },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw new InvalidInput(photoMessages.notImage);
        const photo = await exchanges.addPhoto(request.user, request.params.id, request.params.requestId, body);
        reply.status(201);
        return ok(photo, "Photo added");
      },
    );
  });

  app.get(
    "/api/orders/:id/exchanges/:requestId/photos/:photoId",
    {
      preValidation: auth.optionalUser,
      schema: { tags, security: bearer, summary: "A photo of the customer's own defect report", params: photoParams },
    },
    async (request, reply) => {
      const { id, requestId, photoId } = request.params;
      const photo = await exchanges.customerPhoto(request.user, id, requestId, photoId);
      return reply.type(photo.mime).header("cache-control", "private, no-store").send(photo.bytes);
    },
  );

  app.post(
    "/api/orders/:id/exchanges/:requestId/withdraw",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags,
        security: bearer,
        summary: "Withdraw a request the shop has not approved yet (the held size goes back on sale)",
        params: requestParams,
        response: { 200: successEnvelope(afterSalesRequestSchema), ...errors },
      },
    },
    async (request) =>
      ok(await exchanges.withdraw(request.user, request.params.id, request.params.requestId), am.withdrawn),
  );

  app.post(
    "/api/orders/:id/exchanges/:requestId/choose",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags,
        security: bearer,
        summary:
          "After 'size no longer available': another size (held at once) or a refund (a reverse pickup is booked)",
        params: requestParams,
        body: chooseAfterSalesSchema,
        response: { 200: successEnvelope(afterSalesRequestSchema), ...errors },
      },
    },
    async (request) => {
      const chosen = await exchanges.choose(request.user, request.params.id, request.params.requestId, request.body);
      return ok(chosen, "refund" in request.body ? am.approved : am.requested);
    },
  );
};
