import { catalogueMessages as cm } from "@vaki/contract/admin/catalogue";
import {
  colourCreateRequestSchema,
  colourSchema,
  coloursAnswerSchema,
  productFormMessages as fm,
  productCreateAnswerSchema,
  productCreateRequestSchema,
  variantGridAnswerSchema,
  variantGridRequestSchema,
} from "@vaki/contract/admin/product-form";
import { idParamsSchema, adminMessages as m, numericIdParamsSchema } from "@vaki/contract/admin/schemas";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NotFound } from "../../lib/errors.js";
import { auditContextOf } from "../staff/guard.js";
import type { ProductFormService } from "./product-form-service.js";

const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure };
const ok = <T>(data: T, message: string = m.ok) => ({ success: true as const, message, data });

/** A new product with its colour × size grid, the grid saved again, and the colours table (audited writes). */
export const adminProductFormRoutes: FastifyPluginAsyncZod<{ productForm: ProductFormService }> = async (
  app,
  { productForm },
) => {
  app.post(
    "/products",
    {
      config: { permission: "products:write" },
      schema: {
        tags: ["admin"],
        summary:
          "Create a product with its variants as a colour × size grid (starting stock received through the ledger; 409 for a taken slug or SKU)",
        body: productCreateRequestSchema,
        response: { 200: successEnvelope(productCreateAnswerSchema), ...errors },
      },
    },
    async (request) => ok(await productForm.createProduct(request.body, auditContextOf(request)), fm.productCreated),
  );

  app.put(
    "/products/:id/variants",
    {
      config: { permission: "products:write" },
      schema: {
        tags: ["admin"],
        summary:
          "Save a product's whole variant grid against its version: new cells created, changed ones updated, removed ones deleted or, when in an order, archived (409 when stale)",
        params: idParamsSchema,
        body: variantGridRequestSchema,
        response: { 200: successEnvelope(variantGridAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const parsed = numericIdParamsSchema.safeParse(request.params);
      if (!parsed.success) throw new NotFound(cm.productNotFound);
      const answer = await productForm.saveGrid(parsed.data.id, request.body, auditContextOf(request));
      return ok(answer, answer.archived.length > 0 ? fm.variantsArchived(answer.archived) : fm.variantsSaved);
    },
  );

  app.get(
    "/colours",
    {
      config: { permission: "products:read" },
      schema: {
        tags: ["admin"],
        summary: "The colours table: names as variants spell them, with their swatches",
        response: { 200: successEnvelope(coloursAnswerSchema), ...errors },
      },
    },
    async () => ok({ colours: await productForm.colours() }),
  );

  app.post(
    "/colours",
    {
      config: { permission: "products:write" },
      schema: {
        tags: ["admin"],
        summary: "Add a colour with its swatch (#rrggbb; 409 when the name exists)",
        body: colourCreateRequestSchema,
        response: { 200: successEnvelope(colourSchema), ...errors },
      },
    },
    async (request) => ok(await productForm.addColour(request.body, auditContextOf(request)), fm.colourAdded),
  );
};
