import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";

export interface ProfileTab<Id extends string> {
  id: Id;
  label: string;
  icon?: ReactNode;
  /**
   * A tab that leaves the page (My Orders → /orders) instead of showing a panel. Arrow keys only
   * focus it; Enter, Space or a click follow it.
   */
  onFollow?: () => void;
}

interface ProfileTabsProps<Id extends string> {
  label: string;
  tabs: readonly ProfileTab<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: Left/Right (and Up/Down) move between tabs and show
 * their panel, Home/End jump to the ends; one tab stop for the whole list (roving tabindex).
 */
export function ProfileTabs<Id extends string>({ label, tabs, selected, onSelect, children }: ProfileTabsProps<Id>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());
  const tabId = (id: Id) => `${baseId}-tab-${id}`;
  const panelId = (id: Id) => `${baseId}-panel-${id}`;

  function activate(tab: ProfileTab<Id>) {
    if (tab.onFollow) tab.onFollow();
    else onSelect(tab.id);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tabRefs.current.get(tab.id) === document.activeElement);
    if (index === -1) return;
    let next: number | null = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = (index + 1) % tabs.length;
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    tabRefs.current.get(tab.id)?.focus();
    if (!tab.onFollow) onSelect(tab.id);
  }

  return (
    <div className="profile-tabs">
      <div role="tablist" aria-label={label} className="profile-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={isSelected}
              aria-controls={tab.onFollow ? undefined : panelId(tab.id)}
              tabIndex={isSelected ? 0 : -1}
              className="profile-tabs__tab"
              onClick={() => activate(tab)}
            >
              {tab.icon}
              <span>{tab.label}</span>
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId(selected)} aria-labelledby={tabId(selected)} className="profile-tabs__panel">
        {children}
      </div>
    </div>
  );
}
