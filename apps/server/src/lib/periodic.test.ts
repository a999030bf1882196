import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Logger } from "./logger.js";
import { schedulePeriodic } from "./periodic.js";

function recordingLogger(): Logger & { errors: string[] } {
  const errors: string[] = [];
  return { errors, info() {}, warn() {}, error: (_context: unknown, message?: string) => errors.push(String(message)) };
}

describe("schedulePeriodic", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs on every tick, never two runs at once, and stop() waits for the run in progress", async () => {
    let finish: () => void = () => {};
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const task = schedulePeriodic({ name: "test task", intervalMs: 1_000, run, log: recordingLogger() });
    task.start();
    await vi.advanceTimersByTimeAsync(3_500);
    expect(run).toHaveBeenCalledTimes(1); // ticks 2 and 3 found the first run still going

    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("logs a failed run and tries again on the next tick", async () => {
    const log = recordingLogger();
    const run = vi.fn().mockRejectedValueOnce(new Error("database busy")).mockResolvedValue(undefined);
    const task = schedulePeriodic({ name: "test task", intervalMs: 1_000, run, log });
    task.start();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(log.errors).toEqual(["test task failed; retrying on the next tick"]);
    await task.stop();
  });

  it("does nothing when the interval is 0", async () => {
    const run = vi.fn(async () => {});
    const task = schedulePeriodic({ name: "off", intervalMs: 0, run, log: recordingLogger() });
    task.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).not.toHaveBeenCalled();
    await task.stop();
  });
});
