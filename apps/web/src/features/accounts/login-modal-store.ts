import { create } from "zustand";
import { openLogin } from "../../lib/ui-store";

/** The login modal's views (R-ORD-2). Logged in, it shows the account view instead. */
export type LoginView = "login" | "forgot" | "register";

interface LoginModalState {
  view: LoginView;
  setView: (view: LoginView) => void;
}

export const useLoginModalStore = create<LoginModalState>()((set) => ({
  view: "login",
  setView: (view) => set({ view }),
}));

/** Opens the login modal on a given view (the reset page's "Request New Reset Link" opens the forgot view). */
export function openLoginAt(view: LoginView, redirect?: string | null): void {
  useLoginModalStore.getState().setView(view);
  openLogin(redirect);
}
