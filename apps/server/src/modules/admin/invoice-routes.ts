import {
  type Gstr1SectionName,
  gstReturnMessages,
  gstr1QuerySchema,
  gstr1SectionNames,
  gstr1SummarySchema,
} from "@vaki/contract/admin/gst-returns";
import { idParamsSchema, adminMessages as m } from "@vaki/contract/admin/schemas";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import {
  type ShopSettings,
  shopSettingsMessages,
  shopSettingsSchema,
  taxDocumentListSchema,
} from "@vaki/contract/invoices";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/connection.js";
import type { AuditLog } from "../audit/service.js";
import type { AuditContext } from "../audit/types.js";
import type { InvoicesService } from "../invoices/service.js";
import { auditContextOf } from "../staff/guard.js";

export interface AdminInvoiceDeps {
  invoices: InvoicesService;
  audit: AuditLog;
}

const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure };
const ok = <T>(data: T, message: string = m.ok) => ({ success: true as const, message, data });

/** What changed, field by field, for the audit log. */
function changesOf(before: ShopSettings, after: ShopSettings) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after) as (keyof ShopSettings)[]) {
    if (before[key] !== after[key]) changes[key] = { before: before[key], after: after[key] };
  }
  return changes;
}

const csvFiles = gstr1SectionNames.map((name) => `${name}.csv` as const);
const gstr1FileParamsSchema = z.object({ file: z.enum(csvFiles, gstReturnMessages.section) });

/** The audit event of a GSTR-1 download: who took which month's returns, and in what form. */
function gstr1Export(audit: AuditLog, context: AuditContext, month: string, format: string) {
  return (trx: Db) =>
    audit.record(trx, context, {
      action: "gst.gstr1_export",
      entityType: "gst_return",
      entityId: `GSTR1-${month}`,
      changes: { exported: { before: null, after: format } },
    });
}

/**
 * The shop's GST settings (owner), each order's invoices and credit notes, and the month's
 * GSTR-1 for the accountant (invoices:read; each download is audited).
 */
export const adminInvoiceRoutes: FastifyPluginAsyncZod<AdminInvoiceDeps> = async (app, { invoices, audit }) => {
  app.get(
    "/settings/shop",
    {
      config: { permission: "settings:write" },
      schema: {
        tags: ["admin"],
        summary: "The shop's legal name, address, state, GSTIN and document prefixes (saved or the defaults)",
        response: { 200: successEnvelope(shopSettingsSchema), ...errors },
      },
    },
    async () => ok(await invoices.settings()),
  );

  app.put(
    "/settings/shop",
    {
      config: { permission: "settings:write" },
      schema: {
        tags: ["admin"],
        summary: "Save the shop's GST settings; invoices issued from now on print them (audited)",
        body: shopSettingsSchema,
        response: { 200: successEnvelope(shopSettingsSchema), ...errors },
      },
    },
    async (request) => {
      const context = auditContextOf(request);
      const saved = await invoices.updateSettings(request.body, (trx, before) =>
        audit.record(trx, context, {
          action: "settings.update",
          entityType: "settings",
          entityId: "shop",
          changes: changesOf(before, request.body),
        }),
      );
      return ok(saved, shopSettingsMessages.saved);
    },
  );

  app.get(
    "/orders/:id/tax-documents",
    {
      config: { permission: "invoices:read" },
      schema: {
        tags: ["admin"],
        summary: "The order's GST invoice and credit notes",
        params: idParamsSchema,
        response: { 200: successEnvelope(taxDocumentListSchema), ...errors },
      },
    },
    async (request) => ok({ documents: await invoices.documentsOf(request.params.id) }),
  );

  app.get(
    "/orders/:id/tax-documents/:documentId/pdf",
    {
      config: { permission: "invoices:read" },
      schema: {
        tags: ["admin"],
        summary: "One invoice or credit note of the order as a PDF",
        params: idParamsSchema.extend({ documentId: z.string().uuid() }),
      },
    },
    async (request, reply) => {
      const { file, name } = await invoices.pdfOf(request.params.id, request.params.documentId);
      return reply.type("application/pdf").header("content-disposition", `attachment; filename="${name}"`).send(file);
    },
  );

  app.get(
    "/gst/gstr1",
    {
      config: { permission: "invoices:read" },
      schema: {
        tags: ["admin"],
        summary: "The month's GSTR-1 at a glance: documents, and counts and totals per section (India time)",
        querystring: gstr1QuerySchema,
        response: { 200: successEnvelope(gstr1SummarySchema), ...errors },
      },
    },
    async (request) => ok((await invoices.gstr1(request.query.month)).summary),
  );

  app.get(
    "/gst/gstr1.zip",
    {
      config: { permission: "invoices:read" },
      schema: {
        tags: ["admin"],
        summary:
          "The month's GSTR-1 as the offline tool's CSV files (b2cs, b2cl, exp, cdnur, hsn, docs) in a zip (audited)",
        querystring: gstr1QuerySchema,
      },
    },
    async (request, reply) => {
      const { month } = request.query;
      const { file, name } = await invoices.gstr1Zip(month, gstr1Export(audit, auditContextOf(request), month, "zip"));
      return reply.type("application/zip").header("content-disposition", `attachment; filename="${name}"`).send(file);
    },
  );

  app.get(
    "/gst/gstr1/:file",
    {
      config: { permission: "invoices:read" },
      schema: {
        tags: ["admin"],
        summary: "One section of the month's GSTR-1 as CSV, e.g. /gst/gstr1/b2cs.csv (audited)",
        params: gstr1FileParamsSchema,
        querystring: gstr1QuerySchema,
      },
    },
    async (request, reply) => {
      const { month } = request.query;
      const section = request.params.file.replace(/\.csv$/, "") as Gstr1SectionName;
      const { file, name } = await invoices.gstr1Csv(
        month,
        section,
        gstr1Export(audit, auditContextOf(request), month, `${section}.csv`),
      );
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${name}"`)
        .send(file);
    },
  );
};
