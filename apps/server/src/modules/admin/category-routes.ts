import {
  adminCategoriesAnswerSchema,
  categoryCreateRequestSchema,
  categoryOrderRequestSchema,
  categoryPatchRequestSchema,
  categorySavedAnswerSchema,
  categoryMessages as cm,
} from "@vaki/contract/admin/categories";
import { idParamsSchema, adminMessages as m, numericIdParamsSchema } from "@vaki/contract/admin/schemas";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NotFound } from "../../lib/errors.js";
import { auditContextOf } from "../staff/guard.js";
import type { CategoriesAdminService } from "./categories-service.js";

const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure };
const ok = <T>(data: T, message: string = m.ok) => ({ success: true as const, message, data });

/** The category tree and the Vakiverse characters: read with products:read, changed with products:write. */
export const adminCategoryRoutes: FastifyPluginAsyncZod<{ categories: CategoriesAdminService }> = async (
  app,
  { categories },
) => {
  app.get(
    "/categories",
    {
      config: { permission: "products:read" },
      schema: {
        tags: ["admin"],
        summary: "Every category and character, parents before children, siblings in display order",
        response: { 200: successEnvelope(adminCategoriesAnswerSchema), ...errors },
      },
    },
    async () => ok({ categories: await categories.list() }),
  );

  app.post(
    "/categories",
    {
      config: { permission: "products:write" },
      schema: {
        tags: ["admin"],
        summary: "Create a category or a character (slug from the name when empty; audited)",
        body: categoryCreateRequestSchema,
        response: { 201: successEnvelope(categorySavedAnswerSchema), ...errors },
      },
    },
    async (request, reply) => {
      const created = await categories.create(request.body, auditContextOf(request));
      return reply.code(201).send(ok(created, cm.created));
    },
  );

  app.patch(
    "/categories/:id",
    {
      config: { permission: "products:write" },
      schema: {
        tags: ["admin"],
        summary: "Rename, move, (de)activate or edit a category or character (audited)",
        params: idParamsSchema,
        body: categoryPatchRequestSchema,
        response: { 200: successEnvelope(categorySavedAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const parsed = numericIdParamsSchema.safeParse(request.params);
      if (!parsed.success) throw new NotFound(cm.notFound);
      return ok(await categories.update(parsed.data.id, request.body, auditContextOf(request)), cm.saved);
    },
  );

  app.post(
    "/categories/order",
    {
      config: { permission: "products:write" },
      schema: {
        tags: ["admin"],
        summary: "Put the sub-categories of one parent (null: the top level) in a new order (audited)",
        body: categoryOrderRequestSchema,
        response: { 200: successEnvelope(categorySavedAnswerSchema.partial()), ...errors },
      },
    },
    async (request) => {
      await categories.reorder(request.body, auditContextOf(request));
      return ok({}, cm.reordered);
    },
  );
};
