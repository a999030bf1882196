import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect } from "react";
import { RouterProvider } from "react-router";
import { StepUpProvider } from "../components/step-up-dialog";
import { endSession } from "../features/auth/api";
import { setUnauthenticatedHandler } from "../lib/api-client";
import { type createAdminRouter, signInPath } from "./router";

type AdminRouter = ReturnType<typeof createAdminRouter>;

/**
 * The providers around every page. When a signed-in call answers 401 (idle timeout, signed out
 * elsewhere, deactivated), the app forgets the person and opens the sign-in page.
 */
export function App({ queryClient, router }: { queryClient: QueryClient; router: AdminRouter }) {
  useEffect(() => {
    setUnauthenticatedHandler(() => {
      const { pathname, search } = router.state.location;
      if (pathname.startsWith("/sign-in") || pathname.startsWith("/setup")) {
        endSession(queryClient);
        return;
      }
      // Leave the signed-in pages first, so none renders without its person.
      void router
        .navigate(signInPath(`${pathname}${search}`, "ended"), { replace: true })
        .then(() => endSession(queryClient));
    });
    return () => setUnauthenticatedHandler(null);
  }, [queryClient, router]);

  return (
    <QueryClientProvider client={queryClient}>
      <StepUpProvider>
        <RouterProvider router={router} />
      </StepUpProvider>
    </QueryClientProvider>
  );
}
