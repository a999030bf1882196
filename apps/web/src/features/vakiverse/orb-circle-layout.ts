/**
 * The orb layout for child categories (R-STORE-3 "Orbs", R-STORE-9): at most 8 orbs, evenly
 * on a circle, centred at 500 × 400 with radius 200 unless told otherwise. Coordinates are in the
 * layout's own space (1000 × 800 by default), so a component can place orbs by percentage.
 */

/** R-STORE-9 — at most 8 child-category orbs. */
export const MAX_CIRCLE_ORBS = 8;
export const DEFAULT_CIRCLE = { centerX: 500, centerY: 400, radius: 200 } as const;
/** The space the default circle lives in: twice its centre. */
export const DEFAULT_CIRCLE_SPACE = { width: 1000, height: 800 } as const;

export interface CircleOptions {
  centerX?: number;
  centerY?: number;
  radius?: number;
  /** Angle of the first orb in degrees, clockwise from the top. Default: straight up (0). */
  startAngle?: number;
}

export interface CirclePosition {
  index: number;
  x: number;
  y: number;
  /** Degrees clockwise from the top. */
  angle: number;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** Positions of up to 8 orbs, evenly spaced on the circle, the first at `startAngle`. */
export function circleLayout(count: number, options: CircleOptions = {}): CirclePosition[] {
  const { centerX, centerY, radius } = { ...DEFAULT_CIRCLE, ...options };
  const startAngle = options.startAngle ?? 0;
  const n = Math.max(0, Math.min(MAX_CIRCLE_ORBS, Math.floor(count)));
  return Array.from({ length: n }, (_, index) => {
    const angle = (startAngle + (360 * index) / n) % 360;
    const radians = (angle * Math.PI) / 180;
    return {
      index,
      x: round(centerX + radius * Math.sin(radians)),
      y: round(centerY - radius * Math.cos(radians)),
      angle: round(angle),
    };
  });
}
