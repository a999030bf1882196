import { createHash } from "node:crypto";
import { codMessages as m } from "@vaki/contract/messages";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { Conflict, NotFound } from "../../lib/errors.js";
import { formatOrderAmount } from "../../lib/money.js";
import type { PostalAddress } from "../../providers/shipping/shipping-provider.js";
import type { OrdersService } from "../orders/service.js";
import type { CodBlockRecord, CodRepo, CodSubject } from "./repo.js";

export type { CodBlockRecord } from "./repo.js";

const day = 24 * 60 * 60_000;

/** The COD orders waiting for a person: what the confirmation service lists. */
export interface CodToConfirmReader {
  orderIdsToConfirm(limit: number): Promise<string[]>;
}

/** Indian mobiles as +91XXXXXXXXXX (how orders and blocks store them); anything else trimmed. */
export function codPhone(phone: string): string {
  const ten = /^(?:\+91|91|0)?([6-9]\d{9})$/.exec(phone.replace(/[\s\-().]/g, ""))?.[1];
  return ten ? `+91${ten}` : phone.trim();
}

/**
 * One key per delivery address however it is typed: lower case, letters and digits only, of the
 * street lines, city and pincode (so "Flat 4B, Lotus Towers" and "flat 4b lotus towers" match).
 */
export function deliveryAddressKey(address: Pick<PostalAddress, "line1" | "line2" | "city" | "pincode">): string {
  const plain = (text: string | null | undefined) => (text ?? "").toLowerCase().replace(/[^a-z0-9]+/g, "");
  const joined = [address.line1, address.line2, address.city, address.pincode].map(plain).join("|");
  return createHash("sha256").update(joined).digest("hex");
}

/** What a COD attempt is checked on: the order, the verified phone and the delivery address. */
export interface CodAttempt {
  orderId: string;
  /** Normalised (+91…). */
  phone: string;
  address: Pick<PostalAddress, "line1" | "line2" | "city" | "pincode">;
}

/**
 * Cash on delivery's rules (decision 0013): phones and pincodes blocked by the owner, and the
 * limits per verified phone, per delivery address and per client address (open COD orders, COD
 * units a day, the largest COD order). Answers the refusal, which always offers prepaid payment.
 */
export class CodService {
  constructor(
    private readonly deps: {
      repo: CodRepo;
      orders: OrdersService;
      clock: Clock;
      limits: Pick<Config["cod"], "maxOpenOrders" | "maxUnitsPerDay" | "maxOrderPaise">;
    },
  ) {}

  /** Null when the order may be paid on delivery; otherwise the message the shopper sees. */
  async refusal(attempt: CodAttempt): Promise<string | null> {
    const found = await this.deps.orders.findRecord(attempt.orderId);
    if (!found) return null;
    const { record, items } = found;
    const blocked = await this.deps.repo.isBlocked([
      { kind: "phone", value: codPhone(attempt.phone) },
      { kind: "pincode", value: attempt.address.pincode.trim() },
    ]);
    if (blocked) return m.blocked;
    const { limits } = this.deps;
    if (record.total > limits.maxOrderPaise) return m.orderTooLarge(formatOrderAmount(limits.maxOrderPaise));
    const units = items.reduce((sum, item) => sum + item.quantity, 0);
    const subjects: CodSubject[] = [
      { by: "phone", value: attempt.phone },
      { by: "address", value: deliveryAddressKey(attempt.address) },
      ...(record.client_address_hash ? [{ by: "client", value: record.client_address_hash } as const] : []),
    ];
    const since = new Date(this.deps.clock.now().getTime() - day).toISOString();
    for (const subject of subjects) {
      const used = await this.deps.repo.usage(subject, since, record.id);
      if (used.open >= limits.maxOpenOrders) return m.tooManyOpen(limits.maxOpenOrders);
      if (used.units + units > limits.maxUnitsPerDay) return m.tooManyUnits(limits.maxUnitsPerDay);
    }
    return null;
  }

  /** Puts the attempt's phone and address on the order, so later attempts count it once it is placed. */
  recordAttempt(attempt: CodAttempt): Promise<void> {
    return this.deps.repo.recordCodAttempt(attempt.orderId, attempt.phone, deliveryAddressKey(attempt.address));
  }

  /** The owner takes cash on delivery away from a phone (+91…) or a pincode (admin: COD blocks). */
  async block(kind: "phone" | "pincode", value: string, reason: string | null = null): Promise<void> {
    await this.deps.repo.insertBlock(kind, blockValue(kind, value), reason, this.deps.clock.now().toISOString());
  }

  /**
   * The admin's "COD blocks": adds a block (`alsoInTransaction`: its audit event), or answers the
   * one already there (`created` false, nothing written).
   */
  addBlock(
    kind: "phone" | "pincode",
    value: string,
    reason: string | null,
    alsoInTransaction?: (trx: Db, block: CodBlockRecord) => Promise<void>,
  ): Promise<{ block: CodBlockRecord; created: boolean }> {
    const normalised = blockValue(kind, value);
    return this.deps.repo.transaction(async (repo, trx) => {
      const block = await repo.insertBlock(kind, normalised, reason, this.deps.clock.now().toISOString());
      if (block) {
        await alsoInTransaction?.(trx, block);
        return { block, created: true };
      }
      const existing = await repo.findBlock(kind, normalised);
      if (!existing) throw new Conflict(m.blockChanged);
      return { block: existing, created: false };
    });
  }

  /** Removes a block by id (the admin); 404 when there is none. */
  removeBlock(
    id: string,
    alsoInTransaction?: (trx: Db, block: CodBlockRecord) => Promise<void>,
  ): Promise<CodBlockRecord> {
    return this.deps.repo.transaction(async (repo, trx) => {
      const block = await repo.deleteBlockById(id);
      if (!block) throw new NotFound(m.blockNotFound);
      await alsoInTransaction?.(trx, block);
      return block;
    });
  }

  /** Answers whether there was such a block. */
  unblock(kind: "phone" | "pincode", value: string): Promise<boolean> {
    return this.deps.repo.deleteBlock(kind, blockValue(kind, value));
  }

  /** The COD orders waiting for a person (see CodConfirmationService.listToConfirm). */
  orderIdsToConfirm(limit: number): Promise<string[]> {
    return this.deps.repo.orderIdsToConfirm(limit);
  }

  listBlocks(): Promise<CodBlockRecord[]> {
    return this.deps.repo.listBlocks();
  }
}

const blockValue = (kind: "phone" | "pincode", value: string) => (kind === "phone" ? codPhone(value) : value.trim());
