import { useEffect, useRef } from "react";
import { prefersReducedMotion } from "../../../lib/use-media-query";
import { createStars, STAR_COUNT, type Star, starAlpha } from "../stars";

/**
 * Redraw 20 times a second: a slow twinkle needs no more. The next frame is asked for only when
 * it is due, so the browser makes 20 frames a second for the sky, not 60 (each one is main-thread
 * work on a phone, and battery).
 */
const FRAME_MS = 50;
/** A shooting star now and then (never under reduced motion). */
const SHOOTING_STAR_EVERY_MS = 7_000;
const SHOOTING_STAR_MS = 1_200;

function draw(
  context: CanvasRenderingContext2D,
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

/**
 * The landing page's sky: 120 twinkling stars on a canvas (R-STORE-2). It animates with
 * requestAnimationFrame, stops while the tab is hidden or the sky is scrolled away, stands still
 * under reduced motion, and draws sharp on high-density screens.
 */
export function Starfield({ className }: { className?: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return;
    const stars = createStars(STAR_COUNT);
    const still = prefersReducedMotion();
    let width = 0;
    let height = 0;
    let frame = 0;
    let wait = 0;
    let onScreen = true;
    const startedAt = performance.now();

    const render = (now: number) => {
      const elapsed = now - startedAt;
      const cycle = elapsed % SHOOTING_STAR_EVERY_MS;
      const shooting = !still && elapsed > 2_000 && cycle < SHOOTING_STAR_MS ? cycle / SHOOTING_STAR_MS : null;
      draw(context, stars, width, height, still ? 0 : elapsed / 1000, shooting);
    };

    const resize = () => {
      const rect = canvas.getBoundingClientRect();
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      width = rect.width;
      height = rect.height;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      render(performance.now());
    };

    const tick = (now: number) => {
      render(now);
      frame = 0;
      wait = window.setTimeout(() => {
        wait = 0;
        frame = requestAnimationFrame(tick);
      }, FRAME_MS);
    };
    const start = () => {
      if (still || frame || wait || document.hidden || !onScreen) return;
      frame = requestAnimationFrame(tick);
    };
    const stop = () => {
      if (frame) cancelAnimationFrame(frame);
      if (wait) window.clearTimeout(wait);
      frame = 0;
      wait = 0;
    };
    const onVisibility = () => (document.hidden ? stop() : start());

    // Sized by the observer's first report, once the page is laid out (measuring now would force
    // that layout into the mount); without an observer, sized at once.
    const resizeObserver = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(resize);
    if (resizeObserver) resizeObserver.observe(canvas);
    else resize();
    start();
    document.addEventListener("visibilitychange", onVisibility);
    const intersectionObserver =
      typeof IntersectionObserver === "undefined"
        ? null
        : new IntersectionObserver(([entry]) => {
            onScreen = entry?.isIntersecting ?? true;
            if (onScreen) start();
            else stop();
          });
    intersectionObserver?.observe(canvas);

    return () => {
      stop();
      document.removeEventListener("visibilitychange", onVisibility);
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
