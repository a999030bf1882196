import type {
  AdminAfterSalesList,
  AdminAfterSalesQuery,
  AdminAfterSalesRequest,
  ApproveAfterSales,
  ReceiveAfterSales,
  RefuseAfterSales,
} from "@vaki/contract/admin/exchanges";
import { adminAfterSalesQuerySchema } from "@vaki/contract/admin/exchanges";
import {
  type AfterSalesRequest,
  type AfterSalesStatus,
  type AfterSalesSummary,
  afterSalesStatusLabels,
  afterSalesMessages as am,
  type ChooseAfterSales,
  type CreateAfterSales,
  canMoveReplacementLeg,
  canMoveRequest,
  canMoveReturnLeg,
  createAfterSalesSchema,
  defectPhotosMax,
  defectWindowHours,
  type ExchangeShipMode,
  exchangeWindowDays,
  type LineAfterSales,
  type OrderAfterSales,
  openAfterSalesStatuses,
  type ReturnLegStatus,
} from "@vaki/contract/exchanges";
import type { PostalAddress, TrackingAnswer } from "@vaki/contract/fulfilment";
import { orderMessages } from "@vaki/contract/messages";
import type { Insertable } from "kysely";
import type { Db } from "../../db/connection.js";
import type { AfterSalesRequestsTable } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { Conflict, InvalidInput, NotFound, Unauthorised } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import type { Mailer } from "../../providers/mail/mailer.js";
import { deliveryRegionOf } from "../../providers/shipping/delivery-regions.js";
import type { ShipmentOrder, ShippingProvider } from "../../providers/shipping/shipping-provider.js";
import type { AuthenticatedUser } from "../accounts/auth-guard.js";
import type { AuditLog } from "../audit/service.js";
import type { AuditContext } from "../audit/types.js";
import type { CheckoutService } from "../checkout/service.js";
import { parcelOf } from "../fulfilment/shipment-order.js";
import type { InventoryService } from "../inventory/service.js";
import type { OrdersService } from "../orders/service.js";
import type { OrderItemRecord, OrderRecord } from "../orders/types.js";
import type { Outbox, OutboxMessage } from "../outbox/service.js";
import { type AfterSalesMailStep, afterSalesMail } from "./mail-templates.js";
import { cleanDefectPhoto } from "./photos.js";
import type { AfterSalesChanges, AfterSalesRow, ExchangesRepo, SizeRow } from "./repo.js";
import { actionsOf, customerView, isFinished, unitPaidOf } from "./view.js";

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;
/** Requests the periodic sync asks the courier about per round. */
const syncBatch = 50;
/** SHIPMENT-scheme codes the courier reports: picked up, and delivered (to the warehouse on a return). */
const pickedUpCode = 42;
const deliveredCode = 7;
/** Codes that mean a return parcel has left the customer (the sync may miss the pickup scan itself). */
const pastPickupCodes = new Set([pickedUpCode, 6, 18, 38, deliveredCode]);

export const afterSalesMailKind = "after-sales-mail";

/** The outbox row of one e-mail of a request: once per step. */
export function afterSalesMailMessage(requestId: number, step: AfterSalesMailStep): OutboxMessage {
  return {
    kind: afterSalesMailKind,
    payload: { requestId, step },
    dedupeKey: `${afterSalesMailKind}:${step}:${requestId}`,
  };
}

export interface ExchangesDeps {
  repo: ExchangesRepo;
  clock: Clock;
  log: Logger;
  orders: Pick<OrdersService, "findRecord">;
  inventory: InventoryService;
  shipping: ShippingProvider;
  outbox: Outbox;
  mailer: Mailer;
  audit: AuditLog;
  refunds: Pick<CheckoutService["staffRefunds"], "refundByStaff" | "refundableOf">;
  shipMode: ExchangeShipMode;
  shop: { name: string; publicUrl: string };
}

interface Found {
  record: OrderRecord;
  items: OrderItemRecord[];
}

function postalOf(json: string | null): PostalAddress | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as PostalAddress;
  } catch {
    return null;
  }
}

/** Delivered in India (a 6-digit pincode in India), judged by the order's shipping address. */
function deliveredInIndia(record: OrderRecord): boolean {
  const address = postalOf(record.shipping_address);
  return deliveryRegionOf(address?.pincode ?? "", address?.country).region !== "international";
}

/** A new request, REQUESTED, with every leg, courier reference and moment still empty. */
function newRequest(
  given: Pick<
    Insertable<AfterSalesRequestsTable>,
    "order_id" | "order_item_id" | "kind" | "quantity" | "from_variant_id" | "created_at"
  > &
    Partial<Pick<Insertable<AfterSalesRequestsTable>, "resolution" | "to_variant_id" | "hold_status" | "description">>,
): Insertable<AfterSalesRequestsTable> {
  return {
    resolution: null,
    status: "REQUESTED",
    return_status: null,
    replacement_status: null,
    to_variant_id: null,
    hold_status: null,
    description: null,
    refusal_reason: null,
    return_condition: null,
    return_provider_order_id: null,
    return_shipment_id: null,
    return_awb: null,
    return_courier_name: null,
    replacement_provider_order_id: null,
    replacement_shipment_id: null,
    replacement_awb: null,
    replacement_courier_name: null,
    updated_at: given.created_at,
    decided_at: null,
    picked_up_at: null,
    at_warehouse_at: null,
    received_at: null,
    replacement_shipped_at: null,
    replacement_delivered_at: null,
    completed_at: null,
    decided_by: null,
    ...given,
  };
}

const sameColour = (a: string | null, b: string | null) => (a ?? "").toLowerCase() === (b ?? "").toLowerCase();

/**
 * Size exchanges and defect reports (issue 29). Every move of a request goes through the
 * contract's transition tables and is a conditional update (`where status = <from>`), so two
 * processes never both make it. Courier calls (reverse pickup, replacement) happen outside any
 * transaction; the state change after them is conditional. Stock moves through inventory's
 * exchange methods (the hold lives on the request row), refunds through checkout's staff refund
 * by line (its credit note and idempotency), e-mails through the outbox, staff changes audited.
 */
export class ExchangesService {
  constructor(private readonly deps: ExchangesDeps) {}

  // ---- The customer's side ----

  /** GET /api/orders/:id/exchanges: each line's offer (or why not) and the order's requests. */
  async overview(user: AuthenticatedUser | null, orderId: string): Promise<OrderAfterSales> {
    const found = await this.owned(user, orderId);
    await this.syncCourierProgress(found.record.id);
    const rows = await this.deps.repo.ofOrder(found.record.id);
    const taken = await this.deps.repo.unitsTaken(found.record.id);
    const variants = await this.deps.repo.variantsOf(found.items.map((item) => item.product_id));
    const lines = found.items.map((item) => this.lineOf(found.record, item, rows, taken, variants));
    return {
      orderId: found.record.id,
      deliveredAt: found.record.delivered_at,
      lines,
      requests: await this.customerViews(found, rows),
    };
  }

  /**
   * GET /api/orders/exchanges?ids=: of these orders, the signed-in customer's with requests, each
   * with its newest request and how many are open. Another person's order is left out, unnamed.
   */
  async summaries(user: AuthenticatedUser | null, orderIds: readonly string[]): Promise<AfterSalesSummary[]> {
    if (!user) throw new Unauthorised(am.signInRequired);
    const byOrder = new Map<string, Pick<AfterSalesRow, "kind" | "status">[]>();
    for (const row of await this.deps.repo.ofOrders(orderIds)) {
      const rows = byOrder.get(row.order_id);
      if (rows) rows.push(row);
      else byOrder.set(row.order_id, [row]);
    }
    const summaries: AfterSalesSummary[] = [];
    // Few orders have requests: only theirs are looked up for their owner.
    for (const [orderId, rows] of byOrder) {
      const found = await this.deps.orders.findRecord(orderId);
      const newest = rows[0];
      if (!newest || found?.record.user_id !== user.id) continue;
      summaries.push({
        orderId,
        kind: newest.kind,
        status: newest.status,
        statusLabel: afterSalesStatusLabels[newest.status],
        open: rows.filter((row) => openAfterSalesStatuses.includes(row.status)).length,
      });
    }
    return summaries;
  }

  /** POST /api/orders/:id/exchanges: a size exchange (holding the new size at once) or a defect report. */
  async create(user: AuthenticatedUser | null, orderId: string, input: CreateAfterSales): Promise<AfterSalesRequest> {
    const body = createAfterSalesSchema.parse(input);
    const found = await this.owned(user, orderId);
    const { record } = found;
    const item = found.items.find((candidate) => candidate.id === body.itemId);
    if (!item) throw new InvalidInput(am.itemNotFound, { fieldErrors: { itemId: [am.itemNotFound] } });
    const rows = await this.deps.repo.ofOrder(record.id);
    if (rows.some((row) => row.order_item_id === item.id && this.isOpen(row.status))) {
      throw new Conflict(am.alreadyRequested);
    }
    this.assertOffered(record, body.kind);
    const units = item.quantity - ((await this.deps.repo.unitsTaken(record.id)).get(item.id) ?? 0);
    if (units <= 0) throw new Conflict(am.nothingLeftToExchange);
    if (body.quantity > units) {
      const message = am.quantityTooHigh(units);
      throw new InvalidInput(message, { fieldErrors: { quantity: [message] } });
    }
    const now = this.now();
    if (body.kind === "defect") {
      const row = await this.deps.repo.transaction(async (trx) => {
        const inserted = await this.deps.repo.insert(
          trx,
          newRequest({
            order_id: record.id,
            order_item_id: item.id,
            kind: "defect",
            quantity: body.quantity,
            from_variant_id: item.variant_id,
            description: body.description,
            created_at: now,
          }),
        );
        if (!inserted) throw new Conflict(am.alreadyRequested);
        await this.mail(trx, inserted.id, "received");
        return inserted;
      });
      this.deps.outbox.tick();
      return this.customerViewOf(found, row);
    }
    const target = await this.sizeFor(item, body.variantId);
    const row = await this.deps.repo.transaction(async (trx) => {
      const inserted = await this.deps.repo.insert(
        trx,
        newRequest({
          order_id: record.id,
          order_item_id: item.id,
          kind: "exchange",
          resolution: "exchange",
          quantity: body.quantity,
          from_variant_id: item.variant_id,
          to_variant_id: target.id,
          hold_status: "HELD",
          created_at: now,
        }),
      );
      if (!inserted) throw new Conflict(am.alreadyRequested);
      const held = await this.deps.inventory.holdForExchange(trx, this.unitsOf(inserted, target.id));
      if (!held) throw new Conflict(am.sizeSoldOut(target.size ?? ""));
      await this.mail(trx, inserted.id, "received");
      return inserted;
    });
    this.deps.outbox.tick();
    return this.customerViewOf(found, row);
  }

  /** POST …/photos: one photo of a defect report still waiting for the shop (at most `defectPhotosMax`). */
  async addPhoto(
    user: AuthenticatedUser | null,
    orderId: string,
    requestId: number,
    upload: Buffer,
  ): Promise<{ id: number; url: string }> {
    const found = await this.owned(user, orderId);
    const row = await this.requestOf(found, requestId);
    if (row.kind !== "defect" || row.status !== "REQUESTED") throw new Conflict(am.photosClosed);
    const photo = await cleanDefectPhoto(upload);
    const now = this.now();
    const id = await this.deps.repo.transaction(async (trx) => {
      // Re-read under the transaction: the shop may have decided meanwhile.
      const current = await this.deps.repo.find(row.id, trx);
      if (current?.status !== "REQUESTED") throw new Conflict(am.photosClosed);
      return this.deps.repo.insertPhoto(
        trx,
        {
          request_id: row.id,
          mime: "image/webp",
          bytes: photo.bytes,
          width: photo.width,
          height: photo.height,
          created_at: now,
        },
        defectPhotosMax,
        now,
      );
    });
    if (id === null) throw new Conflict(am.tooManyPhotos);
    return { id, url: this.customerPhotoUrl(row, id) };
  }

  /** A photo of the customer's own request. */
  async customerPhoto(
    user: AuthenticatedUser | null,
    orderId: string,
    requestId: number,
    photoId: number,
  ): Promise<{ mime: string; bytes: Buffer }> {
    const found = await this.owned(user, orderId);
    const row = await this.requestOf(found, requestId);
    const photo = await this.deps.repo.photo(row.id, photoId);
    if (!photo) throw new NotFound(am.requestNotFound);
    return photo;
  }

  /** POST …/withdraw: REQUESTED or SIZE_UNAVAILABLE → WITHDRAWN, the held size back on sale. */
  async withdraw(user: AuthenticatedUser | null, orderId: string, requestId: number): Promise<AfterSalesRequest> {
    const found = await this.owned(user, orderId);
    const row = await this.requestOf(found, requestId);
    if (!canMoveRequest(row.status, "WITHDRAWN")) throw new Conflict(am.cannotWithdraw);
    const moved = await this.deps.repo.transaction(async (trx) => {
      const after = await this.deps.repo.move(
        trx,
        row.id,
        { status: row.status, holdStatus: row.hold_status },
        {
          status: "WITHDRAWN",
          hold_status: row.hold_status === "HELD" ? "RELEASED" : row.hold_status,
          updated_at: this.now(),
        },
      );
      if (!after) throw new Conflict(am.cannotWithdraw);
      if (row.hold_status === "HELD" && row.to_variant_id !== null) {
        await this.deps.inventory.releaseExchangeHold(trx, this.unitsOf(row, row.to_variant_id));
      }
      return after;
    });
    return this.customerViewOf(found, moved);
  }

  /** POST …/choose: after SIZE_UNAVAILABLE, another size (held, back to REQUESTED) or a refund (pickup booked). */
  async choose(
    user: AuthenticatedUser | null,
    orderId: string,
    requestId: number,
    choice: ChooseAfterSales,
  ): Promise<AfterSalesRequest> {
    const found = await this.owned(user, orderId);
    const row = await this.requestOf(found, requestId);
    if (row.status !== "SIZE_UNAVAILABLE") throw new Conflict(am.notWaitingForChoice);
    const item = this.itemOf(found, row);
    if ("variantId" in choice) {
      const target = await this.sizeFor(item, choice.variantId);
      const moved = await this.deps.repo.transaction(async (trx) => {
        const after = await this.deps.repo.move(
          trx,
          row.id,
          { status: "SIZE_UNAVAILABLE" },
          { status: "REQUESTED", to_variant_id: target.id, hold_status: "HELD", updated_at: this.now() },
        );
        if (!after) throw new Conflict(am.notWaitingForChoice);
        const held = await this.deps.inventory.holdForExchange(trx, this.unitsOf(after, target.id));
        if (!held) throw new Conflict(am.sizeSoldOut(target.size ?? ""));
        return after;
      });
      return this.customerViewOf(found, moved);
    }
    if (!canMoveRequest("SIZE_UNAVAILABLE", "APPROVED")) throw new Conflict(am.notWaitingForChoice);
    const pickup = await this.bookPickup(found, row);
    const moved = await this.deps.repo.transaction(async (trx) => {
      const now = this.now();
      const after = await this.deps.repo.move(
        trx,
        row.id,
        { status: "SIZE_UNAVAILABLE", returnStatus: null },
        { ...pickup, status: "APPROVED", resolution: "refund", to_variant_id: null, decided_at: now, updated_at: now },
      );
      if (after) await this.mail(trx, row.id, "approved");
      return after;
    });
    if (!moved) {
      await this.cancelPickup(pickup.return_provider_order_id, pickup.return_awb);
      throw new Conflict(am.notWaitingForChoice);
    }
    this.deps.outbox.tick();
    return this.customerViewOf(found, moved);
  }

  // ---- The shop's side ----

  /** GET /api/admin/exchanges: a view of the inbox tab, newest first, with the counts per view. */
  async list(query: AdminAfterSalesQuery): Promise<AdminAfterSalesList> {
    const parsed = adminAfterSalesQuerySchema.parse(query);
    const beforeId = parsed.cursor && /^\d+$/.test(parsed.cursor) ? Number(parsed.cursor) : null;
    const rows = await this.deps.repo.list({
      view: parsed.view,
      kind: parsed.kind,
      status: parsed.status,
      beforeId,
      limit: parsed.limit + 1,
    });
    const page = rows.slice(0, parsed.limit);
    const items = await this.adminViews(page);
    return {
      items,
      nextCursor: rows.length > parsed.limit ? String(page.at(-1)?.id ?? "") : null,
      counts: await this.deps.repo.counts(),
    };
  }

  async detail(id: number): Promise<AdminAfterSalesRequest> {
    const row = await this.staffRequest(id);
    await this.syncCourierProgress(row.order_id);
    const [view] = await this.adminViews([(await this.deps.repo.find(id)) ?? row]);
    if (!view) throw new NotFound(am.requestNotFound);
    return view;
  }

  /** The order page's list. */
  async ofOrder(orderId: string): Promise<AdminAfterSalesRequest[]> {
    const found = await this.deps.orders.findRecord(orderId);
    if (!found) throw new NotFound(orderMessages.notFound);
    await this.syncCourierProgress(orderId);
    return this.adminViews(await this.deps.repo.ofOrder(orderId));
  }

  /** A photo of a request, for the staff. */
  async staffPhoto(id: number, photoId: number): Promise<{ mime: string; bytes: Buffer }> {
    const photo = await this.deps.repo.photo(id, photoId);
    if (!photo) throw new NotFound(am.requestNotFound);
    return photo;
  }

  /**
   * Approve: an exchange books the reverse pickup (and ships the new size now at "at-approval");
   * a defect is refunded (line units, credit note, COMPLETED) or replaced (the same variant held
   * and shipped now). `mayRefund` is the person's orders:refund.
   */
  async approve(
    id: number,
    input: ApproveAfterSales,
    context: AuditContext,
    mayRefund: (amount?: number) => void,
  ): Promise<AdminAfterSalesRequest> {
    const row = await this.staffRequest(id);
    if (row.status !== "REQUESTED" || !canMoveRequest(row.status, "APPROVED")) throw new Conflict(am.notOpen);
    const found = await this.orderOf(row);
    if (row.kind === "defect") {
      if (!input.resolution) {
        throw new InvalidInput(am.resolutionRequired, { fieldErrors: { resolution: [am.resolutionRequired] } });
      }
      if (input.resolution === "refund") {
        mayRefund();
        await this.refund(found, row, `Defect report #${row.id}`, context, mayRefund, async (trx, refunded) => {
          const now = this.now();
          const after = await this.deps.repo.move(
            trx,
            row.id,
            { status: "REQUESTED" },
            {
              status: "COMPLETED",
              resolution: "refund",
              refunded_amount: refunded,
              decided_at: now,
              decided_by: context.actorId,
              completed_at: now,
              updated_at: now,
            },
          );
          if (!after) throw new Conflict(am.notOpen);
          await this.recordAudit(trx, context, "after_sales.approve", row, after, input.note);
          await this.mail(trx, row.id, "approved");
          await this.mail(trx, row.id, "refunded");
          await this.mail(trx, row.id, "completed");
        });
        return this.detail(row.id);
      }
      // A replacement piece of the same variant: held now, shipped below.
      await this.deps.repo.transaction(async (trx) => {
        const now = this.now();
        const after = await this.deps.repo.move(
          trx,
          row.id,
          { status: "REQUESTED", holdStatus: null },
          {
            status: "APPROVED",
            resolution: "replace",
            to_variant_id: row.from_variant_id,
            hold_status: "HELD",
            decided_at: now,
            decided_by: context.actorId,
            updated_at: now,
          },
        );
        if (!after) throw new Conflict(am.notOpen);
        const held = await this.deps.inventory.holdForExchange(trx, this.unitsOf(after, row.from_variant_id));
        if (!held) throw new Conflict(am.replacementOutOfStock);
        await this.recordAudit(trx, context, "after_sales.approve", row, after, input.note);
        await this.mail(trx, row.id, "approved");
      });
      this.deps.outbox.tick();
      await this.shipAfterCommit(row.id, context);
      return this.detail(row.id);
    }
    const pickup = await this.bookPickup(found, row);
    const moved = await this.deps.repo.transaction(async (trx) => {
      const now = this.now();
      const after = await this.deps.repo.move(
        trx,
        row.id,
        { status: "REQUESTED", returnStatus: null },
        { ...pickup, status: "APPROVED", decided_at: now, decided_by: context.actorId, updated_at: now },
      );
      if (!after) return undefined;
      await this.recordAudit(trx, context, "after_sales.approve", row, after, input.note);
      await this.mail(trx, row.id, "approved");
      return after;
    });
    if (!moved) {
      // Someone else decided first: the pickup booked for nothing is cancelled (best effort).
      await this.cancelPickup(pickup.return_provider_order_id, pickup.return_awb);
      throw new Conflict(am.notOpen);
    }
    this.deps.outbox.tick();
    if (this.deps.shipMode === "at-approval") await this.shipAfterCommit(row.id, context);
    return this.detail(row.id);
  }

  /** Refuse: REFUSED with the reason the customer reads; the held size goes back on sale. */
  async refuse(id: number, input: RefuseAfterSales, context: AuditContext): Promise<AdminAfterSalesRequest> {
    const row = await this.staffRequest(id);
    if (!canMoveRequest(row.status, "REFUSED")) throw new Conflict(am.notOpen);
    await this.closeAndRelease(row, context, "after_sales.refuse", "refused", {
      status: "REFUSED",
      refusal_reason: input.reason,
    });
    return this.detail(row.id);
  }

  /** The held size turned out gone: SIZE_UNAVAILABLE, hold released, the customer asked to choose. */
  async sizeUnavailable(id: number, context: AuditContext): Promise<AdminAfterSalesRequest> {
    const row = await this.staffRequest(id);
    if (row.kind !== "exchange" || !canMoveRequest(row.status, "SIZE_UNAVAILABLE")) throw new Conflict(am.notOpen);
    await this.closeAndRelease(row, context, "after_sales.size_unavailable", "size-unavailable", {
      status: "SIZE_UNAVAILABLE",
    });
    return this.detail(row.id);
  }

  /**
   * The returned unit is in and checked: RECEIVED, back to the ORIGINAL variant's stock or written
   * off; refunded now when the resolution is a refund; COMPLETED when every leg is done.
   */
  async receive(
    id: number,
    input: ReceiveAfterSales,
    context: AuditContext,
    mayRefund: (amount?: number) => void,
  ): Promise<AdminAfterSalesRequest> {
    await this.syncCourierProgress((await this.staffRequest(id)).order_id);
    const row = await this.staffRequest(id);
    if (row.status !== "APPROVED") throw new Conflict(am.notApproved);
    if (row.return_status === null) throw new Conflict(am.notReturning);
    if (row.return_status === "RECEIVED") throw new Conflict(am.alreadyReceived);
    if (row.return_status === "PICKUP_BOOKED") throw new Conflict(am.notPickedUp);
    if (!canMoveReturnLeg(row.return_status, "RECEIVED")) throw new Conflict(am.alreadyReceived);
    const damaged = input.condition === "damaged";
    const receiveIn = async (trx: Db, refunded: number) => {
      const now = this.now();
      const changes: AfterSalesChanges = {
        return_status: "RECEIVED",
        return_condition: input.condition,
        received_at: now,
        updated_at: now,
        ...(refunded > 0 ? { refunded_amount: refunded } : {}),
      };
      const after = await this.deps.repo.move(
        trx,
        row.id,
        { status: "APPROVED", returnStatus: row.return_status },
        changes,
      );
      if (!after) throw new Conflict(am.alreadyReceived);
      await this.deps.inventory.receiveExchangeReturn(trx, {
        ...this.unitsOf(row, row.from_variant_id),
        damaged,
        staffUserId: context.actorId,
      });
      const finished = await this.completeIfFinished(trx, after);
      await this.recordAudit(trx, context, "after_sales.receive", row, finished, input.note, {
        condition: { before: null, after: input.condition },
      });
      await this.mail(trx, row.id, "back");
      if (refunded > 0) await this.mail(trx, row.id, "refunded");
    };
    if (row.resolution === "refund") {
      mayRefund();
      const found = await this.orderOf(row);
      await this.refund(
        found,
        row,
        `Size exchange #${row.id}: refund of the returned piece`,
        context,
        mayRefund,
        receiveIn,
      );
    } else {
      await this.deps.repo.transaction((trx) => receiveIn(trx, 0));
    }
    this.deps.outbox.tick();
    return this.detail(row.id);
  }

  /** Ships the new size now (staff, when the automatic step did not happen). */
  async shipReplacementByStaff(id: number, context: AuditContext): Promise<AdminAfterSalesRequest> {
    const row = await this.staffRequest(id);
    if (row.status !== "APPROVED") throw new Conflict(am.notApproved);
    if (row.replacement_status !== null || row.hold_status !== "HELD" || row.to_variant_id === null) {
      throw new Conflict(am.alreadyShipped);
    }
    const shipped = await this.shipReplacement(row.id, context);
    if (!shipped) throw new Conflict(am.alreadyShipped);
    return this.detail(row.id);
  }

  // ---- The courier ----

  /**
   * Asks the courier about approved requests (one order's, or the longest unheard of) and moves
   * them: return picked up (42) → PICKED_UP, delivered to the warehouse (7) → AT_WAREHOUSE;
   * replacement delivered (7) → DELIVERED. On pickup with ship mode "on-pickup", the new size
   * ships. Best effort: a courier that does not answer leaves the request as it was.
   */
  async syncCourierProgress(orderId?: string): Promise<number> {
    const rows = orderId
      ? (await this.deps.repo.ofOrder(orderId)).filter((row) => row.status === "APPROVED")
      : await this.deps.repo.inFlight(syncBatch);
    let moved = 0;
    for (const row of rows) {
      try {
        moved += (await this.followReturn(row)) ? 1 : 0;
        moved += (await this.followReplacement(row)) ? 1 : 0;
        const current = await this.deps.repo.find(row.id);
        if (current && this.replacementDue(current)) moved += (await this.shipReplacement(current.id, null)) ? 1 : 0;
      } catch (error) {
        this.deps.log.warn({ err: error, requestId: row.id }, "exchange courier progress unavailable");
      }
      // Asked, answered or not: to the back of the periodic sync's queue.
      if (!orderId) await this.deps.repo.checked(row.id, this.now());
    }
    return moved;
  }

  /** Outbox handler of `after-sales-mail`. */
  async deliverMail(requestId: number, step: AfterSalesMailStep): Promise<void> {
    const row = await this.deps.repo.find(requestId);
    if (!row) return;
    const found = await this.deps.orders.findRecord(row.order_id);
    if (!found?.record.contact_email) return;
    const item = this.itemOf(found, row);
    const toVariant =
      row.to_variant_id === null
        ? null
        : ((await this.deps.repo.variantsById([row.to_variant_id])).get(row.to_variant_id) ?? null);
    let trackingLink: string | null = null;
    if (step === "shipped" && row.replacement_awb) {
      try {
        trackingLink = (await this.deps.shipping.track(row.replacement_awb)).tracking_data.track_url;
      } catch (error) {
        this.deps.log.warn({ err: error, requestId }, "replacement tracking link unavailable");
      }
    }
    const name = postalOf(found.record.shipping_address)?.fullName?.trim().split(/\s+/)[0] ?? null;
    await this.deps.mailer.send(
      afterSalesMail({
        shopName: this.deps.shop.name,
        to: found.record.contact_email,
        firstName: name || null,
        step,
        kind: row.kind,
        requestId: row.id,
        orderNumber: found.record.order_number,
        productName: item.product_name,
        fromSize: item.size,
        toSize: toVariant?.size ?? null,
        returnAwb: row.return_awb,
        replacementAwb: row.replacement_awb,
        courierName: row.replacement_courier_name,
        trackingLink,
        refusalReason: row.refusal_reason,
        refundedAmount: row.refunded_amount,
        ordersLink: `${this.deps.shop.publicUrl}/orders`,
      }),
    );
  }

  // ---- Inside ----

  private async followReturn(row: AfterSalesRow): Promise<boolean> {
    if (!row.return_awb || !(row.return_status === "PICKUP_BOOKED" || row.return_status === "PICKED_UP")) return false;
    const tracking = await this.deps.shipping.track(row.return_awb);
    const code = tracking.tracking_data.shipment_status;
    const pickedUp = pastPickupCodes.has(code) || scanned(tracking, pickedUpCode);
    const atWarehouse = code === deliveredCode;
    const to: ReturnLegStatus | null = atWarehouse ? "AT_WAREHOUSE" : pickedUp ? "PICKED_UP" : null;
    if (!to || to === row.return_status || !canMoveReturnLeg(row.return_status, to)) return false;
    const now = this.now();
    const moved = await this.deps.repo.transaction(async (trx) => {
      const after = await this.deps.repo.move(
        trx,
        row.id,
        { status: "APPROVED", returnStatus: row.return_status },
        {
          return_status: to,
          picked_up_at: row.picked_up_at ?? now,
          ...(to === "AT_WAREHOUSE" ? { at_warehouse_at: now } : {}),
          updated_at: now,
        },
      );
      if (after) await this.mail(trx, row.id, "picked-up");
      return after;
    });
    if (!moved) return false;
    this.deps.outbox.tick();
    return true;
  }

  private async followReplacement(row: AfterSalesRow): Promise<boolean> {
    if (!row.replacement_awb || row.replacement_status !== "SHIPPED") return false;
    const tracking = await this.deps.shipping.track(row.replacement_awb);
    if (tracking.tracking_data.shipment_status !== deliveredCode) return false;
    if (!canMoveReplacementLeg("SHIPPED", "DELIVERED")) return false;
    const moved = await this.deps.repo.transaction(async (trx) => {
      const now = this.now();
      const after = await this.deps.repo.move(
        trx,
        row.id,
        { status: "APPROVED", replacementStatus: "SHIPPED" },
        { replacement_status: "DELIVERED", replacement_delivered_at: now, updated_at: now },
      );
      if (after) await this.completeIfFinished(trx, after);
      return after;
    });
    if (moved) this.deps.outbox.tick();
    return moved !== undefined;
  }

  /**
   * Whether the held new size should be on its way now: a replacement piece at once; an
   * exchange's new size at approval ("at-approval") or once the old one is picked up.
   */
  private replacementDue(row: AfterSalesRow): boolean {
    if (row.status !== "APPROVED" || row.replacement_status !== null || row.hold_status !== "HELD") return false;
    if (row.resolution === "replace") return true;
    if (row.resolution !== "exchange") return false;
    if (this.deps.shipMode === "at-approval") return true;
    return (
      row.return_status === "PICKED_UP" || row.return_status === "AT_WAREHOUSE" || row.return_status === "RECEIVED"
    );
  }

  /** Ships after a committed approval; a courier failure leaves it to the sync's retry or the staff's button. */
  private async shipAfterCommit(id: number, context: AuditContext): Promise<void> {
    try {
      await this.shipReplacement(id, context);
    } catch (error) {
      this.deps.log.warn({ err: error, requestId: id }, "replacement not shipped yet; the courier sync retries");
    }
  }

  /**
   * Ships the held new size (or replacement piece): a shipment of its own with the courier
   * (`<orderId>:x<id>`, `<orderNumber>-X<id>`; idempotent there), then, conditionally, the
   * replacement leg SHIPPED and the held units sold. Answers false when another process did it.
   */
  private async shipReplacement(id: number, context: AuditContext | null): Promise<boolean> {
    const row = await this.deps.repo.find(id);
    if (row?.status !== "APPROVED" || row.replacement_status !== null || row.hold_status !== "HELD") return false;
    if (row.to_variant_id === null) return false;
    const found = await this.orderOf(row);
    const item = this.itemOf(found, row);
    const variant = (await this.deps.repo.variantsById([row.to_variant_id])).get(row.to_variant_id);
    const shipping = postalOf(found.record.shipping_address);
    if (!variant || !shipping) throw new Conflict(am.notApproved);
    const billing = postalOf(found.record.billing_address) ?? shipping;
    const unitPaid = unitPaidOf(item);
    const order: ShipmentOrder = {
      orderId: `${found.record.id}:x${row.id}`,
      orderNumber: `${found.record.order_number}-X${row.id}`,
      orderDate: this.deps.clock.now(),
      paymentMethod: "Prepaid",
      subTotal: unitPaid * row.quantity,
      lines: [{ name: item.product_name, sku: variant.sku, units: row.quantity, sellingPrice: unitPaid }],
      billing: { ...billing, email: found.record.contact_email ?? "" },
      shipping,
      ...parcelOf(row.quantity),
    };
    const created = await this.deps.shipping.createShipment(order);
    const awb = await this.deps.shipping.assignAwb({ shipmentId: created.shipmentId });
    await this.deps.shipping.requestPickup?.({ shipmentId: created.shipmentId });
    const moved = await this.deps.repo.transaction(async (trx) => {
      const now = this.now();
      const after = await this.deps.repo.move(
        trx,
        row.id,
        { status: "APPROVED", replacementStatus: null, holdStatus: "HELD" },
        {
          replacement_status: "SHIPPED",
          hold_status: "SOLD",
          replacement_provider_order_id: created.providerOrderId,
          replacement_shipment_id: created.shipmentId,
          replacement_awb: awb.awb,
          replacement_courier_name: awb.courierName,
          replacement_shipped_at: now,
          updated_at: now,
        },
      );
      if (!after) return undefined;
      await this.deps.inventory.sellExchangeHold(trx, this.unitsOf(row, variant.id));
      if (context) {
        await this.recordAudit(trx, context, "after_sales.ship_replacement", row, after, undefined, {
          replacementAwb: { before: null, after: awb.awb },
        });
      }
      await this.mail(trx, row.id, "shipped");
      return after;
    });
    if (!moved) return false;
    this.deps.outbox.tick();
    this.deps.log.info({ requestId: row.id, awb: awb.awb }, "exchange replacement shipped");
    return true;
  }

  /** Books the reverse pickup from the order's address (outside any transaction): the return leg's fields. */
  private async bookPickup(found: Found, row: AfterSalesRow) {
    if (!this.deps.shipping.createReturn) throw new Conflict(am.noReversePickup);
    const pickup = postalOf(found.record.shipping_address);
    if (!pickup) throw new Conflict(am.noReversePickup);
    const item = this.itemOf(found, row);
    const unitPaid = unitPaidOf(item);
    const booked = await this.deps.shipping.createReturn({
      orderId: `${found.record.id}:r${row.id}`,
      orderNumber: `${found.record.order_number}-R${row.id}`,
      orderDate: this.deps.clock.now(),
      subTotal: unitPaid * row.quantity,
      lines: [{ name: item.product_name, sku: item.sku, units: row.quantity, sellingPrice: unitPaid }],
      pickup: { ...pickup, email: found.record.contact_email ?? "" },
      ...parcelOf(row.quantity),
    });
    return {
      return_status: "PICKUP_BOOKED" as const,
      return_provider_order_id: booked.providerOrderId,
      return_shipment_id: booked.shipmentId,
      return_awb: booked.awb,
      return_courier_name: booked.courierName,
    };
  }

  private async cancelPickup(providerOrderId: string, awb: string): Promise<void> {
    try {
      await this.deps.shipping.cancel({ providerOrderId, awb });
    } catch (error) {
      this.deps.log.warn({ err: error, awb }, "could not cancel a reverse pickup booked twice");
    }
  }

  /**
   * The line's units refunded through checkout's staff refund by line (its credit note, the
   * gateway once, the order's refunded amount); `alsoInTransaction` moves the request with it.
   */
  private async refund(
    found: Found,
    row: AfterSalesRow,
    reason: string,
    context: AuditContext,
    /** Sees the amount before anything is written (the step-up above the refund limit). */
    approveAmount: (amount: number) => void,
    alsoInTransaction: (trx: Db, refunded: number) => Promise<void>,
  ): Promise<void> {
    const refundable = await this.deps.refunds.refundableOf(found.record);
    if (refundable && refundable.method === "transfer") throw new Conflict(am.refundByHand);
    await this.deps.refunds.refundByStaff(
      found.record.id,
      { lines: [{ orderItemId: row.order_item_id, quantity: row.quantity }], reason, method: "gateway" },
      context.actorId,
      async (trx, after, refund) => {
        await this.deps.audit.record(trx, context, {
          action: "order.refund",
          entityType: "order",
          entityId: found.record.id,
          changes: {
            refundedAmount: { before: found.record.refunded_amount, after: after.refunded_amount },
            refund: {
              before: null,
              after: {
                id: refund.id,
                amount: refund.amount,
                method: refund.method,
                reason: refund.reason,
                requestId: row.id,
              },
            },
          },
        });
        await alsoInTransaction(trx, refund.amount);
      },
      approveAmount,
    );
    this.deps.outbox.tick();
  }

  /** Refuse or size unavailable: the move, the hold released, audit and e-mail in one transaction. */
  private async closeAndRelease(
    row: AfterSalesRow,
    context: AuditContext,
    action: string,
    step: AfterSalesMailStep,
    changes: AfterSalesChanges & { status: AfterSalesStatus },
  ): Promise<void> {
    await this.deps.repo.transaction(async (trx) => {
      const now = this.now();
      const after = await this.deps.repo.move(
        trx,
        row.id,
        { status: "REQUESTED", holdStatus: row.hold_status },
        {
          ...changes,
          hold_status: row.hold_status === "HELD" ? "RELEASED" : row.hold_status,
          decided_at: now,
          decided_by: context.actorId,
          updated_at: now,
        },
      );
      if (!after) throw new Conflict(am.notOpen);
      if (row.hold_status === "HELD" && row.to_variant_id !== null) {
        await this.deps.inventory.releaseExchangeHold(trx, this.unitsOf(row, row.to_variant_id));
      }
      await this.recordAudit(trx, context, action, row, after, changes.refusal_reason ?? undefined);
      await this.mail(trx, row.id, step);
    });
    this.deps.outbox.tick();
  }

  /** APPROVED → COMPLETED once every leg the request needs is finished (in the caller's transaction). */
  private async completeIfFinished(trx: Db, row: AfterSalesRow): Promise<AfterSalesRow> {
    if (row.status !== "APPROVED" || !isFinished(row) || !canMoveRequest("APPROVED", "COMPLETED")) return row;
    const now = this.now();
    const after = await this.deps.repo.move(
      trx,
      row.id,
      { status: "APPROVED" },
      { status: "COMPLETED", completed_at: now, updated_at: now },
    );
    if (!after) return row;
    await this.mail(trx, row.id, "completed");
    return after;
  }

  private recordAudit(
    trx: Db,
    context: AuditContext,
    action: string,
    before: AfterSalesRow,
    after: AfterSalesRow,
    note?: string,
    extra: Record<string, { before: unknown; after: unknown }> = {},
  ): Promise<void> {
    const changed = (field: keyof AfterSalesRow) =>
      before[field] === after[field] ? {} : { [field]: { before: before[field], after: after[field] } };
    return this.deps.audit.record(trx, context, {
      action,
      entityType: "after_sales_request",
      entityId: String(before.id),
      changes: {
        requestId: { before: null, after: before.id },
        orderId: { before: null, after: before.order_id },
        ...changed("status"),
        ...changed("resolution"),
        ...changed("return_status"),
        ...changed("replacement_status"),
        ...changed("hold_status"),
        ...changed("refusal_reason"),
        ...changed("return_awb"),
        ...changed("refunded_amount"),
        ...(note ? { note: { before: null, after: note } } : {}),
        ...extra,
      },
    });
  }

  private mail(trx: Db, requestId: number, step: AfterSalesMailStep): Promise<boolean> {
    return this.deps.outbox.enqueue(trx, afterSalesMailMessage(requestId, step));
  }

  /** The signed-in owner's order; a guest 401, anyone else's order 404 (as the orders routes). */
  private async owned(user: AuthenticatedUser | null, orderId: string): Promise<Found> {
    if (!user) throw new Unauthorised(am.signInRequired);
    const found = await this.deps.orders.findRecord(orderId);
    if (!found || found.record.user_id !== user.id) throw new NotFound(orderMessages.notFound);
    return found;
  }

  private async requestOf(found: Found, requestId: number): Promise<AfterSalesRow> {
    const row = await this.deps.repo.find(requestId);
    if (!row || row.order_id !== found.record.id) throw new NotFound(am.requestNotFound);
    return row;
  }

  private async staffRequest(id: number): Promise<AfterSalesRow> {
    const row = await this.deps.repo.find(id);
    if (!row) throw new NotFound(am.requestNotFound);
    return row;
  }

  private async orderOf(row: AfterSalesRow): Promise<Found> {
    const found = await this.deps.orders.findRecord(row.order_id);
    if (!found) throw new NotFound(orderMessages.notFound);
    return found;
  }

  private itemOf(found: Found, row: AfterSalesRow): OrderItemRecord {
    const item = found.items.find((candidate) => candidate.id === row.order_item_id);
    if (!item) throw new NotFound(am.requestNotFound);
    return item;
  }

  private unitsOf(row: AfterSalesRow, variantId: number) {
    return { variantId, quantity: row.quantity, orderId: row.order_id, requestId: row.id };
  }

  private isOpen(status: AfterSalesStatus): boolean {
    return status === "REQUESTED" || status === "SIZE_UNAVAILABLE" || status === "APPROVED";
  }

  /** Another active size of the same product and colour (400 otherwise), in stock (409 otherwise). */
  private async sizeFor(item: OrderItemRecord, variantId: number): Promise<SizeRow> {
    if (variantId === item.variant_id) {
      throw new InvalidInput(am.sameSize, { fieldErrors: { variantId: [am.sameSize] } });
    }
    const variant = (await this.deps.repo.variantsById([variantId])).get(variantId);
    if (
      !variant ||
      variant.product_id !== item.product_id ||
      !sameColour(variant.color, item.color) ||
      variant.is_active !== 1
    ) {
      throw new InvalidInput(am.notSameProduct, { fieldErrors: { variantId: [am.notSameProduct] } });
    }
    if (variant.stock_quantity < 1) throw new Conflict(am.sizeSoldOut(variant.size ?? ""));
    return variant;
  }

  /** 409 with the reason when the order does not offer this kind now (delivered, where, within the window). */
  private assertOffered(record: OrderRecord, kind: "exchange" | "defect"): void {
    const offer = this.offerOf(record);
    if (offer.kind === kind) return;
    if (offer.reason === am.notDelivered) throw new Conflict(am.notDelivered);
    if (kind === "exchange" && !deliveredInIndia(record)) throw new Conflict(am.exchangeIndiaOnly);
    if (kind === "defect" && deliveredInIndia(record)) throw new Conflict(am.defectInternationalOnly);
    throw new Conflict(offer.reason ?? am.notOpen);
  }

  /** What the order offers now: the kind and until when, or why nothing. */
  private offerOf(record: OrderRecord): {
    kind: "exchange" | "defect" | null;
    reason: string | null;
    closesAt: string | null;
  } {
    if (record.status !== "DELIVERED" || !record.delivered_at) {
      return { kind: null, reason: am.notDelivered, closesAt: null };
    }
    const delivered = Date.parse(record.delivered_at);
    const now = this.deps.clock.now().getTime();
    if (deliveredInIndia(record)) {
      const closes = delivered + exchangeWindowDays * dayMs;
      return now <= closes
        ? { kind: "exchange", reason: null, closesAt: new Date(closes).toISOString() }
        : { kind: null, reason: am.exchangeClosed, closesAt: null };
    }
    const closes = delivered + defectWindowHours * hourMs;
    return now <= closes
      ? { kind: "defect", reason: null, closesAt: new Date(closes).toISOString() }
      : { kind: null, reason: am.defectClosed, closesAt: null };
  }

  private lineOf(
    record: OrderRecord,
    item: OrderItemRecord,
    rows: readonly AfterSalesRow[],
    taken: ReadonlyMap<number, number>,
    variants: readonly SizeRow[],
  ): LineAfterSales {
    const units = Math.max(0, item.quantity - (taken.get(item.id) ?? 0));
    const sizes = variants
      .filter(
        (variant) =>
          variant.product_id === item.product_id &&
          variant.id !== item.variant_id &&
          variant.is_active === 1 &&
          variant.size !== null &&
          sameColour(variant.color, item.color),
      )
      .map((variant) => ({ variantId: variant.id, size: variant.size ?? "", inStock: variant.stock_quantity > 0 }));
    const none = (reason: string | null): LineAfterSales => ({
      itemId: item.id,
      offer: null,
      reason,
      closesAt: null,
      units,
      sizes: [],
    });
    if (rows.some((row) => row.order_item_id === item.id && this.isOpen(row.status))) return none(null);
    const offer = this.offerOf(record);
    if (!offer.kind) return none(offer.reason);
    if (units === 0) return none(am.nothingLeftToExchange);
    if (offer.kind === "exchange" && !sizes.some((size) => size.inStock)) return { ...none(am.noOtherSize), sizes };
    return {
      itemId: item.id,
      offer: offer.kind,
      reason: null,
      closesAt: offer.closesAt,
      units,
      sizes: offer.kind === "exchange" ? sizes : [],
    };
  }

  private customerPhotoUrl(row: AfterSalesRow, photoId: number): string {
    return `/api/orders/${encodeURIComponent(row.order_id)}/exchanges/${row.id}/photos/${photoId}`;
  }

  private async customerViews(found: Found, rows: readonly AfterSalesRow[]): Promise<AfterSalesRequest[]> {
    const variants = await this.deps.repo.variantsById(
      rows.flatMap((row) => (row.to_variant_id === null ? [] : [row.to_variant_id])),
    );
    const photos = await this.deps.repo.photoIdsOf(rows.map((row) => row.id));
    return rows.map((row) =>
      customerView({
        row,
        item: this.itemOf(found, row),
        toVariant: row.to_variant_id === null ? null : (variants.get(row.to_variant_id) ?? null),
        photoIds: photos.get(row.id) ?? [],
        photoUrl: (photoId) => this.customerPhotoUrl(row, photoId),
        shipMode: this.deps.shipMode,
      }),
    );
  }

  private async customerViewOf(found: Found, row: AfterSalesRow): Promise<AfterSalesRequest> {
    const [view] = await this.customerViews(found, [row]);
    if (!view) throw new NotFound(am.requestNotFound);
    return view;
  }

  private async adminViews(rows: readonly AfterSalesRow[]): Promise<AdminAfterSalesRequest[]> {
    const orders = new Map<string, Found>();
    for (const orderId of new Set(rows.map((row) => row.order_id))) {
      const found = await this.deps.orders.findRecord(orderId);
      if (found) orders.set(orderId, found);
    }
    const variants = await this.deps.repo.variantsById(
      rows.flatMap((row) => (row.to_variant_id === null ? [] : [row.to_variant_id])),
    );
    const photos = await this.deps.repo.photoIdsOf(rows.map((row) => row.id));
    return rows.flatMap((row) => {
      const found = orders.get(row.order_id);
      const item = found?.items.find((candidate) => candidate.id === row.order_item_id);
      if (!found || !item) return [];
      const toVariant = row.to_variant_id === null ? null : (variants.get(row.to_variant_id) ?? null);
      const address = postalOf(found.record.shipping_address);
      return [
        {
          ...customerView({
            row,
            item,
            toVariant,
            photoIds: photos.get(row.id) ?? [],
            photoUrl: (photoId) => `/api/admin/exchanges/${row.id}/photos/${photoId}`,
            shipMode: this.deps.shipMode,
          }),
          orderNumber: found.record.order_number,
          customerName: address?.fullName?.trim() || null,
          customerEmail: found.record.contact_email,
          country: address?.country?.trim() || null,
          sku: item.sku,
          toSku: toVariant?.sku ?? null,
          unitPaid: unitPaidOf(item),
          returnCondition: row.return_condition,
          actions: actionsOf(row),
        },
      ];
    });
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }
}

/** Whether the courier's scans include this SHIPMENT-scheme code. */
function scanned(tracking: TrackingAnswer, code: number): boolean {
  return (tracking.tracking_data.shipment_track_activities ?? []).some((scan) => scan["sr-status"] === String(code));
}
