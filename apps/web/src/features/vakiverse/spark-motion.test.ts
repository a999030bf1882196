import { describe, expect, it } from "vitest";
import { sparkKeyframes } from "./spark-motion";

describe("sparkKeyframes", () => {
  const wire = { from: { x: 100, y: 50 }, control: { x: 150, y: 200 }, to: { x: 300, y: 400 } };

  it("runs from the moon's end of the wire to the earth's, centring the 16 px spark on it", () => {
    const frames = sparkKeyframes(wire);
    expect(frames[0]).toMatchObject({ offset: 0, transform: "translate(92px, 42px)", opacity: 0 });
    expect(frames.at(-1)).toMatchObject({ offset: 1, transform: "translate(292px, 392px)", opacity: 0 });
  });

  it("follows the wire's curve, not the straight line between its ends", () => {
    const middle = sparkKeyframes(wire).find((frame) => frame.offset === 0.5);
    // The quadratic Bézier's midpoint, (100 + 2·150 + 300) / 4 = 175 and (50 + 2·200 + 400) / 4 =
    // 212.5, less half the spark; the straight line's would be at (200, 225).
    expect(middle?.transform).toBe("translate(167px, 204.5px)");
  });

  it("fades in over the first 15% and out over the last 15%, fully lit between", () => {
    const frames = sparkKeyframes(wire);
    const opacities = frames.map((frame) => frame.opacity as number);
    expect(Math.max(...opacities)).toBe(1);
    const lit = frames.filter((frame) => (frame.offset as number) >= 0.15 && (frame.offset as number) <= 0.85);
    expect(lit.every((frame) => frame.opacity === 1)).toBe(true);
    expect(opacities.every((value) => value >= 0 && value <= 1)).toBe(true);
    // Only what the browser animates off the main thread.
    expect(
      frames.every((frame) => Object.keys(frame).every((key) => ["offset", "transform", "opacity"].includes(key))),
    ).toBe(true);
  });
});
