import { guestSessionHeadersSchema } from "@vaki/contract/cart";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import { taxDocumentListSchema } from "@vaki/contract/invoices";
import { commonMessages } from "@vaki/contract/messages";
import { orderAccessQuerySchema, orderIdParamsSchema } from "@vaki/contract/orders";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { Unauthorised } from "../../lib/errors.js";
import { applyRouteDefaults } from "../../plugins/route-defaults.js";
import { type AuthenticatedUser, type AuthGuard, assertClaimedUser } from "../accounts/auth-guard.js";
import type { OrderReader } from "../orders/service.js";
import type { InvoicesService } from "./service.js";

const tags = ["invoices"];
const documentQuerySchema = orderAccessQuerySchema.extend({ document: z.string().uuid().optional() });

/** The order's reader, as the order routes read it: its user, or its secret. */
function readerOf(request: {
  user: AuthenticatedUser | null;
  query: z.infer<typeof orderAccessQuerySchema>;
  headers: FastifyRequest["headers"];
}): OrderReader {
  const { query, headers } = request;
  if (request.user) assertClaimedUser(request.user, query.requestUserId, query.userId);
  else if (query.requestUserId || query.userId) throw new Unauthorised(commonMessages.unauthorised);
  const guestHeader = headers["x-guest-session-id"];
  return {
    user: request.user,
    guestSessionId: query.guestSessionId ?? (typeof guestHeader === "string" ? guestHeader : undefined),
    orderSecret: query.orderSecret || query.secret,
  };
}

/** An order's invoices and credit notes for its owner: the list, and each as a PDF. */
export const invoiceRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService; auth: AuthGuard }> = async (
  app,
  { invoices, auth },
) => {
  applyRouteDefaults(app, { noStore: true });

  app.get(
    "/api/orders/:id/tax-documents",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags,
        summary: "The order's GST invoice and credit notes (its user, or the holder of its secret)",
        params: orderIdParamsSchema,
        querystring: orderAccessQuerySchema,
        headers: guestSessionHeadersSchema,
        response: { 200: successEnvelope(taxDocumentListSchema), 400: failure, 401: failure, 404: failure },
      },
    },
    async (request) => ({
      success: true as const,
      message: "Documents fetched",
      data: {
        documents: await invoices.documentsForOwner(
          request.params.id,
          readerOf({ user: request.user ?? null, query: request.query, headers: request.headers }),
        ),
      },
    }),
  );

  app.get(
    "/api/orders/:id/invoice.pdf",
    {
      preValidation: auth.optionalUser,
      schema: {
        tags,
        summary: "The order's invoice (or the document named by `document`) as a PDF",
        params: orderIdParamsSchema,
        querystring: documentQuerySchema,
        headers: guestSessionHeadersSchema,
      },
    },
    async (request, reply) => {
      const { file, name } = await invoices.pdfForOwner(
        request.params.id,
        readerOf({ user: request.user ?? null, query: request.query, headers: request.headers }),
        request.query.document,
      );
      return reply.type("application/pdf").header("content-disposition", `attachment; filename="${name}"`).send(file);
    },
  );
};
