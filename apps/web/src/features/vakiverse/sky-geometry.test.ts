import { describe, expect, it } from "vitest";
import { labelSides, layoutSky, MAX_ORBS, orbFractions, pointOnWire, wireOrder, wireThickness } from "./sky-geometry";

describe("orbFractions (R-STORE-9)", () => {
  it("uses the preset spacing for 1 to 5 orbs", () => {
    expect(orbFractions(1)).toEqual([0.5]);
    expect(orbFractions(2)).toEqual([0.35, 0.65]);
    expect(orbFractions(3)).toEqual([0.25, 0.5, 0.75]);
    expect(orbFractions(4)).toEqual([0.2, 0.4, 0.6, 0.8]);
    expect(orbFractions(5)).toEqual([0.15, 0.325, 0.5, 0.675, 0.85]);
  });

  it("spreads more than 5 orbs evenly from 0.1 to 0.9", () => {
    expect(orbFractions(6)).toEqual([0.1, 0.26, 0.42, 0.58, 0.74, 0.9]);
    const twelve = orbFractions(12);
    expect(twelve).toHaveLength(12);
    expect(twelve[0]).toBe(0.1);
    expect(twelve.at(-1)).toBe(0.9);
    for (let i = 1; i < twelve.length; i++) {
      expect(twelve[i]! - twelve[i - 1]!).toBeCloseTo(0.8 / 11, 1);
    }
  });

  it("never places more than 12 orbs, and none for no characters", () => {
    expect(orbFractions(0)).toEqual([]);
    expect(orbFractions(-3)).toEqual([]);
    expect(orbFractions(30)).toHaveLength(MAX_ORBS);
  });
});

describe("wireThickness (R-STORE-9)", () => {
  it.each([
    [1, 8],
    [2, 8],
    [3, 6],
    [4, 6],
    [5, 4],
    [6, 4],
    [7, 3],
    [12, 3],
    [40, 3],
  ])("is %i orbs → %i px", (count, px) => {
    expect(wireThickness(count)).toBe(px);
  });
});

describe("wireOrder", () => {
  it.each([1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12])("gives each of %i wires exactly one orb", (count) => {
    const order = wireOrder(count);
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i));
  });

  it("puts orbs at neighbouring heights on wires that are not neighbours", () => {
    const order = wireOrder(12);
    for (let i = 1; i < order.length; i++) expect(Math.abs(order[i]! - order[i - 1]!)).toBeGreaterThan(1);
  });
});

describe("layoutSky", () => {
  it("hangs one wire per character from the moon to the earth, each orb on its own wire", () => {
    const sky = layoutSky(1440, 800, 12);
    expect(sky.wires).toHaveLength(12);
    expect(sky.orbs).toHaveLength(12);
    expect(sky.thickness).toBe(3);
    for (const wire of sky.wires) {
      const fromMoon = Math.hypot(wire.from.x - sky.moon.x, wire.from.y - sky.moon.y);
      expect(fromMoon).toBeCloseTo(sky.moon.r, 0);
      const fromEarth = Math.hypot(wire.to.x - sky.earth.x, wire.to.y - sky.earth.y);
      expect(fromEarth).toBeCloseTo(sky.earth.r, 0);
      expect(wire.d).toMatch(/^M[\d.]+ [\d.]+Q[\d.]+ [\d.]+ [\d.]+ [\d.]+$/);
    }
    for (const orb of sky.orbs) {
      expect(pointOnWire(sky.wires[orb.wire]!, orb.fraction)).toEqual({ x: orb.x, y: orb.y });
      expect(orb.x).toBeGreaterThan(0);
      expect(orb.x).toBeLessThan(1440);
      expect(orb.y).toBeGreaterThan(sky.moon.y);
      expect(orb.y).toBeLessThan(800);
    }
    expect(new Set(sky.orbs.map((orb) => orb.wire)).size).toBe(12);
  });

  it("keeps the moon on the stage and the earth's cap at its foot, on phones too", () => {
    for (const [width, height] of [
      [390, 760],
      [1440, 800],
    ] as const) {
      const { moon, earth } = layoutSky(width, height, 3);
      expect(moon.y - moon.r).toBeGreaterThanOrEqual(0);
      expect(moon.x).toBe(width / 2);
      const earthTop = earth.y - earth.r;
      expect(earthTop).toBeLessThan(height);
      expect(earthTop).toBeGreaterThan(height / 2);
    }
  });

  it("gives the thickness and orbs for the number of characters shown", () => {
    const sky = layoutSky(1024, 760, 3);
    expect(sky.thickness).toBe(6);
    expect(sky.orbs.map((orb) => orb.fraction)).toEqual([0.25, 0.5, 0.75]);
  });
});

describe("labelSides", () => {
  it("puts a label away from the middle when nothing is in the way", () => {
    const sides = labelSides(
      [
        { x: 200, y: 300 },
        { x: 800, y: 300 },
      ],
      1000,
      { widths: [80, 80], orbSize: 50 },
    );
    expect(sides).toEqual(["left", "right"]);
  });

  it("moves a label that would cover another orb's label", () => {
    const sides = labelSides(
      [
        { x: 800, y: 300 },
        { x: 700, y: 302 },
      ],
      1000,
      { widths: [90, 120], orbSize: 50 },
    );
    expect(sides[0]).toBe("right");
    expect(sides[1]).not.toBe("right");
  });

  it("keeps labels inside the stage", () => {
    expect(labelSides([{ x: 40, y: 300 }], 1000, { widths: [100], orbSize: 50 })).toEqual(["right"]);
  });
});
