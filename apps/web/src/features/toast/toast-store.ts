import { create } from "zustand";

export interface Toast {
  id: number;
  message: string;
}

interface ToastState {
  toasts: Toast[];
  show: (message: string) => number;
  dismiss: (id: number) => void;
}

const TOAST_LIFETIME_MS = 4000;
const MAX_TOASTS = 3;
let nextId = 1;

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (message) => {
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts, { id, message }].slice(-MAX_TOASTS) }));
    setTimeout(() => get().dismiss(id), TOAST_LIFETIME_MS);
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

/** Show a short, polite notification from anywhere (event handlers, mutations). */
export function showToast(message: string): number {
  return useToastStore.getState().show(message);
}
