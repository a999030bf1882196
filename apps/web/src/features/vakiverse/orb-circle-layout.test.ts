import { describe, expect, it } from "vitest";
import { circleLayout, DEFAULT_CIRCLE, MAX_CIRCLE_ORBS } from "./orb-circle-layout";

describe("circleLayout (R-STORE-3, R-STORE-9)", () => {
  it("places orbs evenly on a circle centred at 500 × 400 with radius 200 by default", () => {
    const positions = circleLayout(4);
    expect(positions.map(({ x, y }) => ({ x, y }))).toEqual([
      { x: 500, y: 200 },
      { x: 700, y: 400 },
      { x: 500, y: 600 },
      { x: 300, y: 400 },
    ]);
    expect(positions.map((position) => position.angle)).toEqual([0, 90, 180, 270]);
  });

  it("keeps every orb on the circle, the same angle apart", () => {
    const positions = circleLayout(7);
    for (const { x, y } of positions) {
      expect(Math.hypot(x - DEFAULT_CIRCLE.centerX, y - DEFAULT_CIRCLE.centerY)).toBeCloseTo(DEFAULT_CIRCLE.radius, 2);
    }
    for (let i = 1; i < positions.length; i++) {
      expect(positions[i]!.angle - positions[i - 1]!.angle).toBeCloseTo(360 / 7, 2);
    }
  });

  it("shows at most 8 orbs", () => {
    expect(MAX_CIRCLE_ORBS).toBe(8);
    expect(circleLayout(20)).toHaveLength(8);
    expect(circleLayout(0)).toEqual([]);
  });

  it("takes another centre, radius and starting angle", () => {
    const [first, second] = circleLayout(2, { centerX: 100, centerY: 100, radius: 50, startAngle: 90 });
    expect(first).toMatchObject({ x: 150, y: 100, angle: 90 });
    expect(second).toMatchObject({ x: 50, y: 100, angle: 270 });
  });
});
