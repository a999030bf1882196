import { useEffect } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "../../components/confirm-dialog";

/**
 * Asks before leaving with unsaved changes: in-app navigation through a dialog, closing or
 * reloading the tab through the browser's own prompt.
 */
export function LeavePrompt({ dirty, description }: { dirty: boolean; description: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked") blocker.reset();
      }}
      title="Leave without saving?"
      description={description}
      dismissLabel="Stay on this page"
      confirmLabel="Leave without saving"
      danger
      onConfirm={async () => blocker.proceed?.()}
    />
  );
}
