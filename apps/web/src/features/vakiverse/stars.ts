/**
 * The starfield's stars (R-STORE-2, R-STORE-9 — 120 twinkling stars): fixed by a seed so the
 * sky is the same on every visit, in fractions of the canvas so a resize only rescales it.
 */

/** R-STORE-9. */
export const STAR_COUNT = 120;

export interface Star {
  /** 0–1 across and down the canvas. */
  x: number;
  y: number;
  /** Radius in CSS pixels. */
  radius: number;
  /** Resting brightness 0–1. */
  base: number;
  /** How far it dims when it twinkles, 0–1. */
  depth: number;
  /** Twinkles per second. */
  speed: number;
  phase: number;
  color: string;
}

const TINTS = ["#ffffff", "#ffffff", "#ffffff", "#fff4dc", "#dcd6ff", "#c6ff00"] as const;

/** A small deterministic generator (mulberry32), so tests and screenshots see the same sky. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createStars(count = STAR_COUNT, seed = 2026): Star[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const big = random() < 0.12;
    return {
      x: random(),
      // Thinner towards the earth, like a real horizon glow washing them out.
      y: random() ** 1.35,
      radius: big ? 1.3 + random() * 0.9 : 0.45 + random() * 0.75,
      base: 0.45 + random() * 0.55,
      depth: 0.25 + random() * 0.6,
      speed: 0.15 + random() * 0.55,
      phase: random() * Math.PI * 2,
      color: TINTS[Math.floor(random() * TINTS.length)] ?? "#ffffff",
    };
  });
}

/** Brightness of a star at `seconds`; at rest (reduced motion) pass 0 and it shows its base glow. */
export function starAlpha(star: Star, seconds: number): number {
  const wave = (Math.sin(seconds * star.speed * Math.PI * 2 + star.phase) + 1) / 2;
  return Math.max(0.05, Math.min(1, star.base * (1 - star.depth * wave)));
}
