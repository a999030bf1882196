import { RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

interface ListStateProps {
  title: string;
  /** The page's main heading (error pages) or a section heading (empty list). */
  level: 1 | 2;
  children: ReactNode;
  actions: ReactNode;
}

/** An error or empty state of the product list, with its way out. */
export function ListState({ title, level, children, actions }: ListStateProps) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <section className="list-state" aria-labelledby="list-state-title">
      <Heading id="list-state-title" className="list-state__title">
        {title}
      </Heading>
      <div className="list-state__body">{children}</div>
      <div className="list-state__actions">{actions}</div>
    </section>
  );
}

export function RetryButton({
  label,
  onClick,
  busy,
  primary = true,
}: {
  label: string;
  onClick: () => void;
  busy?: boolean;
  primary?: boolean;
}) {
  return (
    <button
      type="button"
      className={primary ? "button button--primary" : "button"}
      onClick={onClick}
      aria-disabled={busy || undefined}
    >
      <RefreshCw aria-hidden="true" className={busy ? "spin" : undefined} />
      {label}
    </button>
  );
}

export function LinkButton({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="button">
      {label}
    </Link>
  );
}
