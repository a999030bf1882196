import { create } from "zustand";

export type ToastType = "success" | "error" | "warning" | "info";

export interface Toast {
  id: number;
  message: string;
  type: ToastType;
  /** Milliseconds before it leaves by itself; 0 keeps it until dismissed. */
  duration: number;
}

/** R-STORE-9 — toast durations per type (0 = no auto-dismiss). */
export const TOAST_DURATIONS: Readonly<Record<ToastType, number>> = {
  success: 3000,
  error: 5000,
  warning: 4000,
  info: 3000,
};

const MAX_TOASTS = 4;

interface ToastState {
  toasts: Toast[];
  show: (message: string, type?: ToastType, duration?: number) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (message, type = "info", duration = TOAST_DURATIONS[type]) => {
    const id = nextId++;
    set((state) => {
      const toasts = [...state.toasts.filter((toast) => toast.message !== message), { id, message, type, duration }];
      for (const dropped of toasts.slice(0, -MAX_TOASTS)) clearTimeout(timers.get(dropped.id));
      return { toasts: toasts.slice(-MAX_TOASTS) };
    });
    if (duration > 0)
      timers.set(
        id,
        setTimeout(() => get().dismiss(id), duration),
      );
    return id;
  },
  dismiss: (id) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
  },
}));

/** Show a notification from anywhere (event handlers, mutations). */
export function showToast(message: string, type: ToastType = "info", duration?: number): number {
  return useToastStore.getState().show(message, type, duration);
}

export const toast = {
  success: (message: string, duration?: number) => showToast(message, "success", duration),
  error: (message: string, duration?: number) => showToast(message, "error", duration),
  warning: (message: string, duration?: number) => showToast(message, "warning", duration),
  info: (message: string, duration?: number) => showToast(message, "info", duration),
};
