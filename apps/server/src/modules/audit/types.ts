/** Who made a change, from where: every audited write carries this from its request. */
export interface AuditContext {
  /** The staff person; null for the system (start-up, the command line). */
  actorId: string | null;
  requestId: string | null;
  /** The client address; only its keyed hash is stored. */
  address: string | null;
}

/** One field's value before and after the change. */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export interface AuditEventInput {
  action: string;
  entityType: string;
  entityId: string;
  changes?: AuditChanges;
}

export const systemAuditContext: AuditContext = { actorId: null, requestId: null, address: null };
