import { useEffect, useRef } from "react";
import { prefersReducedMotion } from "../../../lib/use-media-query";
import { type FrameClock, type StarCanvasSize, type StarfieldMessage, StarPainter } from "../star-painter";
import { STAR_COUNT } from "../stars";

/** Where the stars are drawn: in a worker when the browser can hand a canvas over, else here. */
interface StarSink {
  resize(size: StarCanvasSize): void;
  setRunning(running: boolean): void;
  dispose(): void;
}

const mainThreadClock: FrameClock = {
  now: () => performance.now(),
  requestFrame: (callback) => requestAnimationFrame(callback),
  cancelFrame: (handle) => cancelAnimationFrame(handle),
  setTimer: (callback, ms) => window.setTimeout(callback, ms),
  clearTimer: (handle) => window.clearTimeout(handle),
};

/**
 * A canvas can be handed to a worker only once. React's development double mount runs the effect
 * again on the same canvas, so its worker outlives a cleanup that a new mount follows at once.
 */
const workers = new WeakMap<HTMLCanvasElement, { worker: Worker; retire: number }>();

function workerSink(canvas: HTMLCanvasElement, still: boolean): StarSink | null {
  let entry = workers.get(canvas);
  if (entry) window.clearTimeout(entry.retire);
  else {
    if (typeof Worker === "undefined" || typeof canvas.transferControlToOffscreen !== "function") return null;
    try {
      const worker = new Worker(new URL("../starfield.worker.ts", import.meta.url), { type: "module" });
      const offscreen = canvas.transferControlToOffscreen();
      const start: StarfieldMessage = { type: "start", canvas: offscreen, still };
      worker.postMessage(start, [offscreen]);
      entry = { worker, retire: 0 };
      workers.set(canvas, entry);
    } catch {
      return null;
    }
  }
  const { worker } = entry;
  const send = (message: StarfieldMessage) => worker.postMessage(message);
  return {
    resize: (size) => send({ type: "resize", size }),
    setRunning: (running) => send({ type: "run", running }),
    dispose: () => {
      send({ type: "run", running: false });
      const current = workers.get(canvas);
      if (!current) return;
      current.retire = window.setTimeout(() => {
        worker.terminate();
        workers.delete(canvas);
      }, 0);
    },
  };
}

function mainThreadSink(canvas: HTMLCanvasElement, still: boolean): StarSink | null {
  if (!canvas.getContext("2d")) return null;
  const painter = new StarPainter(canvas, still, mainThreadClock);
  return {
    resize: (size) => painter.resize(size),
    setRunning: (running) => painter.setRunning(running),
    dispose: () => painter.setRunning(false),
  };
}

/**
 * The landing page's sky: 120 twinkling stars on a canvas (R-STORE-2), drawn in a worker on an
 * OffscreenCanvas where the browser has one (issue 26), so its frames are never main-thread work.
 * It rests while the tab is hidden or the sky is scrolled away, stands still under reduced
 * motion, and draws sharp on high-density screens.
 */
export function Starfield({ className }: { className?: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const still = prefersReducedMotion();
    const sink = workerSink(canvas, still) ?? mainThreadSink(canvas, still);
    if (!sink) return;
    let onScreen = true;
    const update = () => sink.setRunning(!still && onScreen && !document.hidden);

    const resize = () => {
      const rect = canvas.getBoundingClientRect();
      sink.resize({ width: rect.width, height: rect.height, ratio: Math.min(window.devicePixelRatio || 1, 2) });
    };
    // Sized by the observer's first report, once the page is laid out (measuring now would force
    // that layout into the mount); without an observer, sized at once.
    const resizeObserver = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(resize);
    if (resizeObserver) resizeObserver.observe(canvas);
    else resize();
    update();
    document.addEventListener("visibilitychange", update);
    const intersectionObserver =
      typeof IntersectionObserver === "undefined"
        ? null
        : new IntersectionObserver(([entry]) => {
            onScreen = entry?.isIntersecting ?? true;
            update();
          });
    intersectionObserver?.observe(canvas);

    return () => {
      sink.dispose();
      document.removeEventListener("visibilitychange", update);
      resizeObserver?.disconnect();
      intersectionObserver?.disconnect();
    };
  }, []);

  return (
    <div className={className} aria-hidden="true">
      <canvas ref={canvasRef} className="starfield" data-stars={STAR_COUNT} />
    </div>
  );
}
