import { createStars, STAR_COUNT, type Star, starAlpha } from "./stars";

/**
 * The starfield's drawing, the same on the main thread and in its worker (starfield.worker.ts).
 * Redraws 20 times a second: a slow twinkle needs no more, and each frame is work on a phone.
 */
export const FRAME_MS = 50;
/** A shooting star now and then (never under reduced motion). */
const SHOOTING_STAR_EVERY_MS = 7_000;
const SHOOTING_STAR_MS = 1_200;

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** What the painter needs of its canvas: the drawing context and a backing store to size. */
export interface StarCanvas {
  width: number;
  height: number;
  getContext(kind: "2d"): Context2D | null;
}

/** The canvas's size in CSS pixels and the device pixel ratio it is drawn at (at most 2). */
export interface StarCanvasSize {
  width: number;
  height: number;
  ratio: number;
}

/** The message a page sends its star worker. */
export type StarfieldMessage =
  | { type: "start"; canvas: OffscreenCanvas; still: boolean }
  | { type: "resize"; size: StarCanvasSize }
  | { type: "run"; running: boolean };

function paint(
  context: Context2D,
  stars: readonly Star[],
  width: number,
  height: number,
  seconds: number,
  shootingProgress: number | null,
) {
  context.clearRect(0, 0, width, height);
  for (const star of stars) {
    const alpha = starAlpha(star, seconds);
    context.globalAlpha = alpha;
    context.fillStyle = star.color;
    context.beginPath();
    context.arc(star.x * width, star.y * height, star.radius, 0, Math.PI * 2);
    context.fill();
    if (star.radius > 1.25) {
      // A soft cross-glint on the brightest ones.
      context.globalAlpha = alpha * 0.35;
      context.fillRect(star.x * width - star.radius * 3, star.y * height - 0.35, star.radius * 6, 0.7);
      context.fillRect(star.x * width - 0.35, star.y * height - star.radius * 3, 0.7, star.radius * 6);
    }
  }
  if (shootingProgress !== null) {
    const startX = width * 0.82;
    const startY = height * 0.08;
    const x = startX - shootingProgress * width * 0.35;
    const y = startY + shootingProgress * height * 0.18;
    const gradient = context.createLinearGradient(x, y, x + 90, y - 46);
    gradient.addColorStop(0, "rgba(255,255,255,0.95)");
    gradient.addColorStop(1, "rgba(255,255,255,0)");
    context.globalAlpha = Math.sin(shootingProgress * Math.PI);
    context.strokeStyle = gradient;
    context.lineWidth = 1.4;
    context.beginPath();
    context.moveTo(x, y);
    context.lineTo(x + 90, y - 46);
    context.stroke();
  }
  context.globalAlpha = 1;
}

/** How the painter waits for its next frame: the animation frame where there is one, else a timer. */
export interface FrameClock {
  now(): number;
  requestFrame(callback: (now: number) => void): number;
  cancelFrame(handle: number): void;
  setTimer(callback: () => void, ms: number): number;
  clearTimer(handle: number): void;
}

/**
 * 120 twinkling stars and a shooting star every 7 s on one canvas. `resize` sizes and draws it;
 * `setRunning` starts or rests the twinkle (off screen, hidden tab). Under reduced motion it is
 * drawn once per size and never animates.
 */
export class StarPainter {
  private readonly context: Context2D | null;
  private readonly stars = createStars(STAR_COUNT);
  private readonly startedAt: number;
  private width = 0;
  private height = 0;
  private frame = 0;
  private wait = 0;
  private running = false;

  constructor(
    private readonly canvas: StarCanvas,
    private readonly still: boolean,
    private readonly clock: FrameClock,
  ) {
    this.context = canvas.getContext("2d");
    this.startedAt = clock.now();
  }

  resize({ width, height, ratio }: StarCanvasSize): void {
    if (!this.context) return;
    this.width = width;
    this.height = height;
    this.canvas.width = Math.round(width * ratio);
    this.canvas.height = Math.round(height * ratio);
    this.context.setTransform(ratio, 0, 0, ratio, 0, 0);
    this.render(this.clock.now());
  }

  setRunning(running: boolean): void {
    this.running = running;
    if (!running) {
      if (this.frame) this.clock.cancelFrame(this.frame);
      if (this.wait) this.clock.clearTimer(this.wait);
      this.frame = 0;
      this.wait = 0;
      return;
    }
    if (this.still || this.frame || this.wait || !this.context) return;
    this.frame = this.clock.requestFrame(this.tick);
  }

  private readonly tick = (now: number) => {
    this.frame = 0;
    if (!this.running) return;
    this.render(now);
    this.wait = this.clock.setTimer(() => {
      this.wait = 0;
      if (this.running) this.frame = this.clock.requestFrame(this.tick);
    }, FRAME_MS);
  };

  private render(now: number): void {
    if (!this.context || this.width === 0) return;
    const elapsed = now - this.startedAt;
    const cycle = elapsed % SHOOTING_STAR_EVERY_MS;
    const shooting = !this.still && elapsed > 2_000 && cycle < SHOOTING_STAR_MS ? cycle / SHOOTING_STAR_MS : null;
    paint(this.context, this.stars, this.width, this.height, this.still ? 0 : elapsed / 1000, shooting);
  }
}
