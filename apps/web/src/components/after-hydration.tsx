import type { ReactNode } from "react";
import { useHydrated } from "../lib/use-hydrated";

/**
 * Its children only once the page is the browser's own (decision 0020): never in the server's
 * drawing, nor while the browser takes it over. For parts that show what only this browser knows
 * (the wishlist's hearts, recently viewed) or that take clicks with code of their own still to
 * load (notify me): drawn by the server, a click on them before their code came would be lost.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
