import {
  type CodOrderToConfirm,
  codBlockRequestSchema,
  codBlockSchema,
  codBlocksAnswerSchema,
  codDecisionAnswerSchema,
  codOrdersToConfirmAnswerSchema,
  paymentDecisionAnswerSchema,
  paymentDecisionRequestSchema,
  paymentsToReviewAnswerSchema,
} from "@vaki/contract/admin/cod";
import { idParamsSchema, adminMessages as m } from "@vaki/contract/admin/schemas";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import { codMessages } from "@vaki/contract/messages";
import type { Order } from "@vaki/contract/orders";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AuditLog } from "../audit/service.js";
import type { CodConfirmationService } from "../checkout/cod-confirmation.js";
import type { PaymentReviewService } from "../checkout/payment-review.js";
import { type CodBlockRecord, type CodService, codPhone } from "../cod/service.js";
import { auditContextOf } from "../staff/guard.js";

/** What the admin's COD routes call: cod's rules, checkout's confirmation and payment review. */
export interface AdminCodDeps {
  rules: CodService;
  confirmation: CodConfirmationService;
  paymentReview: PaymentReviewService;
  audit: AuditLog;
}

const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure };
const ok = <T>(data: T, message: string = m.ok) => ({ success: true as const, message, data });

/** Who decided, as the order's `cod_confirmed_by` and the logs name them. */
function staffEmailOf(request: FastifyRequest): string {
  if (!request.staff) throw new Error("the admin guard did not run");
  return request.staff.staff.email;
}

function toConfirmItem(order: Order, phoneVerified: boolean): CodOrderToConfirm {
  const address = order.shippingAddress;
  // +91… whichever way the shopper typed it, so the app can link to a call and to WhatsApp.
  const phone = address?.phone || order.contactPhone;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    customerName: address?.fullName ?? null,
    email: order.contactEmail,
    phone: phone ? codPhone(phone) : null,
    phoneVerified,
    total: order.total,
    itemCount: order.itemCount,
    holdExpiresAt: order.holdExpiresAt,
  };
}

const decision = (order: Order) => ({
  id: order.id,
  orderNumber: order.orderNumber,
  status: order.status,
  paymentStatus: order.paymentStatus,
});

const blockOf = (row: CodBlockRecord) => ({
  id: row.id,
  kind: row.kind,
  value: row.value,
  reason: row.reason,
  createdAt: row.created_at,
});

/**
 * Cash on delivery on the owner's side: the orders waiting to be confirmed (confirm books the
 * shipment; cancel gives the stock back), phones and pincodes blocked from COD, and payments kept
 * for a person after an amount mismatch. Every write is audited in its own transaction.
 */
export const adminCodRoutes: FastifyPluginAsyncZod<AdminCodDeps> = async (app, deps) => {
  const { rules, confirmation, paymentReview, audit } = deps;

  app.get(
    "/cod/orders",
    {
      config: { permission: "orders:read" },
      schema: {
        tags: ["admin"],
        summary: "Cash-on-delivery orders waiting to be confirmed, oldest first",
        response: { 200: successEnvelope(codOrdersToConfirmAnswerSchema), ...errors },
      },
    },
    async () => {
      const waiting = await confirmation.waiting();
      return ok({ items: waiting.map((item) => toConfirmItem(item.order, item.phoneVerified)) });
    },
  );

  app.post(
    "/cod/orders/:id/confirm",
    {
      config: { permission: "orders:write" },
      schema: {
        tags: ["admin"],
        summary: "Confirm a cash-on-delivery order: its stock is sold and its shipment booked (audited)",
        params: idParamsSchema,
        response: { 200: successEnvelope(codDecisionAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const context = auditContextOf(request);
      const order = await confirmation.confirm(request.params.id, staffEmailOf(request), (trx, moved) =>
        audit.record(trx, context, {
          action: "order.cod_confirm",
          entityType: "order",
          entityId: moved.id,
          changes: {
            status: { before: "CREATED", after: moved.status },
            codState: { before: "to_confirm", after: "confirmed" },
          },
        }),
      );
      return ok(decision(order), codMessages.codConfirmed);
    },
  );

  app.post(
    "/cod/orders/:id/cancel",
    {
      config: { permission: "orders:write" },
      schema: {
        tags: ["admin"],
        summary: "Cancel a cash-on-delivery order waiting to be confirmed: its stock goes back on sale (audited)",
        params: idParamsSchema,
        response: { 200: successEnvelope(codDecisionAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const context = auditContextOf(request);
      const order = await confirmation.refuse(request.params.id, staffEmailOf(request), (trx, moved) =>
        audit.record(trx, context, {
          action: "order.cod_cancel",
          entityType: "order",
          entityId: moved.id,
          changes: {
            status: { before: "CREATED", after: moved.status },
            paymentStatus: { before: "COD_PENDING", after: moved.payment_status },
          },
        }),
      );
      return ok(decision(order), codMessages.codCancelled);
    },
  );

  app.get(
    "/cod/blocks",
    {
      config: { permission: "orders:write" },
      schema: {
        tags: ["admin"],
        summary: "Phones and pincodes blocked from cash on delivery, newest first",
        response: { 200: successEnvelope(codBlocksAnswerSchema), ...errors },
      },
    },
    async () => ok({ items: (await rules.listBlocks()).map(blockOf) }),
  );

  app.post(
    "/cod/blocks",
    {
      config: { permission: "orders:write" },
      schema: {
        tags: ["admin"],
        summary: "Block a phone or a pincode from cash on delivery (audited; an existing block is answered as is)",
        body: codBlockRequestSchema,
        response: { 200: successEnvelope(codBlockSchema), 201: successEnvelope(codBlockSchema), ...errors },
      },
    },
    async (request, reply) => {
      const context = auditContextOf(request);
      const { kind, value, reason } = request.body;
      const { block, created } = await rules.addBlock(kind, value, reason || null, (trx, row) =>
        audit.record(trx, context, {
          action: "cod.block_add",
          entityType: "cod_block",
          entityId: row.id,
          changes: { [row.kind]: { before: null, after: row.value }, reason: { before: null, after: row.reason } },
        }),
      );
      return reply.status(created ? 201 : 200).send(ok(blockOf(block), codMessages.blockAdded));
    },
  );

  app.delete(
    "/cod/blocks/:id",
    {
      config: { permission: "orders:write" },
      schema: {
        tags: ["admin"],
        summary: "Remove a cash-on-delivery block (audited)",
        params: idParamsSchema,
        response: { 200: successEnvelope(codBlockSchema), ...errors },
      },
    },
    async (request) => {
      const context = auditContextOf(request);
      const block = await rules.removeBlock(request.params.id, (trx, row) =>
        audit.record(trx, context, {
          action: "cod.block_remove",
          entityType: "cod_block",
          entityId: row.id,
          changes: { [row.kind]: { before: row.value, after: null } },
        }),
      );
      return ok(blockOf(block), codMessages.blockRemoved);
    },
  );

  app.get(
    "/payments/review",
    {
      config: { permission: "orders:refund" },
      schema: {
        tags: ["admin"],
        summary: "Payments kept for a person after the gateway reported another amount than the order's",
        response: { 200: successEnvelope(paymentsToReviewAnswerSchema), ...errors },
      },
    },
    async () => ok({ items: await paymentReview.listToReview() }),
  );

  app.post(
    "/payments/review/:id/resolve",
    {
      config: { permission: "orders:refund" },
      schema: {
        tags: ["admin"],
        summary: "Refund a kept payment, or keep it to settle by hand (audited)",
        params: idParamsSchema,
        body: paymentDecisionRequestSchema,
        response: { 200: successEnvelope(paymentDecisionAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const context = auditContextOf(request);
      const { decision: chosen } = request.body;
      await paymentReview.resolve(request.params.id, chosen, staffEmailOf(request), (trx, payment) =>
        audit.record(trx, context, {
          action: chosen === "refund" ? "payment.review_refund" : "payment.review_keep",
          entityType: "order",
          entityId: payment.order_id,
          changes: {
            payment: { before: "flagged", after: chosen === "refund" ? "refunded" : "kept" },
            paymentId: { before: null, after: payment.id },
          },
        }),
      );
      return ok({}, chosen === "refund" ? codMessages.paymentRefunded : codMessages.paymentKept);
    },
  );
};
