import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { StepUpProvider } from "../features/auth/step-up-dialog";
import type { createAdminRouter } from "./router";

type AdminRouter = ReturnType<typeof createAdminRouter>;

/** The providers around every page. */
export function App({ queryClient, router }: { queryClient: QueryClient; router: AdminRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <StepUpProvider>
        <RouterProvider router={router} />
      </StepUpProvider>
    </QueryClientProvider>
  );
}
