import type { QueryClient } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { AppProviders } from "./providers";
import { router } from "./router";
import { Splash } from "./splash";

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
      <Splash />
    </AppProviders>
  );
}
