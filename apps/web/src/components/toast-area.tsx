import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from "lucide-react";
import { type Toast, useToastStore } from "../lib/toast-store";

const ICONS = { success: CircleCheck, error: CircleAlert, warning: TriangleAlert, info: Info } as const;

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const Icon = ICONS[toast.type];
  return (
    <li className={`toast toast--${toast.type}`}>
      <Icon className="toast__icon" aria-hidden="true" />
      {/* The live role sits on the message: a list item must stay a listitem (axe "list"). */}
      <p className="toast__message" role={toast.type === "error" ? "alert" : "status"}>
        {toast.message}
      </p>
      <button type="button" className="toast__dismiss" aria-label="Dismiss notification" onClick={onDismiss}>
        <X aria-hidden="true" />
      </button>
    </li>
  );
}

/** Toasts are announced to screen readers: errors assertively, the rest politely. */
export function ToastArea() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);

  return (
    // aria-live="off" keeps the area out of what an open dialog hides from screen readers (Radix
    // spares live regions), so a toast shown over the cart is still announced by its own role.
    <section className="toast-area" aria-label="Notifications" aria-live="off">
      <ol className="toast-area__list">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
        ))}
      </ol>
    </section>
  );
}
