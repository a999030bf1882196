import { ArrowRight, X } from "lucide-react";
import { type CSSProperties, type RefObject, useLayoutEffect, useRef, useState } from "react";
import { Picture } from "../../../components/picture";
import { type CardPlacement, placeCard, positionsCardByScript } from "../card-placement";
import type { Character } from "../character";
import { vakiverseMessages } from "../messages";

interface CharacterCardProps {
  character: Character;
  /** Position in the cast, for the "No. 01" tag. */
  number: number;
  pinned: boolean;
  anchorRef: RefObject<HTMLElement | null>;
  onViewProduct: () => void;
  onClose: () => void;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
}

/**
 * Where the card goes: beside its orb on screens wider than 600 px (R-STORE-9), kept
 * 12 px inside the screen; left to CSS (a bottom sheet) at 600 px and below. Follows the orb
 * while the page scrolls or resizes.
 */
function useCardPlacement(
  cardRef: RefObject<HTMLElement | null>,
  anchorRef: RefObject<HTMLElement | null>,
): CardPlacement | null {
  const [placement, setPlacement] = useState<CardPlacement | null>(null);

  useLayoutEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const card = cardRef.current;
      const anchor = anchorRef.current;
      if (!card || !anchor || !positionsCardByScript(window.innerWidth)) {
        setPlacement(null);
        return;
      }
      const orb = anchor.getBoundingClientRect();
      const next = placeCard(
        { left: orb.left, top: orb.top, width: orb.width, height: orb.height },
        { width: card.offsetWidth, height: card.offsetHeight },
        { width: document.documentElement.clientWidth || window.innerWidth, height: window.innerHeight },
        undefined,
        Math.max(0, document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? 0),
      );
      setPlacement((current) =>
        current && current.left === next.left && current.top === next.top && current.side === next.side
          ? current
          : next,
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, [cardRef, anchorRef]);

  return placement;
}

/** The character card of the landing page: image, name, story, and the way to their product. */
export function CharacterCard({
  character,
  number,
  pinned,
  anchorRef,
  onViewProduct,
  onClose,
  onPointerEnter,
  onPointerLeave,
}: CharacterCardProps) {
  const cardRef = useRef<HTMLDivElement>(null);
  const placement = useCardPlacement(cardRef, anchorRef);
  const titleId = `vk-card-title-${character.id}`;
  const style = {
    "--character-color": character.color,
    ...(placement ? { left: `${placement.left}px`, top: `${placement.top}px` } : {}),
  } as CSSProperties;

  return (
    <div
      ref={cardRef}
      className="vk-card"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-pinned={pinned ? "true" : undefined}
      data-placed={placement ? placement.side : undefined}
      style={style}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
    >
      <div className="vk-card__art">
        {character.imageUrl ? (
          <Picture src={character.imageUrl} alt="" width={800} height={1000} decoding="async" />
        ) : null}
      </div>
      <div className="vk-card__body">
        <p className="vk-card__number">No. {String(number).padStart(2, "0")}</p>
        <h3 className="vk-card__name" id={titleId}>
          {character.name}
        </h3>
        {character.tagline ? <p className="vk-card__tagline">{character.tagline}</p> : null}
        <p className="vk-card__story">{character.story}</p>
        {character.productId !== null ? (
          <button type="button" className="button button--primary vk-card__cta" onClick={onViewProduct}>
            {vakiverseMessages.viewProduct}
            <ArrowRight aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <button type="button" className="vk-card__close" aria-label={vakiverseMessages.close} onClick={onClose}>
        <X aria-hidden="true" />
      </button>
    </div>
  );
}
