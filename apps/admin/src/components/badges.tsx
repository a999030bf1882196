import { humanise } from "../lib/format";

const tones: Record<string, "ok" | "warn" | "danger" | "info" | undefined> = {
  CREATED: "warn",
  CONFIRMED: "info",
  PROCESSING: "info",
  SHIPPED: "info",
  DELIVERED: "ok",
  CANCELLED: "danger",
  PAID: "ok",
  SUCCESS: "ok",
  COMPLETED: "ok",
  FAILED: "danger",
  FAILURE: "danger",
  PENDING: "warn",
  active: "ok",
  inactive: undefined,
  draft: "warn",
  archived: undefined,
};

/** A status as a small coloured word (order, payment, product, staff). */
export function StatusBadge({ status }: { status: string }) {
  const tone = tones[status];
  return <span className={tone ? `badge badge--${tone}` : "badge"}>{humanise(status)}</span>;
}
