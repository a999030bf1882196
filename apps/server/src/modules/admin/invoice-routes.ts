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
import type { AuditLog } from "../audit/service.js";
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

/** The shop's GST settings (owner) and each order's invoices and credit notes (invoices:read). */
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
};
