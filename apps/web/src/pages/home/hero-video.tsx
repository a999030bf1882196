import { HERO_MEDIA as MEDIA, HERO_PHONE_QUERY as PHONE_QUERY } from "@vaki/contract/hero-media";
import { Pause, Play, Volume2, VolumeX } from "lucide-react";
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { REDUCED_MOTION_QUERY, useMediaQuery } from "../../lib/use-media-query";

/** R-STORE-9 — the video element appears 100 ms after mount (the poster paints first). */
export const VIDEO_APPEAR_DELAY_MS = 100;

/** Starts playback; a refusal (autoplay policy, old browsers without a promise) leaves it paused. */
function startPlayback(element: HTMLVideoElement, onRefused: () => void): void {
  try {
    Promise.resolve(element.play()).catch(onRefused);
  } catch {
    onRefused();
  }
}

/**
 * The hero's promo video (R-STORE-2, R-STORE-4): the poster is the first paint (and the LCP
 * image); the muted, looping video takes its place 100 ms later, the desktop or phone cut by
 * screen width. It autoplays unless the shopper prefers reduced motion. Unmuting plays it.
 */
export function HeroVideo() {
  // The video's own events (play, pause) are discrete to React: a state update in their handler
  // renders at once, in the event's task, and while the page is still starting that task also
  // took whatever work React had pending (two long tasks on a phone). As transitions they wait
  // their turn; the buttons' labels follow a frame later. Only the mute button mutes the video,
  // and it sets `muted` itself: no `volumechange` handler, whose event the video's own set-up
  // (`attachVideo`) fires as the page starts.
  const phone = useMediaQuery(PHONE_QUERY);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const media = phone ? MEDIA.phone : MEDIA.desktop;
  const video = useRef<HTMLVideoElement>(null);
  const [showVideo, setShowVideo] = useState(false);
  const [muted, setMuted] = useState(true);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => startTransition(() => setShowVideo(true)), VIDEO_APPEAR_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // React does not write the `muted` attribute; browsers only autoplay a video that is muted.
  // Written as the element attaches (in the commit), so no one sees the video without it.
  const attachVideo = useCallback((element: HTMLVideoElement | null) => {
    video.current = element;
    if (!element) return;
    element.defaultMuted = true;
    element.muted = true;
    element.setAttribute("muted", "");
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the source changes (phone ↔ desktop).
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    setMuted(element.muted);
    if (!reducedMotion) startPlayback(element, () => setPlaying(false));
  }, [showVideo, media.video, reducedMotion]);

  const toggleMute = () => {
    const element = video.current;
    if (!element) return;
    const unmute = element.muted;
    element.muted = !unmute;
    setMuted(!unmute);
    if (unmute && element.paused) startPlayback(element, () => setPlaying(false));
  };

  const togglePlay = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) startPlayback(element, () => setPlaying(false));
    else element.pause();
  };

  return (
    <div className="hero-media">
      <picture>
        <source media={PHONE_QUERY} srcSet={MEDIA.phone.poster} width={MEDIA.phone.width} height={MEDIA.phone.height} />
        <img
          className="hero-media__poster"
          src={MEDIA.desktop.poster}
          width={MEDIA.desktop.width}
          height={MEDIA.desktop.height}
          alt=""
          fetchPriority="high"
        />
      </picture>
      {showVideo ? (
        <video
          key={media.video}
          ref={attachVideo}
          className={`hero-media__video${playing ? " hero-media__video--playing" : ""}`}
          src={media.video}
          poster={media.poster}
          width={media.width}
          height={media.height}
          muted
          playsInline
          loop
          autoPlay={!reducedMotion}
          preload={reducedMotion ? "metadata" : "auto"}
          aria-hidden="true"
          tabIndex={-1}
          onPlay={() => startTransition(() => setPlaying(true))}
          onPause={() => startTransition(() => setPlaying(false))}
        />
      ) : null}
      {showVideo ? (
        <div className="hero-media__controls">
          <button
            type="button"
            className="hero-media__control"
            aria-label={playing ? "Pause video" : "Play video"}
            onClick={togglePlay}
          >
            {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          </button>
          <button
            type="button"
            className="hero-media__control"
            aria-label={muted ? "Unmute video" : "Mute video"}
            onClick={toggleMute}
          >
            {muted ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
          </button>
        </div>
      ) : null}
    </div>
  );
}
