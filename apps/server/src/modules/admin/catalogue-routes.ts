import {
  bulkStatusAnswerSchema,
  bulkStatusRequestSchema,
  catalogueMessages as cm,
  ledgerQuerySchema,
  productEditAnswerSchema,
  productEditRequestSchema,
  stockAdjustmentAnswerSchema,
  stockAdjustmentRequestSchema,
  stockLedgerAnswerSchema,
} from "@vaki/contract/admin/catalogue";
import { idParamsSchema, adminMessages as m, numericIdParamsSchema } from "@vaki/contract/admin/schemas";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NotFound } from "../../lib/errors.js";
import { auditContextOf } from "../staff/guard.js";
import type { CatalogueAdminService } from "./catalogue-service.js";

const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure };
const ok = <T>(data: T, message: string = m.ok) => ({ success: true as const, message, data });

/** A variant id from the path: a non-numeric one names no variant (404 rather than a field error). */
function variantIdOf(params: { id: string }): number {
  const parsed = numericIdParamsSchema.safeParse(params);
  if (!parsed.success) throw new NotFound(cm.variantNotFound);
  return parsed.data.id;
}

/** The catalogue on the owner's side: stock adjustments and the stock ledger. Writes are audited. */
export const adminCatalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueAdminService }> = async (
  app,
  { catalogue },
) => {
  app.post(
    "/variants/:id/stock",
    {
      config: { permission: "stock:write" },
      schema: {
        tags: ["admin"],
        summary: "Adjust a variant's stock with a reason and a note (audited; never below zero: 409)",
        params: idParamsSchema,
        body: stockAdjustmentRequestSchema,
        response: { 200: successEnvelope(stockAdjustmentAnswerSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await catalogue.adjustStock(variantIdOf(request.params), request.body, auditContextOf(request)),
        cm.stockAdjusted,
      ),
  );

  app.put(
    "/products/:id",
    {
      config: { permission: "products:write" },
      schema: {
        tags: ["admin"],
        summary:
          "Save a product: name, description, status, featured, threshold, variants' SKU, price and active (409 when stale)",
        params: idParamsSchema,
        body: productEditRequestSchema,
        response: { 200: successEnvelope(productEditAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const parsed = numericIdParamsSchema.safeParse(request.params);
      if (!parsed.success) throw new NotFound(cm.productNotFound);
      return ok(await catalogue.editProduct(parsed.data.id, request.body, auditContextOf(request)), cm.productSaved);
    },
  );

  app.post(
    "/products/status",
    {
      config: { permission: "products:write" },
      schema: {
        tags: ["admin"],
        summary: "Activate, archive or draft many products at once (audited per product)",
        body: bulkStatusRequestSchema,
        response: { 200: successEnvelope(bulkStatusAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const answer = await catalogue.setStatus(request.body.ids, request.body.status, auditContextOf(request));
      return ok(answer, cm.bulkDone(answer.changed, request.body.status));
    },
  );

  app.get(
    "/variants/:id/ledger",
    {
      config: { permission: "products:read" },
      schema: {
        tags: ["admin"],
        summary: "A variant's stock ledger, newest first: every change of its stock and why",
        params: idParamsSchema,
        querystring: ledgerQuerySchema,
        response: { 200: successEnvelope(stockLedgerAnswerSchema), ...errors },
      },
    },
    async (request) => ok(await catalogue.ledger(variantIdOf(request.params), request.query.limit)),
  );
};
