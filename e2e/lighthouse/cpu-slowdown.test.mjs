import { describe, expect, it } from "vitest";
import { cpuSlowdown, DEFAULT_CPU_SLOWDOWN, EMULATED_PHONE_INDEX } from "./cpu-slowdown.mjs";

describe("the CPU slowdown of a Lighthouse run", () => {
  it("is the number it is set to, whatever the host", () => {
    expect(cpuSlowdown(1200, "4")).toBe(4);
    expect(cpuSlowdown(2800, "6")).toBe(6);
  });

  it("calibrated, is Lighthouse's default on the host that default is made for", () => {
    expect(cpuSlowdown(2000, "calibrated")).toBe(DEFAULT_CPU_SLOWDOWN);
  });

  it("calibrated, slows every host down to the same phone", () => {
    for (const index of [1100, 1250, 1900, 2800]) {
      expect(index / cpuSlowdown(index, "calibrated")).toBeCloseTo(EMULATED_PHONE_INDEX);
    }
    expect(cpuSlowdown(1250, "calibrated")).toBeCloseTo(2.5);
    expect(cpuSlowdown(2800, "calibrated")).toBeCloseTo(5.6);
  });

  it("calibrated, never speeds up a host slower than that phone", () => {
    expect(cpuSlowdown(300, "calibrated")).toBe(1);
  });
});
