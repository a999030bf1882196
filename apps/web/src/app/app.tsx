import type { QueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { RouterProvider } from "react-router";
import { markHydrated } from "../lib/use-hydrated";
import { AppProviders } from "./providers";
import type { AppRouter } from "./router";
import { Splash } from "./splash";

/** Set by the server on #root when its markup is the server's drawing of the page (decision 0020). */
export const SERVER_RENDERED_ATTRIBUTE = "data-server-rendered";

/**
 * What the browser and the server both draw around the routes: the same tree on both sides, so
 * the browser's first render matches the server's HTML.
 */
export function AppFrame({ queryClient, children }: { queryClient?: QueryClient; children: ReactNode }) {
  return (
    <AppProviders queryClient={queryClient}>
      {children}
      <Splash />
    </AppProviders>
  );
}

export function App({ queryClient, router }: { queryClient?: QueryClient; router: AppRouter }) {
  // The app has taken over the server's drawing (main.tsx): the page is live.
  useEffect(() => {
    markHydrated();
    const root = document.getElementById("root");
    if (!root?.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) return;
    root.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
    // Made inert by public/app-loader.js until now.
    root.removeAttribute("inert");
  }, []);
  return (
    <AppFrame queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
