import { X } from "lucide-react";
import { useToastStore } from "../features/toast/toast-store";

export function ToastArea() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);

  return (
    <section className="toast-area" aria-label="Notifications">
      <ol className="toast-area__list" aria-live="polite">
        {toasts.map((toast) => (
          <li key={toast.id} className="toast">
            <p className="toast__message">{toast.message}</p>
            <button
              type="button"
              className="toast__dismiss"
              aria-label="Dismiss notification"
              onClick={() => dismiss(toast.id)}
            >
              <X aria-hidden="true" />
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
