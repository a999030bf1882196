import { useEffect, useState } from "react";

/**
 * Runs `task` once the browser is idle after the first load (a second at most), so work nobody
 * waits for stays out of the tasks that paint the first page (issue 14).
 */
export function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(task, { timeout: 1000 });
  else window.setTimeout(task, 1);
}

/** Ends the current task: what follows runs in a new one, after the browser has had its turn. */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, 0));
}

/** False until the browser is first idle after the component mounted (see `whenIdle`), then true. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let mounted = true;
    whenIdle(() => {
      if (mounted) setIdle(true);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return idle;
}
