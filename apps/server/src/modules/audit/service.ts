import { createHmac } from "node:crypto";
import type { AuditAnswer, AuditEvent, AuditQuery } from "@vaki/contract/admin/schemas";
import type { Db } from "../../db/connection.js";
import type { Clock } from "../../lib/clock.js";
import { decodeCursor, encodeCursor } from "../../lib/keyset.js";
import type { AuditRepo, AuditRow } from "./repo.js";
import type { AuditContext, AuditEventInput } from "./types.js";

/**
 * The audit log. `record` writes through the caller's transaction, so an event exists exactly
 * when its change does; there is no way here to change or remove an event.
 */
export class AuditLog {
  constructor(
    private readonly repo: AuditRepo,
    private readonly clock: Clock,
    /** Key of the address hash (derived from the shop's secret): an address cannot be looked up by hashing guesses without it. */
    private readonly addressKey: Buffer,
  ) {}

  async record(trx: Db, context: AuditContext, event: AuditEventInput): Promise<void> {
    await this.repo.insert(trx, {
      at: this.clock.now().toISOString(),
      actor_id: context.actorId,
      action: event.action,
      entity_type: event.entityType,
      entity_id: event.entityId,
      changes: JSON.stringify(event.changes ?? {}),
      request_id: context.requestId,
      address_hash: context.address === null ? null : this.hashAddress(context.address),
    });
  }

  hashAddress(address: string): string {
    return createHmac("sha256", this.addressKey).update(address).digest("hex").slice(0, 32);
  }

  async list(query: AuditQuery): Promise<AuditAnswer> {
    const cursor = query.cursor ? decodeCursor(query.cursor, ["string", "number"]) : undefined;
    const rows = await this.repo.list(
      {
        actorId: query.actorId,
        entityType: query.entityType,
        entityId: query.entityId,
        action: query.action,
        from: query.from ? instant(query.from, false) : undefined,
        to: query.to ? instant(query.to, true) : undefined,
      },
      cursor,
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toAuditEvent),
      nextCursor: rows.length > query.limit && last ? encodeCursor([last.at, last.id]) : null,
    };
  }

  async forEntity(entityType: string, entityId: string): Promise<AuditEvent[]> {
    return (await this.repo.forEntity(entityType, entityId)).map(toAuditEvent);
  }
}

/** A query's date as a stored instant; a bare date as `to` covers that whole day. */
function instant(value: string, isEnd: boolean): string {
  const bareDate = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const at = new Date(bareDate ? `${value}T00:00:00.000Z` : value);
  if (bareDate && isEnd) at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString();
}

export function toAuditEvent(row: AuditRow): AuditEvent {
  return {
    id: String(row.id),
    at: row.at,
    actor:
      row.actor_id && row.actor_name !== null && row.actor_email !== null
        ? { id: row.actor_id, name: row.actor_name, email: row.actor_email }
        : null,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    changes: JSON.parse(row.changes) as AuditEvent["changes"],
    requestId: row.request_id,
    addressHash: row.address_hash,
  };
}
