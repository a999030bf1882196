import { codMessages } from "@vaki/contract/messages";
import type { Order } from "@vaki/contract/orders";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { Conflict, NotFound } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import type { CartService } from "../cart/service.js";
import type { CodToConfirmReader } from "../cod/service.js";
import type { InventoryService } from "../inventory/service.js";
import type { OrderLifecycleService } from "../orders/lifecycle.js";
import type { OrdersService } from "../orders/service.js";
import type { OrderRecord } from "../orders/types.js";
import { outboxMessages } from "../outbox/messages.js";
import type { Outbox } from "../outbox/service.js";
import type { PromotionsService } from "../promotions/service.js";

/** Work a caller adds to the same transaction (the admin's audit event), given the order as changed. */
export type AlsoInTransaction = (trx: Db, order: OrderRecord) => Promise<void>;

/** A COD order waiting for a person, and whether its phone was verified by a code. */
export interface CodOrderToConfirm {
  order: Order;
  phoneVerified: boolean;
}

/**
 * Cash on delivery's confirmation (decision 0013): a COD order is placed, but only a confirmed one
 * sells its stock and books a shipment. Confirmed at once when its phone was verified by a code
 * and its total is under COD_AUTO_CONFIRM_MAX_PAISE; otherwise it waits for the owner (the
 * admin's "COD to confirm" tab calls `listToConfirm` and `confirm`), its stock held for
 * COD_CONFIRM_HOURS, after which the hold sweep cancels it like an unpaid order.
 */
export class CodConfirmationService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      log: Logger;
      orders: OrdersService;
      lifecycle: OrderLifecycleService;
      inventory: InventoryService;
      cart: CartService;
      promotions: Pick<PromotionsService, "releaseUses">;
      outbox: Outbox;
      toConfirm: CodToConfirmReader;
      cod: Pick<Config["cod"], "autoConfirmMaxPaise" | "confirmHours">;
    },
  ) {}

  /** Whether a COD order is confirmed at once: its phone verified by a code, and under the set value. */
  confirmsAtOnce(order: Pick<OrderRecord, "cod_phone" | "total">): boolean {
    return order.cod_phone !== null && order.total < this.deps.cod.autoConfirmMaxPaise;
  }

  /** How long an unconfirmed COD order keeps its stock. */
  holdUntil(): string {
    return new Date(this.deps.clock.now().getTime() + this.deps.cod.confirmHours * 3_600_000).toISOString();
  }

  /**
   * The owner confirms a COD order waiting "to confirm" (`by`: the staff member's id or name):
   * CONFIRMED, its held stock SOLD, the confirmation e-mail and the shipment in the outbox, in
   * one transaction with the purchase path's lock order. 404 unknown, 409 not waiting.
   */
  async confirm(orderId: string, by: string, alsoInTransaction?: AlsoInTransaction): Promise<Order> {
    const found = await this.deps.orders.findRecord(orderId);
    if (!found) throw new NotFound(codMessages.notToConfirm);
    const { record, items } = found;
    const confirmed = await this.deps.db.transaction().execute(async (trx) => {
      if (record.cart_id) await this.deps.cart.lockForPurchase(trx, record.cart_id);
      const moved = await this.deps.lifecycle.confirmCod(trx, orderId, by);
      if (!moved) return undefined;
      await this.deps.inventory.confirmSale(
        trx,
        orderId,
        items.map((item) => ({
          variantId: item.variant_id,
          quantity: item.quantity,
          name: item.product_name,
          size: item.size,
        })),
      );
      await this.deps.outbox.enqueue(trx, outboxMessages.orderConfirmedMail(orderId));
      await this.deps.outbox.enqueue(trx, outboxMessages.createShipment(orderId));
      await alsoInTransaction?.(trx, moved);
      return moved;
    });
    if (!confirmed) throw new Conflict(codMessages.notToConfirm);
    this.deps.log.info({ orderId, by }, "cash-on-delivery order confirmed");
    this.deps.outbox.tick();
    return this.deps.orders.present(confirmed, items);
  }

  /**
   * The owner cancels a COD order waiting to be confirmed (the shopper did not answer, or said
   * no), through the orders' cancel path: lock order as for confirming, order and payment
   * CANCELLED, held stock and promo use given back, the shopper told by e-mail; no shipment was
   * booked. 404 unknown, 409 not waiting (confirmed or cancelled meanwhile).
   */
  async refuse(orderId: string, by: string, alsoInTransaction?: AlsoInTransaction): Promise<Order> {
    const found = await this.deps.orders.findRecord(orderId);
    if (!found) throw new NotFound(codMessages.notToConfirm);
    const { record, items } = found;
    if (record.cod_state !== "to_confirm") throw new Conflict(codMessages.notToConfirm);
    const cancelled = await this.deps.db.transaction().execute(async (trx) => {
      if (record.cart_id) await this.deps.cart.lockForPurchase(trx, record.cart_id);
      const moved = await this.deps.lifecycle.cancelByShopper(trx, record);
      if (!moved) return undefined;
      await this.deps.inventory.returnStock(trx, orderId);
      await this.deps.promotions.releaseUses(trx, [record.promo_code]);
      await this.deps.outbox.enqueue(trx, outboxMessages.orderCancelledMail(orderId, "cod-refused"));
      await alsoInTransaction?.(trx, moved);
      return moved;
    });
    if (!cancelled) throw new Conflict(codMessages.notToConfirm);
    this.deps.log.info({ orderId, by }, "cash-on-delivery order cancelled before confirming");
    this.deps.outbox.tick();
    return this.deps.orders.present(cancelled, items);
  }

  /** The admin's "COD to confirm" list: each order with whether its phone was verified. */
  async waiting(options: { limit?: number } = {}): Promise<CodOrderToConfirm[]> {
    const ids = await this.deps.toConfirm.orderIdsToConfirm(options.limit ?? 100);
    const waiting: CodOrderToConfirm[] = [];
    for (const id of ids) {
      const found = await this.deps.orders.findRecord(id);
      if (found)
        waiting.push({
          order: this.deps.orders.present(found.record, found.items),
          phoneVerified: found.record.cod_phone !== null,
        });
    }
    return waiting;
  }

  /** COD orders waiting to be confirmed, oldest first (the admin's "COD to confirm" tab). */
  async listToConfirm(options: { limit?: number } = {}): Promise<Order[]> {
    const ids = await this.deps.toConfirm.orderIdsToConfirm(options.limit ?? 100);
    const orders: Order[] = [];
    for (const id of ids) {
      const found = await this.deps.orders.findRecord(id);
      if (found) orders.push(this.deps.orders.present(found.record, found.items));
    }
    return orders;
  }
}
