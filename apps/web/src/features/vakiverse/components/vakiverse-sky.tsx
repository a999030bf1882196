import { RotateCw } from "lucide-react";
import { type CSSProperties, type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Picture } from "../../../components/picture";
import { paths } from "../../../lib/paths";
import { usePrefersReducedMotion } from "../../../lib/use-media-query";
import earthImage from "../assets/earth.svg";
import moonImage from "../assets/moon.svg";
import type { Character } from "../character";
import { vakiverseMessages } from "../messages";
import { type LabelOptions, layoutSky, type SkyWire } from "../sky-geometry";
import { SPARK_RUN_MS, sparkKeyframes } from "../spark-motion";
import { useCharacterCard } from "../use-character-card";
import { CharacterOrb } from "./character-orb";

/** R-STORE-9 — orbs look connected 10 s after both the moon and the earth have loaded. */
export const CONNECT_DELAY_MS = 10_000;

/** Bundled, not under /media: the dev server hands /media to the API, which does not hold them. */
export const MOON_IMAGE = moonImage;
export const EARTH_IMAGE = earthImage;

/** Used until the stage has a size (and in environments without layout, such as unit tests). */
const FALLBACK_SIZE = { width: 1024, height: 760 } as const;

interface StageSize {
  width: number;
  height: number;
}

/**
 * The stage's size, as the ResizeObserver reports it once the page has been laid out: asking for
 * it while the page mounts would force that first (and costliest) layout into React's commit,
 * one long task instead of two shorter ones (issue 14).
 */
function useStageSize(ref: RefObject<HTMLElement | null>): StageSize | null {
  const [size, setSize] = useState<StageSize | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const width = Math.round(rect.width) || FALLBACK_SIZE.width;
      const height = Math.round(rect.height) || FALLBACK_SIZE.height;
      setSize((current) => (current?.width === width && current.height === height ? current : { width, height }));
    };
    if (typeof ResizeObserver === "undefined") {
      measure();
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** False while the stage is scrolled out of view, so its ambient animations can rest. */
function useOnScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? true));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen;
}

/**
 * A spark running down its wire, again and again: animated with the Web Animations API on
 * `transform` and `opacity`, which the browser runs off the main thread. Resting while the sky is
 * off screen; none for a shopper who prefers reduced motion.
 */
function Spark({ wire, delayMs, running }: { wire: SkyWire; delayMs: number; running: boolean }) {
  const element = useRef<HTMLSpanElement>(null);
  const animation = useRef<Animation | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => {
    const span = element.current;
    if (!span || reducedMotion || typeof span.animate !== "function") return;
    const run = span.animate(sparkKeyframes(wire), {
      duration: SPARK_RUN_MS,
      delay: delayMs,
      iterations: Number.POSITIVE_INFINITY,
      easing: "linear",
    });
    animation.current = run;
    return () => {
      run.cancel();
      animation.current = null;
    };
  }, [wire, delayMs, reducedMotion]);
  useEffect(() => {
    if (running) animation.current?.play();
    else animation.current?.pause();
  }, [running]);
  return <span ref={element} className="vk-spark" />;
}

/** Both images loaded, then 10 s, then connected (R-STORE-4 "images loaded, orbs connected"). */
function useConnected(ready: boolean): boolean {
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (!ready) return;
    const timer = window.setTimeout(() => setConnected(true), CONNECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready]);
  return connected;
}

/** Orb diameter per breakpoint (CSS: .vk-stage --orb-size). */
function orbSizeFor(width: number): number {
  if (width >= 1200) return 56;
  return width > 600 ? 50 : 40;
}

/** Name labels are 12 px bold capitals with 0.06em tracking and 0.6rem padding (CSS: .vk-orb__label). */
function labelOptions(width: number, names: readonly string[]): LabelOptions {
  return { orbSize: orbSizeFor(width), widths: names.map((name) => Math.ceil(name.length * 8.9 + 22)) };
}

type SkyStatus = "pending" | "error" | "success";

interface VakiverseSkyProps {
  /** The characters that get an orb (at most 12, already cut). */
  characters: readonly Character[];
  status: SkyStatus;
  errorTitle?: string;
  errorDetail?: string | null;
  retrying?: boolean;
  onRetry: () => void;
}

/**
 * The showpiece: moon above, earth below, one glowing wire per character between them and the
 * character's orb on it (R-STORE-2 "Themed landing page"). The stars are drawn by the
 * page's Starfield behind this stage.
 */
export function VakiverseSky({ characters, status, errorTitle, errorDetail, retrying, onRetry }: VakiverseSkyProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const size = useStageSize(stageRef);
  const onScreen = useOnScreen(stageRef);
  const navigate = useNavigate();
  const card = useCharacterCard();
  const [moonLoaded, setMoonLoaded] = useState(false);
  const [earthLoaded, setEarthLoaded] = useState(false);
  const connected = useConnected(moonLoaded && earthLoaded);
  // Keyed by the names, so a new array with the same cast keeps the same layout.
  const nameKey = characters.map((character) => character.name).join("\n");
  const layout = useMemo(() => {
    if (!size) return null;
    const names = nameKey ? nameKey.split("\n") : [];
    return layoutSky(size.width, size.height, names.length, labelOptions(size.width, names));
  }, [size, nameKey]);
  const ready = status === "success" && layout !== null;
  // Each wire glows in the colour of the character whose orb it carries.
  const wireColors = useMemo(() => {
    const colors: string[] = [];
    for (const orb of layout?.orbs ?? []) colors[orb.wire] = characters[orb.index]?.color ?? "#c6ff00";
    return colors;
  }, [layout, characters]);

  // A cached image may finish before the listener sees it.
  const moonRef = useRef<HTMLImageElement>(null);
  const earthRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (moonRef.current?.complete && moonRef.current.naturalWidth > 0) setMoonLoaded(true);
    if (earthRef.current?.complete && earthRef.current.naturalWidth > 0) setEarthLoaded(true);
  });

  return (
    <div
      ref={stageRef}
      className="vk-stage"
      data-connected={connected ? "true" : "false"}
      data-ready={ready ? "true" : "false"}
      data-on-screen={onScreen ? "true" : "false"}
    >
      {layout ? (
        <>
          <div className="vk-ground">
            <div
              className="vk-earth"
              style={
                {
                  left: `${layout.earth.x - layout.earth.r}px`,
                  top: `${layout.earth.y - layout.earth.r}px`,
                  width: `${layout.earth.r * 2}px`,
                  height: `${layout.earth.r * 2}px`,
                } as CSSProperties
              }
            >
              <Picture
                ref={earthRef}
                className="vk-earth__image"
                src={EARTH_IMAGE}
                alt="The earth at night, its cities lit up"
                width={1000}
                height={1000}
                decoding="async"
                onLoad={() => setEarthLoaded(true)}
              />
            </div>
          </div>
          {ready ? (
            <svg
              className="vk-wires"
              width={layout.width}
              height={layout.height}
              viewBox={`0 0 ${layout.width} ${layout.height}`}
              aria-hidden="true"
            >
              {layout.wires.map((wire, index) => (
                <g key={wire.d} className="vk-wire" style={{ "--character-color": wireColors[index] } as CSSProperties}>
                  <path className="vk-wire__glow" d={wire.d} strokeWidth={layout.thickness * 3} />
                  <path className="vk-wire__line" d={wire.d} strokeWidth={layout.thickness} />
                  <circle className="vk-wire__anchor" cx={wire.to.x} cy={wire.to.y} r={layout.thickness + 1.5} />
                </g>
              ))}
            </svg>
          ) : null}
          {ready && connected ? (
            // Sparks running down the wires, each its own small layer that only moves and fades,
            // so they repaint nothing else (an animated SVG dash repainted the whole sky).
            <div className="vk-sparks" aria-hidden="true">
              {layout.wires.map((wire, index) => (
                <Spark key={wire.d} wire={wire} delayMs={(index * 370) % SPARK_RUN_MS} running={onScreen} />
              ))}
            </div>
          ) : null}
          <div
            className="vk-moon"
            style={{
              left: `${layout.moon.x - layout.moon.r}px`,
              top: `${layout.moon.y - layout.moon.r}px`,
              width: `${layout.moon.r * 2}px`,
              height: `${layout.moon.r * 2}px`,
            }}
          >
            <Picture
              ref={moonRef}
              className="vk-moon__image"
              src={MOON_IMAGE}
              alt="The moon"
              width={400}
              height={400}
              fetchPriority="high"
              decoding="async"
              onLoad={() => setMoonLoaded(true)}
            />
          </div>
          {ready ? (
            <ul className="vk-orbs" aria-label="Characters on the wires">
              {layout.orbs.map((orb) => {
                const character = characters[orb.index];
                if (!character) return null;
                return (
                  <CharacterOrb
                    key={character.id}
                    character={character}
                    orb={orb}
                    card={card}
                    onOpenProduct={(productId) => navigate(paths.product(productId))}
                  />
                );
              })}
            </ul>
          ) : null}
        </>
      ) : null}

      {status === "success" && characters.length > 0 ? (
        <p className="vk-link-status" data-connected={connected ? "true" : "false"}>
          <span className="vk-link-status__dot" aria-hidden="true" />
          {connected ? `Connected · ${characters.length} online` : "Patching the wires…"}
        </p>
      ) : null}

      {status === "pending" ? (
        <div className="vk-stage__message" role="status">
          <span className="vk-stage__spinner" aria-hidden="true" />
          {vakiverseMessages.loading}
        </div>
      ) : null}

      {status === "error" ? (
        <div className="vk-stage__message vk-stage__message--error" role="alert">
          <p className="vk-stage__error-title">{errorTitle ?? vakiverseMessages.loadFailed}</p>
          {errorDetail ? <p className="vk-stage__error-detail">{errorDetail}</p> : null}
          <button
            type="button"
            className="button button--primary"
            onClick={onRetry}
            aria-disabled={retrying ? "true" : undefined}
          >
            <RotateCw aria-hidden="true" className={retrying ? "spin" : undefined} />
            {vakiverseMessages.retry}
          </button>
        </div>
      ) : null}
    </div>
  );
}
