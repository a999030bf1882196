/** The lightbox's zoom and gestures (R-STORE-9 "Lightbox"). */
export const lightboxRules = {
  zoomStep: 0.12,
  maxZoom: 3,
  minZoom: 0.1,
  /** Pixels a swipe must travel to change the image. */
  swipeTolerance: 50,
  /** At most one wheel zoom per this many milliseconds. */
  wheelThrottleMs: 80,
} as const;

/** Two decimals, so repeated steps never drift (1 + 0.12 * 5 stays 1.6). */
function rounded(zoom: number): number {
  return Math.round(zoom * 100) / 100;
}

export function clampZoom(zoom: number): number {
  return rounded(Math.min(lightboxRules.maxZoom, Math.max(lightboxRules.minZoom, zoom)));
}

export function zoomIn(zoom: number): number {
  return clampZoom(zoom + lightboxRules.zoomStep);
}

export function zoomOut(zoom: number): number {
  return clampZoom(zoom - lightboxRules.zoomStep);
}

export function canZoomIn(zoom: number): boolean {
  return zoom < lightboxRules.maxZoom;
}

export function canZoomOut(zoom: number): boolean {
  return zoom > lightboxRules.minZoom;
}

/** A horizontal swipe longer than the tolerance: "next" to the left, "previous" to the right. */
export function swipeDirection(deltaX: number, deltaY: number): "next" | "previous" | null {
  if (Math.abs(deltaX) <= lightboxRules.swipeTolerance || Math.abs(deltaX) <= Math.abs(deltaY)) return null;
  return deltaX < 0 ? "next" : "previous";
}

/** A gate that opens at most once per `intervalMs` (the wheel fires dozens of events per flick). */
export function createThrottle(intervalMs: number = lightboxRules.wheelThrottleMs, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  return function allowed(): boolean {
    const time = now();
    if (time - last < intervalMs) return false;
    last = time;
    return true;
  };
}

/** The index after moving by `step`, wrapping around. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}
