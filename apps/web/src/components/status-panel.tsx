import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

export interface PanelAction {
  to: string;
  label: string;
  primary?: boolean;
}

interface StatusPanelProps {
  eyebrow: string;
  title: string;
  children: ReactNode;
  actions: readonly PanelAction[];
}

/** Full-width message panel used by placeholder, not-found and error pages. */
export function StatusPanel({ eyebrow, title, children, actions }: StatusPanelProps) {
  return (
    <section className="status-panel" aria-labelledby="status-panel-title">
      <div className="moon status-panel__moon" aria-hidden="true" />
      <div className="status-panel__inner">
        <p className="status-panel__eyebrow">{eyebrow}</p>
        <h1 className="status-panel__title" id="status-panel-title">
          {title}
        </h1>
        <div className="status-panel__body">{children}</div>
        <div className="status-panel__actions">
          {actions.map((action) => (
            <Link key={action.to} to={action.to} className={action.primary ? "button button--primary" : "button"}>
              {action.label}
              {action.primary ? <ArrowRight aria-hidden="true" /> : null}
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}
