import type { BadgeTone } from "../order-status";
import "../orders.css";
import "../orders-details.css";

interface StatusBadgeProps {
  tone: BadgeTone;
  children: string;
  /** Read before the label by screen readers, e.g. "Payment:". */
  prefix?: string;
}

/** A status pill: tone by the spec's badge colours (info, success, warning, primary, danger, secondary). */
export function StatusBadge({ tone, children, prefix }: StatusBadgeProps) {
  return (
    <span className={`status-badge status-badge--${tone}`}>
      <span className="status-badge__dot" aria-hidden="true" />
      {prefix ? <span className="visually-hidden">{prefix} </span> : null}
      {/* Its own element, so the label alone reads as the badge's text. */}
      <span>{children}</span>
    </span>
  );
}
