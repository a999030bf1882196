import type { ReattemptRequest, ReceiveReturnRequest } from "@vaki/contract/admin/failed-delivery";
import type { OrderActionAnswer } from "@vaki/contract/admin/inbox";
import type { Db } from "../../db/connection.js";
import type { AuditLog } from "../audit/service.js";
import type { AuditContext } from "../audit/types.js";
import type { CheckoutService } from "../checkout/service.js";
import type { FailedDeliveries, ReturnPlan } from "../fulfilment/failed-delivery.js";
import type { OrderRecord } from "../orders/types.js";
import type { AdminRepo } from "./repo.js";

export interface FailedDeliveryActionDeps {
  repo: AdminRepo;
  audit: AuditLog;
  failedDeliveries: FailedDeliveries;
  checkout: Pick<CheckoutService, "staffRefunds">;
}

/** The reason written on the automatic refund of a returned prepaid order. */
export const returnRefundReason = "Returned to origin: parcel received back";

/**
 * The order page's failed-delivery actions (issue "owner's side, part 3"), each audited in the
 * move's own transaction: re-attempt and return to origin through fulfilment's
 * `FailedDeliveries`; receiving the return, which for a prepaid order runs inside checkout's
 * staff refund (`refundByStaff`) so the refund, the cancel, the stock and both audit events
 * commit together. Cash on delivery was never collected: nothing to refund.
 */
export class FailedDeliveryActions {
  constructor(private readonly deps: FailedDeliveryActionDeps) {}

  async reattempt(orderId: string, request: ReattemptRequest, context: AuditContext): Promise<OrderActionAnswer> {
    const after = await this.deps.failedDeliveries.reattempt(orderId, request, (trx, before, moved) =>
      this.deps.audit.record(trx, context, {
        action: "order.reattempt",
        entityType: "order",
        entityId: orderId,
        changes: {
          ndrAction: { before: before.ndr_action, after: moved.ndr_action },
          reattemptDate: { before: before.reattempt_date, after: moved.reattempt_date },
          courierStatusCode: { before: before.courier_status_code, after: moved.courier_status_code },
        },
      }),
    );
    return answerOf(after);
  }

  async returnToOrigin(orderId: string, context: AuditContext): Promise<OrderActionAnswer> {
    const after = await this.deps.failedDeliveries.returnToOrigin(orderId, (trx, before, moved) =>
      this.deps.audit.record(trx, context, {
        action: "order.return_to_origin",
        entityType: "order",
        entityId: orderId,
        changes: {
          ndrAction: { before: before.ndr_action, after: moved.ndr_action },
          courierStatusCode: { before: before.courier_status_code, after: moved.courier_status_code },
        },
      }),
    );
    return answerOf(after);
  }

  /** The parcel is back: checked lines restocked, the rest written off, the order closed (refunded if prepaid). */
  async receiveReturn(
    orderId: string,
    request: ReceiveReturnRequest,
    context: AuditContext,
  ): Promise<{ order: OrderActionAnswer; refunded: number }> {
    const plan = await this.deps.failedDeliveries.planReturn(orderId, request);
    const refundable = await this.deps.checkout.staffRefunds.refundableOf(plan.record);
    // Only money taken online goes back by itself; COD was never collected on a returned parcel.
    if (refundable && refundable.method === "gateway" && refundable.refundable > 0) {
      let received: OrderRecord | undefined;
      await this.deps.checkout.staffRefunds.refundByStaff(
        orderId,
        { amount: refundable.refundable, reason: returnRefundReason },
        context.actorId,
        async (trx, refunded, refund) => {
          await this.deps.audit.record(trx, context, {
            action: "order.refund",
            entityType: "order",
            entityId: orderId,
            changes: {
              refundedAmount: { before: plan.record.refunded_amount, after: refunded.refunded_amount },
              paymentStatus: { before: plan.record.payment_status, after: refunded.payment_status },
              refund: {
                before: null,
                after: { id: refund.id, amount: refund.amount, method: refund.method, reason: refund.reason },
              },
            },
          });
          received = await this.receive(trx, plan, context);
        },
      );
      return { order: answerOf(received ?? plan.record), refunded: refundable.refundable };
    }
    const after = await this.deps.failedDeliveries.transaction((trx) => this.receive(trx, plan, context));
    return { order: answerOf(after), refunded: 0 };
  }

  private async receive(trx: Db, plan: ReturnPlan, context: AuditContext): Promise<OrderRecord> {
    const { after, returned, restocked, damaged } = await this.deps.failedDeliveries.receiveIn(
      trx,
      plan,
      context.actorId,
    );
    await this.deps.audit.record(trx, context, {
      action: "order.return_received",
      entityType: "order",
      entityId: plan.record.id,
      changes: {
        status: { before: plan.record.status, after: after.status },
        paymentStatus: { before: plan.record.payment_status, after: after.payment_status },
        units: { before: null, after: { returned, restocked, damaged } },
        ...(plan.note ? { note: { before: null, after: plan.note } } : {}),
      },
    });
    return after;
  }
}

function answerOf(record: OrderRecord): OrderActionAnswer {
  return {
    id: record.id,
    orderNumber: record.order_number,
    status: record.status,
    paymentStatus: record.payment_status,
    packedAt: record.packed_at,
    awb: record.tracking_number,
    refundedAmount: record.refunded_amount,
  };
}
