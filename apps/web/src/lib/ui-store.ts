import { create } from "zustand";

/**
 * Which shell overlay is open. The header opens them; the panels live once in the layout.
 * One at a time: opening one closes the others.
 */
export type Overlay = "cart" | "login" | "search" | null;

interface UiState {
  overlay: Overlay;
  /** Where to go after a login that the route guard asked for (spec: `?redirect=`). */
  loginRedirect: string | null;
  open: (overlay: Exclude<Overlay, null>) => void;
  openLogin: (redirect?: string | null) => void;
  close: () => void;
}

export const useUiStore = create<UiState>()((set) => ({
  overlay: null,
  loginRedirect: null,
  open: (overlay) => set({ overlay }),
  openLogin: (redirect = null) => set({ overlay: "login", loginRedirect: redirect }),
  close: () => set({ overlay: null, loginRedirect: null }),
}));

export function openCart(): void {
  useUiStore.getState().open("cart");
}

export function openLogin(redirect?: string | null): void {
  useUiStore.getState().openLogin(redirect);
}

export function openSearch(): void {
  useUiStore.getState().open("search");
}

export function closeOverlay(): void {
  useUiStore.getState().close();
}
