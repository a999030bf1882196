import { type InboxTab, inboxCountLabel, inboxTabLabels, inboxTabs } from "@vaki/contract/admin/inbox-tabs";
import type { AdminOrderCounts } from "@vaki/contract/admin/schemas";

/** The inbox's tabs as links (each its own URL), with how many orders each holds. */
export function InboxTabs({
  current,
  counts,
  onSelect,
}: {
  current: InboxTab;
  counts: AdminOrderCounts | undefined;
  onSelect: (tab: InboxTab) => void;
}) {
  return (
    <nav className="inbox-tabs" aria-label="Order inbox">
      <ul>
        {inboxTabs.map((tab) => (
          <li key={tab}>
            <button
              type="button"
              className="inbox-tab"
              aria-current={tab === current ? "page" : undefined}
              onClick={() => onSelect(tab)}
            >
              {inboxTabLabels[tab]}{" "}
              <span className="inbox-tab__count">{counts ? inboxCountLabel(counts[tab]) : "…"}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
