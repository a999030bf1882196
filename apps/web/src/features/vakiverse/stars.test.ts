import { describe, expect, it } from "vitest";
import { createStars, STAR_COUNT, starAlpha } from "./stars";

describe("createStars (R-STORE-2, R-STORE-9)", () => {
  it("makes 120 stars inside the canvas", () => {
    const stars = createStars();
    expect(STAR_COUNT).toBe(120);
    expect(stars).toHaveLength(120);
    for (const star of stars) {
      expect(star.x).toBeGreaterThanOrEqual(0);
      expect(star.x).toBeLessThan(1);
      expect(star.y).toBeGreaterThanOrEqual(0);
      expect(star.y).toBeLessThan(1);
      expect(star.radius).toBeGreaterThan(0);
      expect(star.radius).toBeLessThan(2.5);
      expect(star.speed).toBeGreaterThan(0);
    }
  });

  it("draws the same sky on every visit", () => {
    expect(createStars()).toEqual(createStars());
    expect(createStars(120, 1)).not.toEqual(createStars(120, 2));
  });

  it("spreads the stars over the sky rather than clumping them", () => {
    const stars = createStars();
    const left = stars.filter((star) => star.x < 0.5).length;
    expect(left).toBeGreaterThan(40);
    expect(left).toBeLessThan(80);
  });
});

describe("starAlpha", () => {
  it("twinkles between a faint glow and the star's resting brightness", () => {
    const [star] = createStars(1);
    const samples = Array.from({ length: 200 }, (_, i) => starAlpha(star!, i / 20));
    for (const alpha of samples) {
      expect(alpha).toBeGreaterThanOrEqual(0.05);
      expect(alpha).toBeLessThanOrEqual(1);
    }
    expect(Math.max(...samples) - Math.min(...samples)).toBeGreaterThan(0.05);
  });
});
