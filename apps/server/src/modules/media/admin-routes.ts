import {
  adminPhotoSchema,
  adminPhotosAnswerSchema,
  photoLimits,
  photoOrderSchema,
  photoParamsSchema,
  photoUpdateSchema,
  photoUploadQuerySchema,
  photoMessages as pm,
} from "@vaki/contract/admin/photos";
import { idParamsSchema } from "@vaki/contract/admin/schemas";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { InvalidInput, NotFound } from "../../lib/errors.js";
import type { AuditLog } from "../audit/service.js";
import { auditContextOf, requirePermission } from "../staff/guard.js";
import type { StaffService } from "../staff/service.js";
import type { PhotosService, RecordAudit } from "./service.js";

const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure, 413: failure };
const ok = <T>(data: T, message: string) => ({ success: true as const, message, data });

/** A numeric id from the path; anything else names nothing (404 rather than a field error). */
function idOf(text: string, message: string): number {
  const id = Number(text);
  if (!/^\d{1,12}$/.test(text) || !Number.isSafeInteger(id) || id < 1) throw new NotFound(message);
  return id;
}

/**
 * A product's photos under /api/admin (products:write to change, products:read to list). The
 * upload takes the photo's raw bytes as the body, one photo a request, so the browser shows each
 * file's progress; every change is audited.
 */
export const photoAdminRoutes: FastifyPluginAsyncZod<{
  photos: PhotosService;
  audit: AuditLog;
  staff: StaffService;
}> = async (app, { photos, audit, staff }) => {
  // The upload checks who is asking before it reads up to 20 MB (the admin's guard runs again later, as on every route).
  const uploadGuard = requirePermission(staff, "products:write");
  const tags = ["admin: photos"];
  const recorder =
    (request: FastifyRequest): RecordAudit =>
    (trx, event) =>
      audit.record(trx, auditContextOf(request), event);

  // Raw bytes only in this plugin; whatever type the browser states, the bytes decide (service).
  app.addContentTypeParser(
    ["application/octet-stream", "image/jpeg", "image/png", "image/webp", "image/avif"],
    { parseAs: "buffer", bodyLimit: photoLimits.bytesMax },
    (_request, body, done) => done(null, body),
  );

  app.get(
    "/products/:id/photos",
    {
      config: { permission: "products:read" },
      schema: {
        tags,
        summary: "A product's pictures in order, with the product's colours",
        params: idParamsSchema,
        response: { 200: successEnvelope(adminPhotosAnswerSchema), ...errors },
      },
    },
    async (request) => ok(await photos.list(idOf(request.params.id, pm.productNotFound)), "Photos"),
  );

  app.post(
    "/products/:id/photos",
    {
      config: { permission: "products:write" },
      bodyLimit: photoLimits.bytesMax,
      preParsing: async (request, _reply, payload) => {
        await uploadGuard(request);
        return payload;
      },
      schema: {
        tags,
        summary:
          "Add one photo (body: the file's bytes, JPEG, PNG, WebP or AVIF up to 20 MB): orientation applied, metadata stripped (audited)",
        params: idParamsSchema,
        querystring: photoUploadQuerySchema,
        response: { 201: successEnvelope(adminPhotoSchema), ...errors },
      },
    },
    async (request, reply) => {
      const productId = idOf(request.params.id, pm.productNotFound);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new InvalidInput(pm.notImage);
      const photo = await photos.upload(productId, body, request.query, recorder(request));
      return reply.status(201).send(ok(photo, pm.uploaded));
    },
  );

  app.patch(
    "/products/:id/photos/:photoId",
    {
      config: { permission: "products:write" },
      schema: {
        tags,
        summary: "Change a photo's alt text (required) and colour (one of the product's, or none) (audited)",
        params: photoParamsSchema,
        body: photoUpdateSchema,
        response: { 200: successEnvelope(adminPhotoSchema), ...errors },
      },
    },
    async (request) => {
      const productId = idOf(request.params.id, pm.productNotFound);
      const photoId = idOf(request.params.photoId, pm.photoNotFound);
      return ok(await photos.update(productId, photoId, request.body, recorder(request)), pm.saved);
    },
  );

  app.post(
    "/products/:id/photos/order",
    {
      config: { permission: "products:write" },
      schema: {
        tags,
        summary: "Put the product's pictures in this order (every one of them, once) (audited)",
        params: idParamsSchema,
        body: photoOrderSchema,
        response: { 200: successEnvelope(adminPhotosAnswerSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await photos.reorder(idOf(request.params.id, pm.productNotFound), request.body.ids, recorder(request)),
        pm.reordered,
      ),
  );

  app.post(
    "/products/:id/photos/:photoId/primary",
    {
      config: { permission: "products:write" },
      schema: {
        tags,
        summary: "Make this the product's primary picture (audited)",
        params: photoParamsSchema,
        response: { 200: successEnvelope(adminPhotosAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const productId = idOf(request.params.id, pm.productNotFound);
      const photoId = idOf(request.params.photoId, pm.photoNotFound);
      return ok(await photos.makePrimary(productId, photoId, recorder(request)), pm.primarySet);
    },
  );

  app.delete(
    "/products/:id/photos/:photoId",
    {
      config: { permission: "products:write" },
      schema: {
        tags,
        summary: "Delete a picture (its stored original too when nothing else uses it) (audited)",
        params: photoParamsSchema,
        response: { 200: successEnvelope(adminPhotosAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const productId = idOf(request.params.id, pm.productNotFound);
      const photoId = idOf(request.params.photoId, pm.photoNotFound);
      return ok(await photos.remove(productId, photoId, recorder(request)), pm.deleted);
    },
  );
};
