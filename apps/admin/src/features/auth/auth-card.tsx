import type { ReactNode } from "react";

/** The centred card of the pages used before a session exists. */
export function AuthCard({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <main className="auth-page">
      <div className={wide ? "auth-card auth-card--wide" : "auth-card"}>
        <div className="brand">
          <span className="brand__mark" aria-hidden="true">
            V
          </span>
          VAKI Admin
        </div>
        {children}
      </div>
    </main>
  );
}
