import { categoryPictureAnswerSchema, categoryMessages as cm } from "@vaki/contract/admin/categories";
import { photoLimits, photoMessages as pm } from "@vaki/contract/admin/photos";
import { idParamsSchema, numericIdParamsSchema } from "@vaki/contract/admin/schemas";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { InvalidInput, NotFound } from "../../lib/errors.js";
import type { AuditLog } from "../audit/service.js";
import { auditContextOf, requirePermission } from "../staff/guard.js";
import type { StaffService } from "../staff/service.js";
import type { CategoryPicturesService } from "./category-pictures.js";
import type { RecordAudit } from "./service.js";

const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure, 413: failure };
const ok = <T>(data: T, message: string) => ({ success: true as const, message, data });

function categoryIdOf(params: { id: string }): number {
  const parsed = numericIdParamsSchema.safeParse(params);
  if (!parsed.success) throw new NotFound(cm.notFound);
  return parsed.data.id;
}

/**
 * A category's or character's picture under /api/admin, changed with products:write like the
 * rest of the tree. The upload takes the file's raw bytes as the body, as a product photo's does,
 * so the browser shows its progress; both changes are audited.
 */
export const categoryPictureAdminRoutes: FastifyPluginAsyncZod<{
  pictures: CategoryPicturesService;
  audit: AuditLog;
  staff: StaffService;
}> = async (app, { pictures, audit, staff }) => {
  // The upload checks who is asking before it reads up to 20 MB (the admin's guard runs again later, as on every route).
  const uploadGuard = requirePermission(staff, "products:write");
  const tags = ["admin: categories"];
  const recorder =
    (request: FastifyRequest): RecordAudit =>
    (trx, event) =>
      audit.record(trx, auditContextOf(request), event);

  // Raw bytes only in this plugin; whatever type the browser states, the bytes decide (cleanPhoto).
  app.addContentTypeParser(
    ["application/octet-stream", "image/jpeg", "image/png", "image/webp", "image/avif"],
    { parseAs: "buffer", bodyLimit: photoLimits.bytesMax },
    (_request, body, done) => done(null, body),
  );

  app.post(
    "/categories/:id/picture",
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
          "Set the category's picture (body: the file's bytes, JPEG, PNG, WebP or AVIF up to 20 MB): cleaned like a product photo, its 960 px JPEG becomes imageUrl (audited)",
        params: idParamsSchema,
        response: { 200: successEnvelope(categoryPictureAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const categoryId = categoryIdOf(request.params);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new InvalidInput(pm.notImage);
      return ok(await pictures.upload(categoryId, body, recorder(request)), cm.pictureUploaded);
    },
  );

  app.delete(
    "/categories/:id/picture",
    {
      config: { permission: "products:write" },
      schema: {
        tags,
        summary: "Remove the category's picture (uploaded or typed); imageUrl becomes null (audited)",
        params: idParamsSchema,
        response: { 200: successEnvelope(categoryPictureAnswerSchema), ...errors },
      },
    },
    async (request) => ok(await pictures.remove(categoryIdOf(request.params), recorder(request)), cm.pictureRemoved),
  );
};
