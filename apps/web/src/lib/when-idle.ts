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

/** Tasks waiting for an idle period of their own, in the order they asked. */
const waiting: Array<() => void> = [];
let draining = false;

function runNextInTurn(): void {
  const task = waiting.shift();
  // Asked for from within an idle period, the next one comes after the work this task starts.
  if (waiting.length > 0) whenIdle(runNextInTurn);
  else draining = false;
  task?.();
}

/**
 * Runs `task` once the browser is idle (see `whenIdle`), in an idle period of its own: several
 * parts of a page that wait for idle (its carousels, its live stock, its footer) would otherwise
 * all start in one go, and their renders and measuring add up to one long task on a phone
 * (issue 14). Answers a function that takes the task back if it has not run yet.
 */
export function whenIdleInTurn(task: () => void): () => void {
  waiting.push(task);
  if (!draining) {
    draining = true;
    whenIdle(runNextInTurn);
  }
  return () => {
    const index = waiting.indexOf(task);
    if (index >= 0) waiting.splice(index, 1);
  };
}

/**
 * False until the browser has been idle after the component mounted, then true: each component
 * in an idle period of its own, in the order they mounted (see `whenIdleInTurn`).
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdleInTurn(() => setIdle(true)), []);
  return idle;
}
