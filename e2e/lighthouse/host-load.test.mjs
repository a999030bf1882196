import { describe, expect, it } from "vitest";
import { cpuTimes, loadBetween, waitForQuietHost } from "./host-load.mjs";

describe("loadBetween", () => {
  it("answers the steal and busy shares of the CPU time between two readings", () => {
    const before = { total: 1000, idle: 600, steal: 10 };
    const after = { total: 2000, idle: 1100, steal: 60 };
    expect(loadBetween(before, after)).toEqual({ steal: 0.05, busy: 0.5 });
  });

  it("answers null without two readings or without time between them", () => {
    expect(loadBetween(null, { total: 1, idle: 1, steal: 0 })).toBeNull();
    const reading = { total: 5, idle: 5, steal: 0 };
    expect(loadBetween(reading, reading)).toBeNull();
  });
});

describe("waitForQuietHost", () => {
  it("gives up after the longest wait on a busy machine, saying how busy it was", async () => {
    const busy = cpuTimes() ? await waitForQuietHost({ maxBusy: 0, windowMs: 50, maxWaitMs: 200 }) : null;
    if (busy === null) return;
    expect(busy.seconds).toBeLessThanOrEqual(1);
    expect(busy.busy).toBeGreaterThanOrEqual(0);
  });
});
