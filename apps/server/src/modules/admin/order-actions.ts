import { randomUUID } from "node:crypto";
import {
  type BulkPackAnswer,
  type BulkShipmentsAnswer,
  beforeDispatchStatuses,
  inboxMessages as im,
  type OrderActionAnswer,
  type OrderActionsAvailable,
  type OrderRefund,
  type RefundRequest,
} from "@vaki/contract/admin/inbox";
import {
  orderAddressMessages as am,
  type OrderAddressesRequest,
  type OrderAddressInput,
} from "@vaki/contract/admin/order-addresses";
import { adminMessages } from "@vaki/contract/admin/schemas";
import type { OrderStatus, PaymentStatus } from "@vaki/contract/orders";
import { Conflict, DomainError, InvalidInput, NotFound } from "../../lib/errors.js";
import { readAddress } from "../../providers/payment/sandbox-payment-form.js";
import type { AuditLog } from "../audit/service.js";
import type { AuditContext } from "../audit/types.js";
import type { CheckoutService } from "../checkout/service.js";
import { deliveryAddressKey } from "../cod/service.js";
import type { FailedDeliveries } from "../fulfilment/failed-delivery.js";
import type { FulfilmentService } from "../fulfilment/service.js";
import type { OrderLifecycleService } from "../orders/lifecycle.js";
import type { OrdersService } from "../orders/service.js";
import type { OrderRecord } from "../orders/types.js";
import { addressLines, type LabelInput, labelsPdf } from "./order-labels.js";
import { type ManifestParcel, manifestPdf } from "./order-manifest.js";
import type { AdminRepo } from "./repo.js";

export interface OrderActionDeps {
  repo: AdminRepo;
  audit: AuditLog;
  orders: OrdersService;
  lifecycle: OrderLifecycleService;
  fulfilment: FulfilmentService;
  checkout: CheckoutService;
  shopName: string;
  /** A failed delivery's actions (re-attempt, return to origin, receive the return): which make sense now. */
  failedDeliveries?: Pick<FailedDeliveries, "availableFor">;
}

/** Payment statuses of an order whose money is in (or, for COD, to be collected): it may be shipped. */
const shippablePayments: readonly PaymentStatus[] = [
  "SUCCESS",
  "PAID",
  "COMPLETED",
  "COD_PENDING",
  "COD_COMPLETED",
  "PARTIALLY_REFUNDED",
];
const confirmedStatuses: readonly OrderStatus[] = ["CONFIRMED", "PROCESSING", "SHIPPED", "DELIVERED"];
const beforeDispatch = (status: OrderStatus) => beforeDispatchStatuses.some((s) => s === status);
/** Addresses may be edited until a shipment exists; never on a cancelled or delivered order. */
const addressEditable: readonly OrderStatus[] = ["CREATED", "CONFIRMED", "PROCESSING"];

/** India or abroad: a stored or typed country (empty is India, the payment page's default). */
function inIndia(address: { country?: string | undefined } | null): boolean {
  const country = (address?.country ?? "").trim().toLowerCase();
  return country === "" || country === "in" || country === "india";
}

function parsedAddress(json: string | null): { country?: string } | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as { country?: string };
  } catch {
    return null;
  }
}

/**
 * The order inbox's actions (issue 28). Each goes through the service that owns the move (orders'
 * lifecycle, fulfilment's shipment and cancel, checkout's refunds and e-mail), is refused with 409
 * outside the states where it makes sense (`available` says which, for the order page's buttons),
 * and writes its audit event in the move's own transaction.
 */
export class OrderActions {
  constructor(private readonly deps: OrderActionDeps) {}

  /** Which actions make sense for the order now (the role is checked apart). */
  async available(record: OrderRecord): Promise<OrderActionsAvailable> {
    const shipment = await this.deps.fulfilment.shipmentOf(record.id);
    const liveAwb = shipment?.awb && !shipment.cancelled_at ? shipment.awb : null;
    const refund = await this.deps.checkout.staffRefunds.refundableOf(record);
    const items = (await this.deps.orders.findRecord(record.id))?.items ?? [];
    const refundLines =
      refund && refund.refundable > 0 ? await this.deps.checkout.staffRefunds.refundableLinesOf(record.id, items) : [];
    return {
      pack: beforeDispatch(record.status) && record.packed_at === null,
      ship: beforeDispatch(record.status) && shippablePayments.includes(record.payment_status) && !liveAwb,
      label: liveAwb !== null && record.status !== "CANCELLED",
      cancel: beforeDispatch(record.status),
      refundable: refund?.refundable ?? 0,
      refundMethod: refund && refund.refundable > 0 ? refund.method : null,
      resendConfirmation: confirmedStatuses.includes(record.status) && record.contact_email !== null,
      ...this.deps.failedDeliveries?.availableFor(record),
      editAddresses: addressEditable.includes(record.status) && !shipment && record.tracking_number === null,
      refundLines,
    };
  }

  async refundsOf(orderId: string): Promise<OrderRefund[]> {
    const rows = await this.deps.checkout.staffRefunds.staffRefundsOf(orderId);
    return rows.map((row) => ({
      id: row.id,
      amount: row.amount,
      reason: row.reason,
      method: row.method,
      reference: row.reference,
      status: row.status,
      createdAt: row.created_at,
    }));
  }

  async markPacked(orderId: string, context: AuditContext): Promise<OrderActionAnswer> {
    const record = await this.find(orderId);
    const moved = await this.deps.repo.transaction(async (_repo, trx) => {
      const changed = await this.deps.lifecycle.markPacked(trx, record.id, context.actorId);
      if (!changed) return undefined;
      await this.deps.audit.record(trx, context, {
        action: "order.pack",
        entityType: "order",
        entityId: record.id,
        changes: { packedAt: { before: null, after: changed.packed_at } },
      });
      return changed;
    });
    if (!moved) throw new Conflict(im.notPackable);
    return this.answer(moved);
  }

  /** Marks each selected order packed; the ones that cannot be are listed with why. */
  async markPackedMany(ids: string[], context: AuditContext): Promise<BulkPackAnswer> {
    const packed: string[] = [];
    const skipped: BulkPackAnswer["skipped"] = [];
    for (const id of new Set(ids)) {
      try {
        await this.markPacked(id, context);
        packed.push(id);
      } catch (error) {
        if (!(error instanceof Conflict || error instanceof NotFound)) throw error;
        skipped.push({ id, reason: error.message });
      }
    }
    return { packed, skipped };
  }

  /**
   * Creates the shipment and AWB through fulfilment's idempotent `ensureShipment` (the courier is
   * called outside any transaction); the audit event follows in its own.
   */
  async createShipment(orderId: string, context: AuditContext): Promise<OrderActionAnswer> {
    const record = await this.find(orderId);
    const available = await this.available(record);
    if (!available.ship) {
      throw new Conflict(available.label ? im.alreadyHasAwb : im.notShippable);
    }
    const shipment = await this.deps.fulfilment.ensureShipment(record.id);
    if (!shipment?.awb) throw new Conflict(im.shipmentNotCreated);
    await this.deps.repo.transaction((_repo, trx) =>
      this.deps.audit.record(trx, context, {
        action: "order.ship",
        entityType: "order",
        entityId: record.id,
        changes: {
          awb: { before: null, after: shipment.awb },
          courier: { before: null, after: shipment.courier_name },
        },
      }),
    );
    return this.answer(await this.find(orderId));
  }

  /** Creates each selected order's shipment where allowed; the others are listed with why. */
  async createShipmentMany(ids: string[], context: AuditContext): Promise<BulkShipmentsAnswer> {
    const created: string[] = [];
    const skipped: BulkShipmentsAnswer["skipped"] = [];
    for (const id of new Set(ids)) {
      try {
        await this.createShipment(id, context);
        created.push(id);
      } catch (error) {
        // A refused order or a courier that said no (unserviceable, unavailable) skips that order only.
        if (!(error instanceof DomainError)) throw error;
        skipped.push({ id, reason: error.message });
      }
    }
    return { created, skipped };
  }

  /**
   * Shipping and/or billing address, each held to its country's rules (the payment page's), while
   * no shipment exists: the courier and the invoice (issued with the AWB, its place of supply from
   * the shipping state) read the address then. The stored tax lines carry no CGST/SGST/IGST split
   * (`invoices/document.ts` makes it at issue), so a new state needs no recomputing; a move into
   * or out of India (export, shipping charge) is refused. Audited with before and after.
   */
  async editAddresses(
    orderId: string,
    request: OrderAddressesRequest,
    context: AuditContext,
  ): Promise<OrderActionAnswer> {
    const record = await this.find(orderId);
    const shipment = await this.deps.fulfilment.shipmentOf(record.id);
    if (!addressEditable.includes(record.status) || shipment || record.tracking_number !== null) {
      throw new Conflict(am.notEditable);
    }
    const shipping = request.shipping ? this.checkedAddress(request.shipping, "shipping") : undefined;
    const billing = request.billing ? this.checkedAddress(request.billing, "billing") : undefined;
    const before = parsedAddress(record.shipping_address);
    if (shipping && before && inIndia(before) !== inIndia(shipping)) throw new Conflict(am.countryChange);
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    if (shipping) changes.shippingAddress = { before, after: shipping };
    if (billing) changes.billingAddress = { before: parsedAddress(record.billing_address), after: billing };
    const moved = await this.deps.repo.transaction(async (_repo, trx) => {
      const changed = await this.deps.lifecycle.changeAddresses(trx, record.id, record.updated_at, {
        ...(shipping ? { shippingAddress: JSON.stringify(shipping) } : {}),
        ...(billing ? { billingAddress: JSON.stringify(billing) } : {}),
        // A COD order is counted under its delivery address (open-COD limits): the count follows the parcel.
        ...(shipping && record.cod_address_key !== null ? { codAddressKey: deliveryAddressKey(shipping) } : {}),
      });
      if (!changed) return undefined;
      // The update above holds the order row; a shipment claimed before it means the courier has the old address.
      if (await this.deps.fulfilment.hasShipmentIn(trx, record.id)) throw new Conflict(am.notEditable);
      await this.deps.audit.record(trx, context, {
        action: "order.addresses_edit",
        entityType: "order",
        entityId: record.id,
        changes,
      });
      return changed;
    });
    if (!moved) throw new Conflict(im.orderChanged);
    return this.answer(moved);
  }

  private checkedAddress(input: OrderAddressInput, prefix: "shipping" | "billing") {
    const read = readAddress(input);
    if (read.ok) return read.address;
    const fieldErrors = Object.fromEntries(
      Object.entries(read.fieldErrors).map(([field, messages]) => [`${prefix}.${field}`, messages]),
    );
    throw new InvalidInput(am.invalid, { fieldErrors });
  }

  /** One PDF with a label per order that has a live AWB; 409 when none has. */
  async labels(orderIds: string[]): Promise<{ pdf: Buffer; count: number }> {
    const labels: LabelInput[] = [];
    for (const id of new Set(orderIds)) {
      const found = await this.deps.orders.findRecord(id);
      const shipment = await this.deps.fulfilment.shipmentOf(id);
      if (!found || !shipment?.awb || shipment.cancelled_at || found.record.status === "CANCELLED") continue;
      const cod = shipment.payment_method === "COD";
      labels.push({
        orderNumber: found.record.order_number,
        awb: shipment.awb,
        courierName: shipment.courier_name,
        paymentMethod: cod ? "COD" : "Prepaid",
        codAmount: cod ? found.record.total : 0,
        shipTo: addressLines(found.record.shipping_address),
        shipFrom: this.deps.shopName,
        lines: found.items.map((item) => ({
          sku: item.sku,
          name: item.product_name,
          size: item.size,
          quantity: item.quantity,
        })),
      });
    }
    if (labels.length === 0) throw new Conflict(im.noLabel);
    return { pdf: await labelsPdf(labels), count: labels.length };
  }

  /** The pickup manifest of the orders with a live AWB, a page per courier; 409 when none has one. */
  async manifest(orderIds: string[], now: Date): Promise<{ pdf: Buffer; count: number }> {
    const parcels: ManifestParcel[] = [];
    for (const id of new Set(orderIds)) {
      const found = await this.deps.orders.findRecord(id);
      const shipment = await this.deps.fulfilment.shipmentOf(id);
      if (!found || !shipment?.awb || shipment.cancelled_at || found.record.status === "CANCELLED") continue;
      const cod = shipment.payment_method === "COD";
      const address = addressLines(found.record.shipping_address)?.split("\n") ?? [];
      parcels.push({
        orderNumber: found.record.order_number,
        awb: shipment.awb,
        courierName: shipment.courier_name,
        paymentMethod: cod ? "COD" : "Prepaid",
        codAmount: cod ? found.record.total : 0,
        pieces: found.items.reduce((sum, item) => sum + item.quantity, 0),
        // The city, state and pincode line of the address.
        destination: address.find((line) => /\d{4,}/.test(line) && line.includes(",")) ?? address.at(-1) ?? "",
      });
    }
    if (parcels.length === 0) throw new Conflict(im.noLabel);
    const pdf = await manifestPdf({
      shopName: this.deps.shopName,
      shipFrom: this.deps.shopName,
      generatedAt: now,
      parcels,
    });
    return { pdf, count: parcels.length };
  }

  async cancel(orderId: string, context: AuditContext): Promise<OrderActionAnswer> {
    const record = await this.find(orderId);
    const cancelled = await this.deps.fulfilment.cancelByShop(record.id, (trx, before, after) =>
      this.deps.audit.record(trx, context, {
        action: "order.cancel",
        entityType: "order",
        entityId: record.id,
        changes: {
          status: { before: before.status, after: after.status },
          paymentStatus: { before: before.payment_status, after: after.payment_status },
        },
      }),
    );
    return this.answer(cancelled);
  }

  async refund(
    orderId: string,
    request: RefundRequest,
    context: AuditContext,
    approve?: (amount: number) => void,
  ): Promise<OrderActionAnswer> {
    const record = await this.find(orderId);
    const { order } = await this.deps.checkout.staffRefunds.refundByStaff(
      record.id,
      request,
      context.actorId,
      (trx, after, refund) =>
        this.deps.audit.record(trx, context, {
          action: "order.refund",
          entityType: "order",
          entityId: record.id,
          changes: {
            refundedAmount: { before: record.refunded_amount, after: after.refunded_amount },
            paymentStatus: { before: record.payment_status, after: after.payment_status },
            refund: {
              before: null,
              after: {
                id: refund.id,
                amount: refund.amount,
                method: refund.method,
                reason: refund.reason,
                ...(request.lines?.length ? { lines: request.lines.filter((line) => line.quantity > 0) } : {}),
              },
            },
          },
        }),
      approve,
    );
    return this.answer(order);
  }

  /** The confirmation e-mail again (an outbox row of its own), audited. */
  async resendConfirmation(orderId: string, context: AuditContext): Promise<void> {
    const record = await this.find(orderId);
    if (!confirmedStatuses.includes(record.status)) throw new Conflict(im.notConfirmedYet);
    if (!record.contact_email) throw new Conflict(im.noEmail);
    await this.deps.checkout.resendConfirmationByStaff(record.id, context.requestId ?? randomUUID(), (trx) =>
      this.deps.audit.record(trx, context, {
        action: "order.confirmation_resend",
        entityType: "order",
        entityId: record.id,
        changes: { to: { before: null, after: record.contact_email } },
      }),
    );
  }

  private async find(orderId: string): Promise<OrderRecord> {
    const found = await this.deps.orders.findRecord(orderId);
    if (!found) throw new NotFound(adminMessages.orderNotFound);
    return found.record;
  }

  private async answer(record: OrderRecord): Promise<OrderActionAnswer> {
    const shipment = await this.deps.fulfilment.shipmentOf(record.id);
    return {
      id: record.id,
      orderNumber: record.order_number,
      status: record.status,
      paymentStatus: record.payment_status,
      packedAt: record.packed_at,
      awb: shipment?.awb ?? record.tracking_number,
      refundedAmount: record.refunded_amount,
    };
  }
}
