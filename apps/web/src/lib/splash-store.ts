import { create } from "zustand";

/** Whether the splash still covers the page (the home page's Club pop-up waits until it leaves). */
export const useSplashStore = create<{ covering: boolean }>()(() => ({ covering: false }));
