import type { ColumnDef } from "@tanstack/react-table";
import { type AuditEvent, auditActions, auditEntityTypes } from "@vaki/contract/admin/schemas";
import { type FormEvent, useMemo } from "react";
import { Link } from "react-router";
import { DataTable } from "../../components/data-table";
import { PageHeader } from "../../components/page-header";
import { AuditChanges } from "../../components/timeline";
import { useListParams } from "../../components/use-list-params";
import { formatDateTime, humanise } from "../../lib/format";
import { useCan } from "../auth/require-permission";
import { useStaff } from "../staff/api";
import { useAuditLog } from "./api";

const FILTERS = ["actorId", "entityType", "entityId", "action", "from", "to"] as const;

/** The page of an entity the log names, when the admin has one. */
function entityPath(event: AuditEvent): string | null {
  if (event.entityType === "order") return `/orders/${event.entityId}`;
  if (event.entityType === "product") return `/products/${event.entityId}`;
  if (event.entityType === "customer") return `/customers/${event.entityId}`;
  return null;
}

const columns: ColumnDef<AuditEvent, unknown>[] = [
  { id: "at", header: "When", cell: ({ row }) => <span className="nowrap">{formatDateTime(row.original.at)}</span> },
  {
    id: "actor",
    header: "Person",
    cell: ({ row }) =>
      row.original.actor ? (
        <>
          {row.original.actor.name}
          <div className="muted">{row.original.actor.email}</div>
        </>
      ) : (
        <span className="muted">System</span>
      ),
  },
  { id: "action", header: "Action", cell: ({ row }) => <span className="mono">{row.original.action}</span> },
  {
    id: "entity",
    header: "Entity",
    cell: ({ row }) => {
      const path = entityPath(row.original);
      const label = `${row.original.entityType} ${row.original.entityId}`;
      return path ? <Link to={path}>{label}</Link> : <span>{label}</span>;
    },
  },
  { id: "changes", header: "Changes", cell: ({ row }) => <AuditChanges changes={row.original.changes} /> },
  {
    id: "request",
    header: "Request",
    cell: ({ row }) => <span className="mono muted small">{row.original.requestId ?? "—"}</span>,
  },
];

/** A local calendar day as the instant it starts (or, for `to`, ends). */
function dayBound(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T${end ? "23:59:59.999" : "00:00:00"}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function AuditPage() {
  const list = useListParams({ filters: FILTERS });
  const canListStaff = useCan("staff:manage");
  const staff = useStaff(canListStaff);
  const { filters } = list;
  const query = useMemo(
    () => ({
      actorId: filters.actorId,
      entityType: filters.entityType,
      entityId: filters.entityId,
      action: filters.action,
      from: dayBound(filters.from, false),
      to: dayBound(filters.to, true),
      cursor: list.cursor,
    }),
    [filters, list.cursor],
  );
  const log = useAuditLog(query);
  const filtered = Object.values(filters).some(Boolean);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values: Partial<Record<(typeof FILTERS)[number], string>> = {};
    for (const name of FILTERS) values[name] = String(data.get(name) ?? "").trim();
    list.setFilters(values);
  }

  return (
    <div className="page">
      <PageHeader title="Audit log" description="Every change made through the admin, newest first." />
      <form className="filters panel" onSubmit={apply} aria-label="Filter the audit log" key={JSON.stringify(filters)}>
        <div className="field">
          <label htmlFor="audit-actor">Person</label>
          {canListStaff ? (
            <select id="audit-actor" name="actorId" className="select" defaultValue={filters.actorId}>
              <option value="">Anyone</option>
              {staff.data?.items.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
          ) : (
            <input
              id="audit-actor"
              name="actorId"
              className="input"
              defaultValue={filters.actorId}
              placeholder="Staff id"
            />
          )}
        </div>
        <div className="field">
          <label htmlFor="audit-entity-type">Entity type</label>
          <select id="audit-entity-type" name="entityType" className="select" defaultValue={filters.entityType}>
            <option value="">Any</option>
            {auditEntityTypes.map((type) => (
              <option key={type} value={type}>
                {humanise(type)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-entity-id">Entity id</label>
          <input id="audit-entity-id" name="entityId" className="input" defaultValue={filters.entityId} />
        </div>
        <div className="field">
          <label htmlFor="audit-action">Action</label>
          <select id="audit-action" name="action" className="select" defaultValue={filters.action}>
            <option value="">Any</option>
            {auditActions.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-from">From</label>
          <input id="audit-from" name="from" type="date" className="input" defaultValue={filters.from} />
        </div>
        <div className="field">
          <label htmlFor="audit-to">To</label>
          <input id="audit-to" name="to" type="date" className="input" defaultValue={filters.to} />
        </div>
        <div className="form-row">
          <button type="submit" className="button">
            Apply filters
          </button>
          {filtered ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => list.setFilters(Object.fromEntries(FILTERS.map((name) => [name, ""])))}
            >
              Clear
            </button>
          ) : null}
        </div>
      </form>
      <DataTable
        caption="Audit events"
        columns={columns}
        rows={log.data?.items}
        getRowId={(row) => row.id}
        isLoading={log.isLoading}
        error={log.error}
        onRetry={() => void log.refetch()}
        emptyTitle={filtered ? "No events match these filters." : "No events yet."}
        hasPrevious={list.hasPrevious}
        nextCursor={log.data?.nextCursor}
        onPrevious={list.previous}
        onNext={list.next}
      />
    </div>
  );
}
