/**
 * The starfield drawn off the main thread (issue 26): the page hands its canvas over as an
 * OffscreenCanvas and tells this worker its size and whether the sky is seen; every frame is
 * drawn here, so the twinkle never blocks a tap.
 */
import { type FrameClock, type StarfieldMessage, StarPainter } from "./star-painter";

interface WorkerScope {
  onmessage: ((event: MessageEvent<StarfieldMessage>) => void) | null;
  requestAnimationFrame?: (callback: (now: number) => void) => number;
  cancelAnimationFrame?: (handle: number) => void;
}

const scope = self as unknown as WorkerScope;

/** Chrome and Firefox give dedicated workers animation frames; elsewhere a timer stands in. */
const clock: FrameClock = {
  now: () => performance.now(),
  requestFrame: (callback) =>
    scope.requestAnimationFrame
      ? scope.requestAnimationFrame(callback)
      : (setTimeout(() => callback(performance.now()), 16) as unknown as number),
  cancelFrame: (handle) => (scope.cancelAnimationFrame ? scope.cancelAnimationFrame(handle) : clearTimeout(handle)),
  setTimer: (callback, ms) => setTimeout(callback, ms) as unknown as number,
  clearTimer: (handle) => clearTimeout(handle),
};

let painter: StarPainter | null = null;

scope.onmessage = ({ data }) => {
  if (data.type === "start") painter = new StarPainter(data.canvas, data.still, clock);
  else if (data.type === "resize") painter?.resize(data.size);
  else painter?.setRunning(data.running);
};
