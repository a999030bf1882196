import type { AdminAfterSalesRequest } from "@vaki/contract/admin/exchanges";
import {
  type AfterSalesRequest,
  type AfterSalesStep,
  afterSalesStatusLabels,
  type ExchangeShipMode,
  replacementLegLabels,
  returnLegLabels,
} from "@vaki/contract/exchanges";
import type { OrderItemRecord } from "../orders/types.js";
import type { AfterSalesRow, SizeRow } from "./repo.js";

/** What a line paid per unit: its taxable value and tax (after its discount share), else its total less that share. */
export function unitPaidOf(item: OrderItemRecord): number {
  const paid =
    item.taxable_value !== null && item.tax_amount !== null
      ? item.taxable_value + item.tax_amount
      : item.line_total - (item.discount_amount ?? 0);
  return Math.round(paid / item.quantity);
}

/** Whether every leg the request needs is finished: back and checked, new size delivered, money returned. */
export function isFinished(row: AfterSalesRow): boolean {
  const returned = row.return_status === null || row.return_status === "RECEIVED";
  const replaced =
    !(row.resolution === "exchange" || row.resolution === "replace") || row.replacement_status === "DELIVERED";
  const refunded = row.resolution !== "refund" || row.refunded_amount > 0;
  return row.resolution !== null && returned && replaced && refunded;
}

const step = (label: string, at: string | null, done = at !== null): AfterSalesStep => ({ label, done, at });

/**
 * The customer's progress of a request, from its states and timestamps. An exchange: Requested →
 * Approved → Pickup booked → Picked up → New size shipped → New size delivered (the new size
 * before the pickup when it ships at approval); a refusal or withdrawal ends the list.
 */
export function stepsOf(row: AfterSalesRow, shipMode: ExchangeShipMode): AfterSalesStep[] {
  const steps: AfterSalesStep[] = [step(afterSalesStatusLabels.REQUESTED, row.created_at)];
  if (row.status === "REFUSED") {
    const label = row.refusal_reason ? `Refused: ${row.refusal_reason}` : afterSalesStatusLabels.REFUSED;
    return [...steps, step(label, row.decided_at ?? row.updated_at)];
  }
  if (row.status === "WITHDRAWN") return [...steps, step(afterSalesStatusLabels.WITHDRAWN, row.updated_at)];
  if (row.status === "SIZE_UNAVAILABLE" || (row.kind === "exchange" && row.resolution === "refund")) {
    steps.push(
      step(afterSalesStatusLabels.SIZE_UNAVAILABLE, row.status === "SIZE_UNAVAILABLE" ? row.updated_at : null, true),
    );
    if (row.status === "SIZE_UNAVAILABLE") return steps;
  }
  const approved = row.status === "APPROVED" || row.status === "COMPLETED" ? row.decided_at : null;
  steps.push(step(afterSalesStatusLabels.APPROVED, approved, approved !== null));
  const pickup = [
    step(returnLegLabels.PICKUP_BOOKED, row.return_status ? row.decided_at : null, row.return_status !== null),
    step(returnLegLabels.PICKED_UP, row.picked_up_at),
  ];
  const replacement = [
    step(row.kind === "exchange" ? replacementLegLabels.SHIPPED : "Replacement shipped", row.replacement_shipped_at),
  ];
  const delivered = step(
    row.kind === "exchange" ? replacementLegLabels.DELIVERED : "Replacement delivered",
    row.replacement_delivered_at,
  );
  if (row.resolution === "refund") {
    if (row.kind === "exchange") steps.push(...pickup, step(returnLegLabels.RECEIVED, row.received_at));
    return [...steps, step("Refunded", row.refunded_amount > 0 ? row.completed_at : null, row.refunded_amount > 0)];
  }
  if (row.kind === "defect") {
    if (row.resolution === "replace") steps.push(...replacement, delivered);
    return steps;
  }
  if (shipMode === "at-approval") {
    const [booked, picked] = pickup as [AfterSalesStep, AfterSalesStep];
    return [...steps, booked, ...replacement, picked, delivered];
  }
  return [...steps, ...pickup, ...replacement, delivered];
}

/** The one line under the item in My Orders. */
export function messageOf(row: AfterSalesRow, shipMode: ExchangeShipMode): string {
  switch (row.status) {
    case "REQUESTED":
      return row.kind === "exchange"
        ? "Waiting for the shop: your new size is put aside for you."
        : "Waiting for the shop to look at your report.";
    case "SIZE_UNAVAILABLE":
      return "The size you asked for is no longer available: choose another size or a refund.";
    case "REFUSED":
      return row.refusal_reason ? `Refused: ${row.refusal_reason}` : "The shop refused this request.";
    case "WITHDRAWN":
      return "You withdrew this request.";
    case "COMPLETED":
      return row.resolution === "refund" ? "Done: the refund is on its way to you." : "Done: enjoy your new piece.";
    case "APPROVED":
      break;
  }
  if (row.replacement_status === "DELIVERED")
    return "The new piece was delivered; we are checking the one you sent back.";
  if (row.replacement_status === "SHIPPED" && row.replacement_awb)
    return `The new piece is on its way (AWB ${row.replacement_awb}).`;
  if (row.return_status === "PICKUP_BOOKED" && row.return_awb) {
    const after =
      row.resolution === "refund"
        ? "the refund is made when it reaches us"
        : shipMode === "on-pickup"
          ? "the new size ships when it is picked up"
          : "the new size ships now";
    return `Pickup booked: AWB ${row.return_awb}, ${after}.`;
  }
  if (row.return_status === "PICKED_UP" || row.return_status === "AT_WAREHOUSE")
    return "Your piece is on its way back to us.";
  if (row.return_status === "RECEIVED") return "We have your piece back and checked it.";
  return "Approved.";
}

export interface ViewParts {
  row: AfterSalesRow;
  item: OrderItemRecord;
  toVariant: SizeRow | null;
  photoIds: readonly number[];
  photoUrl: (photoId: number) => string;
  shipMode: ExchangeShipMode;
}

/** A request as the customer reads it. */
export function customerView({ row, item, toVariant, photoIds, photoUrl, shipMode }: ViewParts): AfterSalesRequest {
  return {
    id: row.id,
    orderId: row.order_id,
    itemId: row.order_item_id,
    kind: row.kind,
    resolution: row.resolution,
    status: row.status,
    statusLabel: afterSalesStatusLabels[row.status],
    returnStatus: row.return_status,
    replacementStatus: row.replacement_status,
    quantity: row.quantity,
    productName: item.product_name,
    fromSize: item.size,
    toSize: toVariant?.size ?? null,
    toVariantId: row.to_variant_id,
    description: row.description,
    photos: photoIds.map((id) => ({ id, url: photoUrl(id) })),
    refusalReason: row.refusal_reason,
    returnAwb: row.return_awb,
    replacementAwb: row.replacement_awb,
    refundedAmount: row.refunded_amount,
    steps: stepsOf(row, shipMode),
    message: messageOf(row, shipMode),
    withdrawable: row.status === "REQUESTED" || row.status === "SIZE_UNAVAILABLE",
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What the staff may do next (the admin's buttons). */
export function actionsOf(row: AfterSalesRow): AdminAfterSalesRequest["actions"] {
  const actions: AdminAfterSalesRequest["actions"] = [];
  if (row.status === "REQUESTED") {
    actions.push("approve", "refuse");
    if (row.kind === "exchange") actions.push("size_unavailable");
    if (row.kind === "defect") actions.push("refund");
  }
  if (row.status === "APPROVED") {
    if (row.return_status === "PICKED_UP" || row.return_status === "AT_WAREHOUSE") actions.push("receive");
    if (
      (row.resolution === "exchange" || row.resolution === "replace") &&
      row.replacement_status === null &&
      row.hold_status === "HELD"
    ) {
      actions.push("ship_replacement");
    }
  }
  return actions;
}
