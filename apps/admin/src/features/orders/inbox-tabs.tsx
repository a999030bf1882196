import { type InboxTab, inboxCountLabel, inboxTabLabels, inboxTabs } from "@vaki/contract/admin/inbox-tabs";
import type { AdminOrderCounts } from "@vaki/contract/admin/schemas";
import { exchangesTab, exchangesTabLabel } from "../exchanges/labels";

export type InboxTabOrExchanges = InboxTab | typeof exchangesTab;

/** The inbox's tabs as links (each its own URL), with how many orders each holds; then the exchange requests to decide. */
export function InboxTabs({
  current,
  counts,
  exchangesToDecide,
  onSelect,
}: {
  current: InboxTabOrExchanges;
  counts: AdminOrderCounts | undefined;
  exchangesToDecide: number | undefined;
  onSelect: (tab: InboxTabOrExchanges) => void;
}) {
  const tabs: { tab: InboxTabOrExchanges; label: string; count: number | undefined }[] = [
    ...inboxTabs.map((tab) => ({ tab, label: inboxTabLabels[tab], count: counts?.[tab] })),
    { tab: exchangesTab, label: exchangesTabLabel, count: exchangesToDecide },
  ];
  return (
    <nav className="inbox-tabs" aria-label="Order inbox">
      <ul>
        {tabs.map(({ tab, label, count }) => (
          <li key={tab}>
            <button
              type="button"
              className="inbox-tab"
              aria-current={tab === current ? "page" : undefined}
              onClick={() => onSelect(tab)}
            >
              {label} <span className="inbox-tab__count">{count === undefined ? "…" : inboxCountLabel(count)}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
