import { AlertTriangle, Inbox, Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { errorMessage } from "../lib/api-error";

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="table-state">
      <Inbox size={28} aria-hidden="true" className="muted" />
      <p>
        <strong>{title}</strong>
      </p>
      {children ? <p className="muted">{children}</p> : null}
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="table-state" role="alert">
      <AlertTriangle size={28} aria-hidden="true" className="muted" />
      <p>
        <strong>This could not be loaded.</strong>
      </p>
      <p className="muted">{errorMessage(error)}</p>
      {onRetry ? (
        <button type="button" className="button button--secondary button--small" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** What a person sees on a page their role may not open. */
export function NoPermission() {
  return (
    <div className="centered">
      <div>
        <Lock size={32} aria-hidden="true" className="muted" />
        <h1>No access</h1>
        <p>You do not have permission to open this page.</p>
        <Link to="/">Go to the dashboard</Link>
      </div>
    </div>
  );
}

export function LoadingState({ label = "Loading…" }: { label?: string }) {
  return (
    <div className="table-state" role="status">
      <p className="muted">{label}</p>
    </div>
  );
}
