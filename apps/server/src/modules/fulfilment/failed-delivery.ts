import {
  addIndiaDays,
  failedDeliveryActionsOf,
  failedDeliveryMessages as fm,
  indiaDayOf,
  type ReattemptRequest,
  type ReceiveReturnRequest,
  reattemptWindowDays,
} from "@vaki/contract/admin/failed-delivery";
import { orderMessages } from "@vaki/contract/messages";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { Conflict, InvalidInput, NotFound } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import type { NdrRequest, ShippingProvider } from "../../providers/shipping/shipping-provider.js";
import type { InventoryService } from "../inventory/service.js";
import type { OrderLifecycleService } from "../orders/lifecycle.js";
import type { OrdersService } from "../orders/service.js";
import type { OrderItemRecord, OrderRecord } from "../orders/types.js";
import type { FulfilmentRepo } from "./repo.js";
import type { FulfilmentService } from "./service.js";

export interface FailedDeliveryDeps {
  repo: FulfilmentRepo;
  clock: Clock;
  log: Logger;
  shipping: ShippingProvider;
  orders: OrdersService;
  lifecycle: OrderLifecycleService;
  inventory: InventoryService;
  /** Asks the courier before deciding (the one place its answer moves the order). */
  fulfilment: Pick<FulfilmentService, "syncCourierProgress">;
}

/** A checked return, ready to be received in a transaction (`receiveIn`). */
export interface ReturnPlan {
  record: OrderRecord;
  /** Units per variant that passed the check and go back on sale. */
  restock: ReadonlyMap<number, number>;
  note: string | null;
}

/** Runs in the caller's transaction beside the move (the audit event). */
type AlsoInTransaction = (trx: Db, before: OrderRecord, after: OrderRecord) => Promise<void>;

/**
 * Failed deliveries (issue "owner's side, part 3"): after the courier's Undelivered a person
 * asks it for a re-attempt on a day or a return to origin (courier first, then the order's
 * record and the audit in one transaction); once the courier says the parcel is back, the
 * return is received: order SHIPPED → CANCELLED, stock back or written off (the ledger), in the
 * caller's transaction so a prepaid order's refund commits with it.
 */
export class FailedDeliveries {
  constructor(private readonly deps: FailedDeliveryDeps) {}

  /** Which of the actions make sense for the order now (the order page's buttons). */
  availableFor(record: OrderRecord) {
    return failedDeliveryActionsOf(this.stateOf(record), this.today());
  }

  async reattempt(orderId: string, request: ReattemptRequest, also: AlsoInTransaction): Promise<OrderRecord> {
    const record = await this.current(orderId);
    const today = this.today();
    if (!failedDeliveryActionsOf(this.stateOf(record), today).reattempt) throw new Conflict(this.whyNot(record));
    if (request.date < today || request.date > addIndiaDays(today, reattemptWindowDays)) {
      throw new InvalidInput(fm.dateOutOfRange, { fieldErrors: { date: [fm.dateOutOfRange] } });
    }
    const ndr: NdrRequest = {
      action: "re-attempt",
      date: request.date,
      phone: request.phone.replace(/[\s\-().]/g, ""),
      ...(request.comment ? { comment: request.comment } : {}),
    };
    return this.answer(record, ndr, request.date, also);
  }

  async returnToOrigin(orderId: string, also: AlsoInTransaction): Promise<OrderRecord> {
    const record = await this.current(orderId);
    if (!failedDeliveryActionsOf(this.stateOf(record), this.today()).returnToOrigin) {
      throw new Conflict(this.whyNot(record));
    }
    return this.answer(record, { action: "return" }, null, also);
  }

  /**
   * Checks a return before it is received: the parcel is back (the courier asked first) and not
   * received yet (409 otherwise), every line named is the order's and passes at most what was
   * sold (400). A line left out passes whole.
   */
  async planReturn(orderId: string, request: ReceiveReturnRequest): Promise<ReturnPlan> {
    const found = await this.deps.orders.findRecord(orderId);
    if (!found) throw new NotFound(orderMessages.notFound);
    if (found.record.returned_at) throw new Conflict(fm.alreadyReceived);
    const record = await this.current(orderId);
    if (!failedDeliveryActionsOf(this.stateOf(record), this.today()).receiveReturn) {
      throw new Conflict(record.returned_at ? fm.alreadyReceived : fm.notBack);
    }
    return { record, restock: restockOf(found.items, request), note: request.note?.trim() || null };
  }

  /** Receives a planned return in the caller's transaction; Conflict (rolling it back) when it already was. */
  async receiveIn(
    trx: Db,
    plan: ReturnPlan,
    staffUserId: string | null,
  ): Promise<{ after: OrderRecord; returned: number; restocked: number; damaged: number }> {
    const after = await this.deps.lifecycle.markReturned(trx, plan.record.id);
    if (!after) throw new Conflict(fm.alreadyReceived);
    const units = await this.deps.inventory.receiveReturn(trx, plan.record.id, plan.restock, staffUserId, plan.note);
    return { after, ...units };
  }

  /** A transaction of fulfilment's own (a return with nothing to refund). */
  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.deps.repo.transaction((_repo, trx) => work(trx));
  }

  private async answer(
    record: OrderRecord,
    ndr: NdrRequest,
    reattemptDate: string | null,
    also: AlsoInTransaction,
  ): Promise<OrderRecord> {
    const shipment = await this.deps.repo.find(record.id);
    const awb = shipment?.awb && !shipment.cancelled_at ? shipment.awb : null;
    if (!awb) throw new Conflict(fm.notFailed);
    if (!this.deps.shipping.ndrAction) throw new Conflict(fm.noNdrSupport);
    // The courier first: nothing is recorded that it refused.
    await this.deps.shipping.ndrAction(awb, ndr);
    const after = await this.deps.repo.transaction(async (_repo, trx) => {
      const moved = await this.deps.lifecycle.recordNdrAction(trx, record.id, ndr.action, reattemptDate);
      if (!moved) return undefined;
      await also(trx, record, moved);
      return moved;
    });
    if (!after) throw new Conflict(fm.alreadyReturning);
    this.deps.log.info({ orderId: record.id, action: ndr.action, reattemptDate }, "failed delivery answered");
    return after;
  }

  /** The order after asking the courier where the parcel is (best effort). */
  private async current(orderId: string): Promise<OrderRecord> {
    await this.deps.fulfilment.syncCourierProgress([orderId]);
    const found = await this.deps.orders.findRecord(orderId);
    if (!found) throw new NotFound(orderMessages.notFound);
    return found.record;
  }

  private whyNot(record: OrderRecord): string {
    if (record.ndr_action === "return") return fm.alreadyReturning;
    const state = failedDeliveryActionsOf(this.stateOf(record), this.today());
    return state.returnToOrigin ? fm.reattemptPending : fm.notFailed;
  }

  private stateOf(record: OrderRecord) {
    return {
      status: record.status,
      courierStatusCode: record.courier_status_code,
      ndrAction: record.ndr_action,
      reattemptDate: record.reattempt_date,
      returnedAt: record.returned_at,
    };
  }

  private today(): string {
    return indiaDayOf(this.deps.clock.now());
  }
}

/** Units per variant that pass the check: the lines named, the others whole. */
function restockOf(items: readonly OrderItemRecord[], request: ReceiveReturnRequest): Map<number, number> {
  const named = new Map<number, number>();
  request.lines.forEach((line, index) => {
    const item = items.find((candidate) => candidate.id === line.itemId);
    if (!item) throw new InvalidInput(fm.unknownLine, { fieldErrors: { [`lines.${index}.itemId`]: [fm.unknownLine] } });
    if (line.restock > item.quantity) {
      const message = fm.tooManyUnits(item.quantity);
      throw new InvalidInput(message, { fieldErrors: { [`lines.${index}.restock`]: [message] } });
    }
    named.set(item.id, line.restock);
  });
  const restock = new Map<number, number>();
  for (const item of items) {
    const units = named.get(item.id) ?? item.quantity;
    restock.set(item.variant_id, (restock.get(item.variant_id) ?? 0) + units);
  }
  return restock;
}
