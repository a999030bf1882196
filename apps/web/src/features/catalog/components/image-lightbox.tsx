import type { ProductImage } from "@vaki/contract/catalog";
import { ChevronLeft, ChevronRight, ZoomIn, ZoomOut } from "lucide-react";
import { type PointerEvent, useEffect, useRef, useState } from "react";
import { Modal } from "../../../components/modal";
import { canZoomIn, canZoomOut, createThrottle, swipeDirection, wrapIndex, zoomIn, zoomOut } from "../lightbox-zoom";
import "./image-lightbox.css";

interface ImageLightboxProps {
  images: readonly ProductImage[];
  productName: string;
  /** The image shown; null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * Full-screen images (R-STORE-9 "Lightbox"): a dialog named by the product. Zoom with the buttons,
 * the wheel (one step per 80 ms) or + and -; arrows or a 50 px swipe change the image; drag pans
 * a zoomed image; Escape closes.
 */
export function ImageLightbox({ images, productName, index, onIndexChange, onClose }: ImageLightboxProps) {
  return (
    <Modal
      open={index !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={productName}
      className="lightbox"
      closeLabel="Close full screen view"
    >
      {index !== null ? <LightboxStage images={images} index={index} onIndexChange={onIndexChange} /> : null}
    </Modal>
  );
}

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  originX: number;
  originY: number;
}

function LightboxStage({
  images,
  index,
  onIndexChange,
}: Pick<ImageLightboxProps, "images" | "onIndexChange"> & { index: number }) {
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const stageRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const count = images.length;
  const image = images[Math.min(index, count - 1)];

  // A new image starts unzoomed and centred.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on every image change
  useEffect(() => {
    setZoom(1);
    setOffset({ x: 0, y: 0 });
  }, [index]);

  const step = (by: number) => {
    if (count > 1) onIndexChange(wrapIndex(index, by, count));
  };
  const stepRef = useRef(step);
  stepRef.current = step;

  // Keyboard: arrows change the image, + and - zoom, 0 resets (Escape is the dialog's).
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "ArrowRight") stepRef.current(1);
      else if (event.key === "ArrowLeft") stepRef.current(-1);
      else if (event.key === "+" || event.key === "=") setZoom(zoomIn);
      else if (event.key === "-" || event.key === "_") setZoom(zoomOut);
      else if (event.key === "0") setZoom(1);
      else return;
      event.preventDefault();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  // The wheel zooms, one step per 80 ms; a native listener so the page never scrolls instead.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const allowed = createThrottle();
    function onWheel(event: WheelEvent) {
      event.preventDefault();
      if (event.deltaY === 0 || !allowed()) return;
      setZoom(event.deltaY < 0 ? zoomIn : zoomOut);
    }
    stage.addEventListener("wheel", onWheel, { passive: false });
    return () => stage.removeEventListener("wheel", onWheel);
  }, []);

  // Back to the centre when zoomed out to fit again.
  useEffect(() => {
    if (zoom <= 1) setOffset({ x: 0, y: 0 });
  }, [zoom]);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      originX: offset.x,
      originY: offset.y,
    };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId || zoom <= 1) return;
    setOffset({
      x: current.originX + event.clientX - current.startX,
      y: current.originY + event.clientY - current.startY,
    });
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    drag.current = null;
    if (!current || current.pointerId !== event.pointerId || zoom > 1) return;
    const direction = swipeDirection(event.clientX - current.startX, event.clientY - current.startY);
    if (direction) step(direction === "next" ? 1 : -1);
  }

  if (!image) return null;
  const percent = Math.round(zoom * 100);
  return (
    <div className="lightbox__body">
      <div
        ref={stageRef}
        className={`lightbox__stage${zoom > 1 ? " lightbox__stage--zoomed" : ""}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          drag.current = null;
        }}
      >
        <img
          key={image.id}
          src={image.imageUrl}
          alt={image.alt}
          width={800}
          height={1000}
          draggable={false}
          className="lightbox__image"
          style={{ transform: `translate(${offset.x}px, ${offset.y}px) scale(${zoom})` }}
        />
      </div>

      <div className="lightbox__controls">
        {count > 1 ? (
          <button type="button" className="lightbox__button" aria-label="Previous image" onClick={() => step(-1)}>
            <ChevronLeft aria-hidden="true" />
          </button>
        ) : null}
        <button
          type="button"
          className="lightbox__button"
          aria-label="Zoom out"
          aria-disabled={!canZoomOut(zoom) || undefined}
          onClick={() => setZoom(zoomOut)}
        >
          <ZoomOut aria-hidden="true" />
        </button>
        <output className="lightbox__zoom" aria-live="polite" aria-label="Zoom">
          {percent}%
        </output>
        <button
          type="button"
          className="lightbox__button"
          aria-label="Zoom in"
          aria-disabled={!canZoomIn(zoom) || undefined}
          onClick={() => setZoom(zoomIn)}
        >
          <ZoomIn aria-hidden="true" />
        </button>
        {count > 1 ? (
          <button type="button" className="lightbox__button" aria-label="Next image" onClick={() => step(1)}>
            <ChevronRight aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <p className="lightbox__count" aria-live="polite">
        Image {index + 1} of {count}
      </p>
    </div>
  );
}
