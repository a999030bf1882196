import type { Logger } from "./logger.js";

export interface PeriodicTask {
  start(): void;
  /** Stops the timer and waits for a run in progress, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs` while the app is up (0 turns it off). Runs never overlap, a
 * failure is logged and retried on the next tick, and the timer never keeps Node alive.
 */
export function schedulePeriodic(task: {
  name: string;
  intervalMs: number;
  run: () => Promise<void>;
  log: Logger;
}): PeriodicTask {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= task
      .run()
      .catch((error: unknown) => task.log.error({ err: error }, `${task.name} failed; retrying on the next tick`))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      if (task.intervalMs <= 0 || timer) return;
      timer = setInterval(tick, task.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
