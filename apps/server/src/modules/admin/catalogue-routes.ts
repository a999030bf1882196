import {
  bulkCategoryRequestSchema,
  bulkChangeAnswerSchema,
  bulkFeaturedRequestSchema,
  bulkStatusAnswerSchema,
  bulkStatusRequestSchema,
  catalogueMessages as cm,
  ledgerQuerySchema,
  productEditAnswerSchema,
  stockAdjustmentAnswerSchema,
  stockAdjustmentRequestSchema,
  stockLedgerAnswerSchema,
} from "@vaki/contract/admin/catalogue";
import {
  productCsvMessages as csvMessages,
  productCsvLimits,
  productImportAnswerSchema,
  productImportRequestSchema,
} from "@vaki/contract/admin/product-csv";
import { productEditWithDetailsSchema } from "@vaki/contract/admin/product-form";
import {
  adminProductsQuerySchema,
  idParamsSchema,
  adminMessages as m,
  numericIdParamsSchema,
} from "@vaki/contract/admin/schemas";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NotFound } from "../../lib/errors.js";
import { auditContextOf } from "../staff/guard.js";
import type { CatalogueCsvService } from "./catalogue-csv.js";
import type { CatalogueAdminService } from "./catalogue-service.js";

const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure };
const ok = <T>(data: T, message: string = m.ok) => ({ success: true as const, message, data });

/** A variant id from the path: a non-numeric one names no variant (404 rather than a field error). */
function variantIdOf(params: { id: string }): number {
  const parsed = numericIdParamsSchema.safeParse(params);
  if (!parsed.success) throw new NotFound(cm.variantNotFound);
  return parsed.data.id;
}

const exportQuerySchema = adminProductsQuerySchema.pick({
  q: true,
  status: true,
  stock: true,
  category: true,
  character: true,
});

/**
 * The catalogue on the owner's side: stock adjustments and the stock ledger, product editing,
 * and products as CSV. Writes are audited.
 */
export const adminCatalogueRoutes: FastifyPluginAsyncZod<{
  catalogue: CatalogueAdminService;
  csv: CatalogueCsvService;
}> = async (app, { catalogue, csv }) => {
  app.get(
    "/products.csv",
    {
      config: { permission: "products:read" },
      schema: {
        tags: ["admin"],
        summary: "Products and variants as CSV, one row per variant (SKU the key), with the list's filters (audited)",
        querystring: exportQuerySchema,
      },
    },
    async (request, reply) => {
      const text = await csv.exportCsv(request.query, auditContextOf(request));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="products-${day}.csv"`)
        .header("cache-control", "no-store")
        .send(text);
    },
  );

  app.post(
    "/products/import",
    {
      config: { permission: "products:write" },
      // The file travels as text in JSON: a 10,000-row catalogue is about 1.5 MB.
      bodyLimit: productCsvLimits.bytesMax + 64 * 1024,
      schema: {
        tags: ["admin"],
        summary:
          "Import products and variants from CSV: a dry run (apply false) reports each row; apply true writes it all in one transaction, or nothing",
        body: productImportRequestSchema,
        response: { 200: successEnvelope(productImportAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const answer = await csv.importCsv(request.body.csv, request.body.apply, auditContextOf(request));
      const message = answer.applied
        ? csvMessages.imported(answer.counts.created, answer.counts.updated)
        : answer.errors.length > 0
          ? csvMessages.hasErrors(answer.counts.error || answer.errors.length)
          : csvMessages.checked;
      return ok(answer, message);
    },
  );

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
          "Save a product: name, description, status, featured, threshold, categories, HSN code, tax class, variants' SKU, price and active (409 when stale)",
        params: idParamsSchema,
        body: productEditWithDetailsSchema,
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

  app.post(
    "/products/categories",
    {
      config: { permission: "products:write" },
      schema: {
        tags: ["admin"],
        summary:
          "Add many products to a category or character, or take them out of it (audited per product; 404 for an unknown category)",
        body: bulkCategoryRequestSchema,
        response: { 200: successEnvelope(bulkChangeAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const { ids, categoryId, action } = request.body;
      const answer = await catalogue.setCategory(ids, categoryId, action, auditContextOf(request));
      return ok({ changed: answer.changed }, cm.bulkCategoryDone(answer.changed, answer.category, action));
    },
  );

  app.post(
    "/products/featured",
    {
      config: { permission: "products:write" },
      schema: {
        tags: ["admin"],
        summary: "Mark many products featured, or no longer featured (audited per product)",
        body: bulkFeaturedRequestSchema,
        response: { 200: successEnvelope(bulkChangeAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const answer = await catalogue.setFeatured(request.body.ids, request.body.featured, auditContextOf(request));
      return ok(answer, cm.bulkFeaturedDone(answer.changed, request.body.featured));
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
