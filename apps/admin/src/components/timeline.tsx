import type { TimelineItem } from "@vaki/contract/admin/schemas";
import { formatDateTime, humanise } from "../lib/format";
import { EmptyState } from "./states";

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** An entity's history: the statuses it reached and the audit events about it, oldest first. */
export function Timeline({ items }: { items: TimelineItem[] }) {
  if (items.length === 0) return <EmptyState title="Nothing has happened yet." />;
  return (
    <ol className="timeline">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: status rows have no id; the order is fixed.
        <li key={index} className="timeline__item">
          <div className="timeline__when">{formatDateTime(item.at)}</div>
          {item.kind === "status" ? (
            <div>
              Status became <strong>{humanise(item.status)}</strong>
            </div>
          ) : (
            <div>
              <strong>{humanise(item.event.action)}</strong>
              {item.event.actor ? <span className="muted"> by {item.event.actor.name}</span> : null}
              <AuditChanges changes={item.event.changes} />
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

export function AuditChanges({ changes }: { changes: Record<string, { before?: unknown; after?: unknown }> }) {
  const entries = Object.entries(changes);
  if (entries.length === 0) return null;
  return (
    <ul className="changes">
      {entries.map(([field, change]) => (
        <li key={field}>
          <span className="muted">{field}:</span> {show(change.before)} → {show(change.after)}
        </li>
      ))}
    </ul>
  );
}
