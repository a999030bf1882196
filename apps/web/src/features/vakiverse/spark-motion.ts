import { pointOnWire, type SkyWire } from "./sky-geometry";

/** One run of a spark down its wire (R-STORE-9's sparks), then the next. */
export const SPARK_RUN_MS = 2400;
/** The spark's box: 16 px, centred on the wire. */
const SPARK_HALF_SIZE = 8;
/** Points along the wire: enough that the straight steps between them read as the curve. */
const SPARK_STEPS = 24;
/** It fades in over the first 15% of a run and out over the last 15%. */
const SPARK_FADE = 0.15;

function sparkOpacity(offset: number): number {
  if (offset < SPARK_FADE) return offset / SPARK_FADE;
  if (offset > 1 - SPARK_FADE) return (1 - offset) / SPARK_FADE;
  return 1;
}

/**
 * A spark's run from the moon to the earth as keyframes of `transform` and `opacity` only, the
 * two properties the browser animates off the main thread: a CSS motion path
 * (`offset-distance`) restyled and repainted on the main thread at every frame, a long task's
 * worth of work a second on a phone (issue 14).
 */
export function sparkKeyframes(wire: Pick<SkyWire, "from" | "control" | "to">): Keyframe[] {
  const frames: Keyframe[] = [];
  for (let step = 0; step <= SPARK_STEPS; step++) {
    const offset = step / SPARK_STEPS;
    const point = pointOnWire(wire, offset);
    frames.push({
      offset,
      transform: `translate(${point.x - SPARK_HALF_SIZE}px, ${point.y - SPARK_HALF_SIZE}px)`,
      opacity: Number(sparkOpacity(offset).toFixed(3)),
    });
  }
  return frames;
}
