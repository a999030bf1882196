import type { Db } from "../../db/connection.js";
import type { CursorKey } from "../../lib/keyset.js";

export interface AuditRow {
  id: number;
  at: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  changes: string;
  request_id: string | null;
  address_hash: string | null;
}

export interface AuditFilter {
  actorId?: string | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  /** ISO instants: at >= from, at < to. */
  from?: string | undefined;
  to?: string | undefined;
}

/** The audit log's SQL: inserts and reads only (nothing here updates or deletes an event). */
export class AuditRepo {
  constructor(private readonly db: Db) {}

  async insert(trx: Db, row: Omit<AuditRow, "id" | "actor_name" | "actor_email">): Promise<void> {
    await trx.insertInto("audit_events").values(row).execute();
  }

  /** Newest first, after `cursor` (at, id), at most `limit` rows. */
  async list(filter: AuditFilter, cursor: CursorKey | undefined, limit: number): Promise<AuditRow[]> {
    let query = this.selectEvents();
    if (filter.actorId) query = query.where("audit_events.actor_id", "=", filter.actorId);
    if (filter.entityType) query = query.where("audit_events.entity_type", "=", filter.entityType);
    if (filter.entityId) query = query.where("audit_events.entity_id", "=", filter.entityId);
    if (filter.action) query = query.where("audit_events.action", "=", filter.action);
    if (filter.from) query = query.where("audit_events.at", ">=", filter.from);
    if (filter.to) query = query.where("audit_events.at", "<", filter.to);
    if (cursor) {
      const [at, id] = cursor as [string, number];
      query = query.where((eb) =>
        eb.or([
          eb("audit_events.at", "<", at),
          eb.and([eb("audit_events.at", "=", at), eb("audit_events.id", "<", id)]),
        ]),
      );
    }
    return query.orderBy("audit_events.at", "desc").orderBy("audit_events.id", "desc").limit(limit).execute();
  }

  /** Every event of one entity, oldest first (its timeline). */
  async forEntity(entityType: string, entityId: string): Promise<AuditRow[]> {
    return this.selectEvents()
      .where("audit_events.entity_type", "=", entityType)
      .where("audit_events.entity_id", "=", entityId)
      .orderBy("audit_events.at", "asc")
      .orderBy("audit_events.id", "asc")
      .limit(500)
      .execute();
  }

  private selectEvents() {
    return this.db
      .selectFrom("audit_events")
      .leftJoin("staff_users", "staff_users.id", "audit_events.actor_id")
      .select([
        "audit_events.id",
        "audit_events.at",
        "audit_events.actor_id",
        "staff_users.name as actor_name",
        "staff_users.email as actor_email",
        "audit_events.action",
        "audit_events.entity_type",
        "audit_events.entity_id",
        "audit_events.changes",
        "audit_events.request_id",
        "audit_events.address_hash",
      ]);
  }
}
