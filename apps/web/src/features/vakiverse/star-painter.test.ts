import { describe, expect, it, vi } from "vitest";
import { FRAME_MS, type FrameClock, type StarCanvas, StarPainter } from "./star-painter";
import { STAR_COUNT } from "./stars";

/** A clock whose frames and timers run only when the test says so. */
function manualClock() {
  let now = 0;
  let nextHandle = 1;
  const frames = new Map<number, (now: number) => void>();
  const timers = new Map<number, { callback: () => void; at: number }>();
  const clock: FrameClock = {
    now: () => now,
    requestFrame: (callback) => {
      frames.set(nextHandle, callback);
      return nextHandle++;
    },
    cancelFrame: (handle) => frames.delete(handle),
    setTimer: (callback, ms) => {
      timers.set(nextHandle, { callback, at: now + ms });
      return nextHandle++;
    },
    clearTimer: (handle) => timers.delete(handle),
  };
  return {
    clock,
    pending: () => ({ frames: frames.size, timers: timers.size }),
    /** Runs the waiting frames, then moves time on by `ms` and runs the timers that came due. */
    step(ms: number) {
      for (const [handle, callback] of [...frames]) {
        frames.delete(handle);
        callback(now);
      }
      now += ms;
      for (const [handle, timer] of [...timers]) {
        if (timer.at > now) continue;
        timers.delete(handle);
        timer.callback();
      }
    },
  };
}

function fakeCanvas() {
  const context = {
    clearRect: vi.fn(),
    beginPath: vi.fn(),
    arc: vi.fn(),
    fill: vi.fn(),
    fillRect: vi.fn(),
    setTransform: vi.fn(),
    createLinearGradient: vi.fn(() => ({ addColorStop: vi.fn() })),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    stroke: vi.fn(),
    globalAlpha: 1,
    fillStyle: "",
    strokeStyle: "",
    lineWidth: 1,
  };
  const canvas = { width: 0, height: 0, getContext: () => context } as unknown as StarCanvas;
  return { canvas, context };
}

describe("the starfield's painter", () => {
  it("sizes the backing store for the screen's density and draws every star at once", () => {
    const { canvas, context } = fakeCanvas();
    const painter = new StarPainter(canvas, false, manualClock().clock);
    painter.resize({ width: 400, height: 300, ratio: 2 });
    expect([canvas.width, canvas.height]).toEqual([800, 600]);
    expect(context.setTransform).toHaveBeenCalledWith(2, 0, 0, 2, 0, 0);
    expect(context.clearRect).toHaveBeenCalledTimes(1);
    expect(context.arc).toHaveBeenCalledTimes(STAR_COUNT);
  });

  it("twinkles 20 times a second while running and rests when told, with nothing left scheduled", () => {
    const { canvas, context } = fakeCanvas();
    const time = manualClock();
    const painter = new StarPainter(canvas, false, time.clock);
    painter.resize({ width: 400, height: 300, ratio: 1 });
    painter.setRunning(true);
    for (let frame = 0; frame < 20; frame++) time.step(FRAME_MS);
    // The first drawing came with the size; then one per frame.
    expect(context.clearRect).toHaveBeenCalledTimes(21);
    painter.setRunning(false);
    expect(time.pending()).toEqual({ frames: 0, timers: 0 });
    time.step(FRAME_MS * 10);
    expect(context.clearRect).toHaveBeenCalledTimes(21);
  });

  it("stands still under reduced motion: drawn once per size, never scheduled", () => {
    const { canvas, context } = fakeCanvas();
    const time = manualClock();
    const painter = new StarPainter(canvas, true, time.clock);
    painter.setRunning(true);
    expect(time.pending()).toEqual({ frames: 0, timers: 0 });
    painter.resize({ width: 400, height: 300, ratio: 1 });
    time.step(FRAME_MS * 10);
    expect(context.clearRect).toHaveBeenCalledTimes(1);
  });
});
