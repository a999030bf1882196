import {
  bulkOrdersRequestSchema,
  bulkPackAnswerSchema,
  bulkShipmentsAnswerSchema,
  inboxMessages as im,
  orderActionAnswerSchema,
  refundRequestSchema,
  refundStepUpAbovePaise,
} from "@vaki/contract/admin/inbox";
import { orderAddressesRequestSchema, orderAddressMessages } from "@vaki/contract/admin/order-addresses";
import { idParamsSchema, adminMessages as m } from "@vaki/contract/admin/schemas";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { StepUpRequired } from "../staff/errors.js";
import { auditContextOf } from "../staff/guard.js";
import type { StaffService } from "../staff/service.js";
import type { OrderActions } from "./order-actions.js";

export interface OrderActionRouteDeps {
  actions: OrderActions;
  staff: StaffService;
}

const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure };
const ok = <T>(data: T, message: string = m.ok) => ({ success: true as const, message, data });

function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string) {
  return reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "no-store")
    .send(pdf);
}

/** A refund above Rs 10,000 needs the person's password and a fresh code (the guard's step-up). */
function requireStepUpAbove(staff: StaffService, request: FastifyRequest, amount: number) {
  if (amount <= refundStepUpAbovePaise) return;
  if (!request.staff || !staff.hasFreshStepUp(request.staff)) throw new StepUpRequired();
}

/** The order inbox's actions on one order and on a selection (issue 28); each audited. */
export const orderActionRoutes: FastifyPluginAsyncZod<OrderActionRouteDeps> = async (app, { actions, staff }) => {
  app.post(
    "/orders/:id/pack",
    {
      config: { permission: "orders:write" },
      schema: {
        tags: ["admin"],
        summary: "Mark a confirmed order packed (audited)",
        params: idParamsSchema,
        response: { 200: successEnvelope(orderActionAnswerSchema), ...errors },
      },
    },
    async (request) => ok(await actions.markPacked(request.params.id, auditContextOf(request)), im.packed),
  );

  app.post(
    "/orders/:id/shipment",
    {
      config: { permission: "shipments:write" },
      schema: {
        tags: ["admin"],
        summary: "Create the shipment and AWB through the courier (audited)",
        params: idParamsSchema,
        response: { 200: successEnvelope(orderActionAnswerSchema), ...errors },
      },
    },
    async (request) => ok(await actions.createShipment(request.params.id, auditContextOf(request)), im.shipmentCreated),
  );

  app.get(
    "/orders/:id/label",
    {
      config: { permission: "shipments:write" },
      schema: {
        tags: ["admin"],
        summary: "The shipping label as a PDF (order number, addresses, AWB barcode)",
        params: idParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { pdf } = await actions.labels([request.params.id]);
      return sendPdf(reply, pdf, `label-${request.params.id}.pdf`);
    },
  );

  app.post(
    "/orders/:id/cancel",
    {
      config: { permission: "orders:write" },
      schema: {
        tags: ["admin"],
        summary: "Cancel an order before dispatch: stock back, payment refunded, customer e-mailed (audited)",
        params: idParamsSchema,
        response: { 200: successEnvelope(orderActionAnswerSchema), ...errors },
      },
    },
    async (request) => ok(await actions.cancel(request.params.id, auditContextOf(request)), im.cancelled),
  );

  app.post(
    "/orders/:id/refunds",
    {
      config: { permission: "orders:refund" },
      schema: {
        tags: ["admin"],
        summary:
          "Refund part or all of what was paid (gateway, or bank/UPI for COD); step-up above Rs 10,000 (audited)",
        params: idParamsSchema,
        body: refundRequestSchema,
        response: { 200: successEnvelope(orderActionAnswerSchema), ...errors },
      },
    },
    async (request) => {
      // The amount of a refund by line is known once the server has computed it.
      const approve = (amount: number) => requireStepUpAbove(staff, request, amount);
      return ok(await actions.refund(request.params.id, request.body, auditContextOf(request), approve), im.refunded);
    },
  );

  app.put(
    "/orders/:id/addresses",
    {
      config: { permission: "orders:write" },
      schema: {
        tags: ["admin"],
        summary: "Edit the shipping and/or billing address before a shipment exists (audited with before and after)",
        params: idParamsSchema,
        body: orderAddressesRequestSchema,
        response: { 200: successEnvelope(orderActionAnswerSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await actions.editAddresses(request.params.id, request.body, auditContextOf(request)),
        orderAddressMessages.saved,
      ),
  );

  app.post(
    "/orders/:id/resend-confirmation",
    {
      config: { permission: "mail:resend" },
      schema: {
        tags: ["admin"],
        summary: "Send the order confirmation e-mail again (audited)",
        params: idParamsSchema,
        response: { 200: successEnvelope(z.object({ queued: z.boolean() })), ...errors },
      },
    },
    async (request) => {
      await actions.resendConfirmation(request.params.id, auditContextOf(request));
      return ok({ queued: true }, im.confirmationResent);
    },
  );

  app.post(
    "/orders/bulk/pack",
    {
      config: { permission: "orders:write" },
      schema: {
        tags: ["admin"],
        summary: "Mark the selected orders packed (each audited); the others listed with why",
        body: bulkOrdersRequestSchema,
        response: { 200: successEnvelope(bulkPackAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const answer = await actions.markPackedMany(request.body.ids, auditContextOf(request));
      return ok(answer, im.bulkPacked(answer.packed.length));
    },
  );

  app.post(
    "/orders/bulk/shipments",
    {
      config: { permission: "shipments:write" },
      schema: {
        tags: ["admin"],
        summary: "Create the selected orders' shipments where allowed (each audited); the others listed with why",
        body: bulkOrdersRequestSchema,
        response: { 200: successEnvelope(bulkShipmentsAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const answer = await actions.createShipmentMany(request.body.ids, auditContextOf(request));
      return ok(answer, im.bulkShipments(answer.created.length));
    },
  );

  app.post(
    "/orders/bulk/manifest",
    {
      config: { permission: "shipments:write" },
      schema: {
        tags: ["admin"],
        summary:
          "The pickup manifest of the selected orders as a PDF, a page per courier (orders without an AWB left out)",
        body: bulkOrdersRequestSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { pdf } = await actions.manifest(request.body.ids, new Date());
      return sendPdf(reply, pdf, "pickup-manifest.pdf");
    },
  );

  app.post(
    "/orders/bulk/labels",
    {
      config: { permission: "shipments:write" },
      schema: {
        tags: ["admin"],
        summary: "The selected orders' labels as one PDF (orders without an AWB are left out)",
        body: bulkOrdersRequestSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { pdf } = await actions.labels(request.body.ids);
      return sendPdf(reply, pdf, "labels.pdf");
    },
  );
};
