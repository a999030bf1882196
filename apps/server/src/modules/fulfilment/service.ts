import { beforeDispatchStatuses, inboxMessages } from "@vaki/contract/admin/inbox";
import type { CancelledOrder, OrderTracking, ServiceabilityAnswer, ShipmentAnswer } from "@vaki/contract/checkout";
import {
  cancellationBlockReason,
  cancellationKindOf,
  orderCodeByShipmentCode,
  type TrackingAnswer,
} from "@vaki/contract/fulfilment";
import { fulfilmentMessages as m, orderMessages } from "@vaki/contract/messages";
import type { OrderStatus } from "@vaki/contract/orders";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { Conflict, NotFound } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import type { Mailer } from "../../providers/mail/mailer.js";
import { deliveryRegionOf } from "../../providers/shipping/delivery-regions.js";
import { sandboxCourierMessages } from "../../providers/shipping/sandbox-courier.js";
import type { ShippingProvider } from "../../providers/shipping/shipping-provider.js";
import type { AuthenticatedUser } from "../accounts/auth-guard.js";
import type { InventoryService } from "../inventory/service.js";
import type { InvoicesService } from "../invoices/service.js";
import type { OrderLifecycleService } from "../orders/lifecycle.js";
import { orderPageLink } from "../orders/mail-sections.js";
import {
  type CourierScan,
  cancellationStatusOf,
  orderTimeline,
  paymentStatusLabelOf,
  shopperStatusLabelOf,
} from "../orders/order-view.js";
import type { OrderReader, OrdersService } from "../orders/service.js";
import type { OrderItemRecord, OrderRecord } from "../orders/types.js";
import { type CancellationReason, outboxMessages, type ShippingStage } from "../outbox/messages.js";
import type { Outbox } from "../outbox/service.js";
import type { PromotionsService } from "../promotions/service.js";
import {
  cancelToast,
  courierStepOf,
  courierSyncBatch,
  isoFromIndiaTime,
  noTracking,
  pickupScheduledCode,
  readyToShipCode,
  shippableStatuses,
  shippingStagesReached,
  statusOfStep,
  unpaidStatuses,
} from "./courier-codes.js";
import { orderCancelledMail, shippingUpdateMail } from "./mail-templates.js";
import { FulfilmentRepo, type ShipmentRecord } from "./repo.js";
import { parcelOf, paymentMethodOf, shipmentOrderOf } from "./shipment-order.js";

export interface FulfilmentServiceDeps {
  repo: FulfilmentRepo;
  clock: Clock;
  log: Logger;
  shipping: ShippingProvider;
  orders: OrdersService;
  lifecycle: OrderLifecycleService;
  inventory: InventoryService;
  promotions: PromotionsService;
  outbox: Outbox;
  mailer: Mailer;
  shop: { name: string; publicUrl: string };
  /** GST invoices: issued in the transaction that records the AWB. */
  invoices?: Pick<InvoicesService, "issueInvoice" | "invoiceLinkForMail">;
}

/**
 * Shipments, tracking and cancelling (issue 6). A paid order's shipment is created by the outbox (and by
 * the confirmation page's "ensure" calls, the same idempotent code): claim the shipments row, create the
 * courier order, assign the AWB, ask for pickup — each step once. Tracking reads the courier and moves the
 * order forward; cancelling writes the stock, refund, courier cancel and e-mail in one transaction and the outbox.
 */
export class FulfilmentService {
  constructor(private readonly deps: FulfilmentServiceDeps) {}

  /** GET /api/shipping/serviceability: can the courier deliver there, how soon, and with cash on delivery? */
  async serviceability(query: { pincode: string; cod?: boolean; country?: string }): Promise<ServiceabilityAnswer> {
    const { valid } = deliveryRegionOf(query.pincode, query.country);
    const answer = await this.deps.shipping.serviceability({
      pincode: query.pincode,
      cod: query.cod ?? false,
      weightKg: parcelOf(1).weightKg,
      ...(query.country ? { country: query.country } : {}),
    });
    const message = answer.serviceable ? m.delivery[answer.region] : valid ? m.notServiceable : m.invalidPincode;
    return {
      pincode: query.pincode,
      serviceable: answer.serviceable,
      codAvailable: answer.codAvailable,
      estimatedDays: answer.estimatedDays,
      region: answer.region,
      courierName: answer.courierName,
      message,
    };
  }

  /**
   * Makes sure a paid order has its shipment, AWB and pickup; does nothing for an order that is
   * not (or no longer) to be shipped. Idempotent: safe to run again, and beside itself.
   */
  async ensureShipment(orderId: string, courierId?: number): Promise<ShipmentRecord | null> {
    const found = await this.deps.orders.findRecord(orderId);
    if (!found) throw new NotFound(orderMessages.notFound);
    const { record, items } = found;
    let shipment = await this.deps.repo.find(orderId);
    if (!shippableStatuses.includes(record.status) || unpaidStatuses.includes(record.payment_status)) {
      return shipment ?? null;
    }
    const now = () => this.deps.clock.now().toISOString();
    if (!shipment) {
      await this.deps.repo.claim({
        order_id: orderId,
        provider: this.deps.shipping.name,
        payment_method: paymentMethodOf(record),
        created_at: now(),
        updated_at: now(),
      });
      shipment = await this.deps.repo.find(orderId);
    }
    if (!shipment || shipment.cancelled_at) return shipment ?? null;

    if (!shipment.shipment_id) {
      // Read again after the claim: an address edited by staff before it is the one to ship to.
      const latest = (await this.deps.orders.findRecord(orderId))?.record ?? record;
      const created = await this.deps.shipping.createShipment(shipmentOrderOf(latest, items));
      shipment = (await this.deps.repo.recordCreated(orderId, created, now())) ?? (await this.deps.repo.find(orderId));
      await this.deps.lifecycle.recordShipment(orderId, {
        shiprocketOrderId: created.providerOrderId,
        courierStatusCode: created.statusCode,
      });
      if (!shipment || (await this.cancelledMeanwhile(orderId, shipment))) return shipment ?? null;
    }
    if (!shipment.awb && shipment.shipment_id) {
      const assigned = await this.deps.shipping.assignAwb({ shipmentId: shipment.shipment_id }, courierId);
      // The caller that records the AWB issues the invoice, in the same transaction (its number too).
      const recorded = await this.deps.repo.transaction(async (repo, trx) => {
        const row = await repo.recordAwb(orderId, { ...assigned, statusCode: readyToShipCode }, now());
        if (row && this.deps.invoices) await this.deps.invoices.issueInvoice(trx, orderId);
        return row;
      });
      shipment = recorded ?? (await this.deps.repo.find(orderId));
      await this.deps.lifecycle.recordAwb(orderId, {
        awb: assigned.awb,
        courierName: assigned.courierName,
        courierStatusCode: readyToShipCode,
      });
    }
    if (shipment?.awb && shipment.shipment_id && !shipment.pickup_requested_at && this.deps.shipping.requestPickup) {
      try {
        await this.deps.shipping.requestPickup({ shipmentId: shipment.shipment_id });
        await this.deps.repo.recordPickup(orderId, pickupScheduledCode, now());
        await this.deps.lifecycle.recordCourierProgress(orderId, pickupScheduledCode, "PROCESSING");
        shipment = await this.deps.repo.find(orderId);
      } catch (error) {
        // The AWB is there; the pickup can be asked for from the courier's dashboard.
        this.deps.log.warn({ err: error, orderId }, "pickup request failed; the shipment stays ready to ship");
      }
    }
    return shipment ?? null;
  }

  /**
   * POST /api/orders/create/shiprocket and /api/orders/generate/awb: the confirmation page's
   * idempotent "ensure" calls, for the order's owner. Never a second shipment.
   */
  async ensureForOwner(orderId: string, reader: OrderReader, courierId?: number): Promise<ShipmentAnswer> {
    const { record } = await this.deps.orders.findForOwner(orderId, reader);
    if (record.status === "CANCELLED") throw new Conflict(m.orderNotShippable);
    if (record.status === "CREATED" || unpaidStatuses.includes(record.payment_status)) {
      throw new Conflict(m.shipmentAfterPayment);
    }
    const shipment = await this.ensureShipment(orderId, courierId);
    const after = (await this.deps.orders.findRecord(orderId))?.record ?? record;
    return {
      orderId,
      shiprocketOrderId: shipment?.provider_order_id ?? after.shiprocket_order_id,
      shipmentId: shipment?.shipment_id ?? null,
      awb: shipment?.awb ?? null,
      trackingNumber: after.tracking_number,
      courierId: shipment?.courier_id ?? null,
      courierName: shipment?.courier_name ?? after.courier_name,
      orderStatus: after.status,
    };
  }

  /**
   * GET /api/orders/{id}/track: the courier's tracking, and the order moved forward by it (owner:
   * the user or the holder of the order's secret). `origin`: where the shopper's browser is, for
   * the shop's own tracking link.
   */
  async trackOrder(orderId: string, reader: OrderReader, origin?: string): Promise<OrderTracking> {
    const { record, items } = await this.deps.orders.findForOwner(orderId, reader);
    return this.track(record, items, origin);
  }

  /** GET /api/orders/track/awb/{awb}: the same, found by AWB (owner only; anyone else 404). */
  async trackAwb(awb: string, reader: OrderReader, origin?: string): Promise<OrderTracking> {
    const record = await this.deps.orders.findByTrackingNumber(awb);
    if (!record || this.deps.orders.accessOf(record, reader) !== "owner") throw new NotFound(orderMessages.notFound);
    const { record: order, items } = await this.deps.orders.findForOwner(record.id, reader);
    return this.track(order, items, origin);
  }

  /**
   * POST /api/orders/cancel/order (a logged-in owner): allowed by the spec's rule (statuses and
   * the 6-hour window, with the courier's status once a shipment exists). In one transaction:
   * order CANCELLED, payment REFUND_PROCESSING or CANCELLED, stock given back, promo use given
   * back, and outbox rows for the refund, the courier cancel and the e-mail. Exactly once: a
   * second (or concurrent) call gets 409 'Order is already cancelled'.
   */
  async cancel(orderId: string, user: AuthenticatedUser): Promise<CancelledOrder> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      let { record } = await this.deps.orders.findForOwner(orderId, { user });
      if (record.status === "CANCELLED") throw new Conflict(m.alreadyCancelled);
      const shipment = await this.deps.repo.find(orderId);
      if (shipment?.awb && !shipment.cancelled_at) record = await this.refreshCourierStatus(record, shipment.awb);
      if (record.status === "CANCELLED") throw new Conflict(m.alreadyCancelled);
      const blocked = cancellationBlockReason(
        cancellationStatusOf(record),
        new Date(record.created_at),
        this.deps.clock.now(),
      );
      if (blocked === "terminal") throw new Conflict(m.cannotCancel);
      if (blocked) throw new Conflict(blocked);

      const before = record;
      const cancelled = await this.deps.repo.transaction(async (_repo, trx) => {
        const moved = await this.deps.lifecycle.cancelByShopper(trx, before);
        if (!moved) return undefined;
        await this.deps.inventory.returnStock(trx, orderId);
        await this.deps.promotions.releaseUses(trx, [before.promo_code]);
        if (moved.payment_status === "REFUND_PROCESSING") {
          await this.deps.outbox.enqueue(trx, outboxMessages.refundPayment(orderId));
        }
        if (before.status !== "CREATED") await this.deps.outbox.enqueue(trx, outboxMessages.cancelShipment(orderId));
        await this.deps.outbox.enqueue(trx, outboxMessages.orderCancelledMail(orderId, "customer"));
        return moved;
      });
      if (!cancelled) continue;
      this.deps.log.info({ orderId, paymentStatus: cancelled.payment_status }, "order cancelled by the shopper");
      this.deps.outbox.tick();
      return {
        orderId,
        status: cancelled.status,
        paymentStatus: cancelled.payment_status,
        paymentStatusLabel: paymentStatusLabelOf(cancelled.payment_status),
        message: cancelToast(before.payment_status),
        cancelledAt: cancelled.cancelled_at ?? cancelled.updated_at,
      };
    }
    throw new Conflict(m.orderChanged);
  }

  /**
   * The shop cancels an order before dispatch (issue 28, the admin): while it is confirmed or being
   * prepared and the courier has not picked it up (asked first, as for the shopper), with no
   * 6-hour window. The same transaction as the shopper's cancel (order, payment, stock, promo
   * use, refund, courier cancel, e-mail), plus `alsoInTransaction` (the audit event).
   */
  async cancelByShop(
    orderId: string,
    alsoInTransaction: (trx: Db, before: OrderRecord, after: OrderRecord) => Promise<void>,
  ): Promise<OrderRecord> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      let record = (await this.deps.orders.findRecord(orderId))?.record;
      if (!record) throw new NotFound(orderMessages.notFound);
      if (record.status === "CANCELLED") throw new Conflict(inboxMessages.alreadyCancelled);
      const shipment = await this.deps.repo.find(orderId);
      if (shipment?.awb && !shipment.cancelled_at) record = await this.refreshCourierStatus(record, shipment.awb);
      // The shopper's rule without its 6-hour window: refused once the courier has the parcel.
      const pickedUp = cancellationKindOf(cancellationStatusOf(record)) !== "cancellable";
      if (!beforeDispatchStatuses.some((status) => status === record?.status) || pickedUp) {
        throw new Conflict(inboxMessages.notCancellable);
      }
      const before = record;
      const cancelled = await this.deps.repo.transaction(async (_repo, trx) => {
        const moved = await this.deps.lifecycle.cancelByShopper(trx, before);
        if (!moved) return undefined;
        await this.deps.inventory.returnStock(trx, orderId);
        await this.deps.promotions.releaseUses(trx, [before.promo_code]);
        if (moved.payment_status === "REFUND_PROCESSING") {
          await this.deps.outbox.enqueue(trx, outboxMessages.refundPayment(orderId));
        }
        await this.deps.outbox.enqueue(trx, outboxMessages.cancelShipment(orderId));
        await this.deps.outbox.enqueue(trx, outboxMessages.orderCancelledMail(orderId, "shop"));
        await alsoInTransaction(trx, before, moved);
        return moved;
      });
      if (!cancelled) continue;
      this.deps.log.info({ orderId, paymentStatus: cancelled.payment_status }, "order cancelled by the shop");
      this.deps.outbox.tick();
      return cancelled;
    }
    throw new Conflict(inboxMessages.orderChanged);
  }

  /** The order's shipment row (the admin's label and actions read it). */
  shipmentOf(orderId: string): Promise<ShipmentRecord | undefined> {
    return this.deps.repo.find(orderId);
  }

  /** Whether a shipment was claimed for the order, in the caller's transaction (after it locked the order row). */
  hasShipmentIn(trx: Db, orderId: string): Promise<boolean> {
    return FulfilmentRepo.exists(trx, orderId);
  }

  /** Outbox handler of `create-shipment`. */
  async createShipmentFor(orderId: string): Promise<void> {
    await this.ensureShipment(orderId);
  }

  /**
   * Outbox handler of `cancel-shipment`: cancels the courier's order (once); without a courier
   * order yet, the shipment is marked cancelled so a late "ensure" creates none.
   */
  async cancelShipment(orderId: string): Promise<void> {
    const now = this.deps.clock.now().toISOString();
    await this.deps.repo.claim({
      order_id: orderId,
      provider: this.deps.shipping.name,
      payment_method: "Prepaid",
      created_at: now,
      updated_at: now,
      cancelled_at: now,
    });
    const shipment = await this.deps.repo.find(orderId);
    if (!shipment || shipment.cancelled_at) return;
    if (shipment.provider_order_id) {
      try {
        await this.deps.shipping.cancel({ providerOrderId: shipment.provider_order_id, awb: shipment.awb });
      } catch (error) {
        if (error instanceof Conflict && error.message === sandboxCourierMessages.alreadyPickedUp) {
          this.deps.log.error({ orderId }, "cancelled order was already picked up; stop it with the courier");
          return;
        }
        throw error;
      }
    }
    await this.deps.repo.markCancelled(orderId, now);
  }

  /** Outbox handler of `order-cancelled-mail`. */
  async deliverCancellationMail(orderId: string, reason: CancellationReason): Promise<void> {
    const found = await this.deps.orders.findRecord(orderId);
    if (!found?.record.contact_email) return;
    const { record, items } = found;
    await this.deps.mailer.send(
      orderCancelledMail({
        shopName: this.deps.shop.name,
        to: record.contact_email ?? "",
        order: await this.deps.orders.presentForMail(record, items, this.deps.shop.publicUrl),
        reason,
        link: orderPageLink(this.deps.shop.publicUrl, record.id, this.deps.orders.linkSecretOf(record)),
        invoiceLink: await this.invoiceLinkOf(record),
      }),
    );
  }

  private async track(record: OrderRecord, _items: OrderItemRecord[], origin?: string): Promise<OrderTracking> {
    const shipment = await this.deps.repo.find(record.id);
    if (!shipment?.awb) {
      return this.trackingAnswer(record, null, noTracking(m.noTrackingYet), [], origin);
    }
    let tracking: TrackingAnswer["tracking_data"];
    try {
      tracking = (await this.deps.shipping.track(shipment.awb)).tracking_data;
    } catch (error) {
      if (!(error instanceof NotFound)) throw error;
      tracking = noTracking(m.noTrackingYet);
    }
    const scans: CourierScan[] = tracking.shipment_track_activities.flatMap((activity) => {
      const code = orderCodeByShipmentCode[Number(activity["sr-status"])];
      return code ? [{ orderCode: code, at: isoFromIndiaTime(activity.date) }] : [];
    });
    let current = record;
    const courierCode = orderCodeByShipmentCode[tracking.shipment_status];
    if (courierCode && !shipment.cancelled_at) current = await this.recordCourierCode(record, courierCode);
    return this.trackingAnswer(current, shipment, tracking, scans, origin);
  }

  private trackingAnswer(
    record: OrderRecord,
    shipment: ShipmentRecord | null,
    tracking: TrackingAnswer["tracking_data"],
    scans: CourierScan[],
    origin?: string,
  ): OrderTracking {
    return {
      orderId: record.id,
      awb: shipment?.awb ?? null,
      courierName: shipment?.courier_name ?? record.courier_name,
      status: record.status,
      statusLabel: shopperStatusLabelOf(record),
      tracking_data: { ...tracking, track_url: this.trackUrlFor(record, tracking.track_url, origin) },
      timeline: orderTimeline(record, scans),
    };
  }

  /**
   * The tracking link shown to the shopper. A courier's own page (Shiprocket's) works anywhere
   * and stays. A link into the shop (the sandbox courier's) follows the shopper's origin, and for
   * a guest's order it is the order's page with its secret: My Orders needs an account.
   */
  private trackUrlFor(record: OrderRecord, given: string | null, origin: string | undefined): string | null {
    const { publicUrl } = this.deps.shop;
    const base = origin ?? publicUrl;
    const intoShop = given === null || given.startsWith(`${publicUrl}/`);
    if (!intoShop) return given;
    const guestSecret = this.deps.orders.linkSecretOf(record);
    if (guestSecret) return orderPageLink(base, record.id, guestSecret);
    return given === null ? null : `${base}${given.slice(publicUrl.length)}`;
  }

  /** Asks the courier where the parcel is (best effort) and records it on the order. */
  private async refreshCourierStatus(record: OrderRecord, awb: string): Promise<OrderRecord> {
    try {
      const tracking = (await this.deps.shipping.track(awb)).tracking_data;
      const code = orderCodeByShipmentCode[tracking.shipment_status];
      return code ? await this.recordCourierCode(record, code) : record;
    } catch (error) {
      this.deps.log.warn({ err: error, orderId: record.id }, "courier status unavailable; using the last known one");
      return record;
    }
  }

  /**
   * Records the courier's status (ORDER scheme) on the shipment and the order, moving the order
   * forward, and writes the shopper's e-mail for each moment reached by this move: shipped, out
   * for delivery, delivered (the outbox's dedupe keys keep each to one e-mail).
   */
  private async recordCourierCode(record: OrderRecord, code: number): Promise<OrderRecord> {
    // "AWB assigned" read after the shop asked for the pickup is older news than the pickup.
    if (code === readyToShipCode && record.courier_status_code === pickupScheduledCode) return record;
    const step = courierStepOf(code);
    await this.deps.repo.setStatusCode(record.id, code, this.deps.clock.now().toISOString());
    const after =
      (await this.deps.lifecycle.recordCourierProgress(record.id, code, step ? statusOfStep[step] : null)) ?? record;
    const stages = shippingStagesReached(record, after);
    if (stages.length > 0) {
      await this.deps.repo.transaction(async (_repo, trx) => {
        for (const stage of stages)
          await this.deps.outbox.enqueue(trx, outboxMessages.shippingUpdateMail(record.id, stage));
      });
      this.deps.outbox.tick();
    }
    return after;
  }

  /**
   * Asks the courier about orders on their way (`orderIds`, or the shipments not heard of for
   * longest) and records its answers; the periodic sync and the order pages call it, so the
   * order's status, its cancel button and the shipping e-mails follow the parcel.
   */
  async syncCourierProgress(orderIds?: readonly string[]): Promise<number> {
    const ids = orderIds ?? (await this.deps.repo.findInFlight(courierSyncBatch));
    let asked = 0;
    await Promise.all(
      ids.map(async (orderId) => {
        const [found, shipment] = await Promise.all([
          this.deps.orders.findRecord(orderId),
          this.deps.repo.find(orderId),
        ]);
        if (!found || !shipment?.awb || shipment.cancelled_at) return;
        if (!(["PROCESSING", "SHIPPED"] as OrderStatus[]).includes(found.record.status)) {
          // Nothing left to follow here: to the back of the queue.
          await this.deps.repo.touch(orderId, this.deps.clock.now().toISOString());
          return;
        }
        asked += 1;
        await this.refreshCourierStatus(found.record, shipment.awb);
      }),
    );
    return asked;
  }

  /** Outbox handler of `shipping-update-mail`: the parcel's news with its tracking link. */
  async deliverShippingUpdateMail(orderId: string, stage: ShippingStage): Promise<void> {
    const found = await this.deps.orders.findRecord(orderId);
    if (!found?.record.contact_email) return;
    const { record, items } = found;
    const shipment = await this.deps.repo.find(orderId);
    let courierLink: string | null = null;
    if (shipment?.awb) {
      try {
        courierLink = (await this.deps.shipping.track(shipment.awb)).tracking_data.track_url;
      } catch (error) {
        this.deps.log.warn({ err: error, orderId }, "courier tracking link unavailable; the e-mail links the order");
      }
    }
    await this.deps.mailer.send(
      shippingUpdateMail({
        shopName: this.deps.shop.name,
        to: record.contact_email ?? "",
        order: await this.deps.orders.presentForMail(record, items, this.deps.shop.publicUrl),
        stage,
        courierName: shipment?.courier_name ?? record.courier_name,
        awb: shipment?.awb ?? record.tracking_number,
        trackingLink:
          this.trackUrlFor(record, courierLink, undefined) ?? orderPageLink(this.deps.shop.publicUrl, record.id, null),
        invoiceLink: await this.invoiceLinkOf(record),
      }),
    );
  }

  /** The order's GST invoice link for its e-mails, once issued (with the AWB). */
  private invoiceLinkOf(record: OrderRecord): Promise<string | null> {
    return this.deps.invoices?.invoiceLinkForMail(record, this.deps.shop.publicUrl) ?? Promise.resolve(null);
  }

  /** The order was cancelled while its courier order was being created: cancel that too. */
  private async cancelledMeanwhile(orderId: string, shipment: ShipmentRecord): Promise<boolean> {
    const order = (await this.deps.orders.findRecord(orderId))?.record;
    if (order?.status !== "CANCELLED" && !shipment.cancelled_at) return false;
    if (shipment.provider_order_id) {
      await this.deps.shipping.cancel({ providerOrderId: shipment.provider_order_id, awb: shipment.awb });
    }
    await this.deps.repo.markCancelled(orderId, this.deps.clock.now().toISOString());
    return true;
  }
}
