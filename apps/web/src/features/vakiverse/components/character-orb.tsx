import { type CSSProperties, type FocusEvent, useCallback, useEffect, useRef } from "react";
import { Picture } from "../../../components/picture";
import type { Character } from "../character";
import type { SkyOrb } from "../sky-geometry";
import type { CharacterCardControls } from "../use-character-card";
import { CharacterCard } from "./character-card";

interface CharacterOrbProps {
  character: Character;
  orb: SkyOrb;
  card: CharacterCardControls;
  onOpenProduct: (productId: number) => void;
}

/** Places the orb on the stage and staggers its entrance. */
function orbStyle(character: Character, orb: SkyOrb, index: number): CSSProperties {
  return {
    left: `${orb.x}px`,
    top: `${orb.y}px`,
    "--character-color": character.color,
    "--orb-delay": `${400 + index * 70}ms`,
  } as CSSProperties;
}

/**
 * One character's orb on its wire: a button named by the character. Hover or focus shows the
 * card (which follows the orb in the tab order, so keyboard users reach its buttons); a click
 * opens the product, or pins the card when the character has no product.
 */
export function CharacterOrb({ character, orb, card, onOpenProduct }: CharacterOrbProps) {
  const orbRef = useRef<HTMLButtonElement>(null);
  const slotRef = useRef<HTMLLIElement>(null);
  /** Set while focus goes back to the orb after Close or Escape, so the card does not reopen. */
  const quietFocus = useRef(false);
  const open = card.activeId === character.id;
  const { close } = card;

  const closeCard = useCallback(() => {
    const hadFocus = slotRef.current?.contains(document.activeElement) ?? false;
    close();
    if (hadFocus) {
      quietFocus.current = true;
      orbRef.current?.focus({ preventScroll: true });
      quietFocus.current = false;
    }
  }, [close]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeCard();
    };
    // A pinned card also closes on a tap or click anywhere outside its orb and card.
    const onPointerDown = (event: PointerEvent) => {
      if (card.pinned && !slotRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open, card.pinned, close, closeCard]);

  /** Leaving with the pointer hides the card, unless keyboard focus is inside it. */
  const leave = () => {
    if (!slotRef.current?.contains(document.activeElement)) card.scheduleHide();
  };

  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) card.scheduleHide();
  };

  return (
    <li
      ref={slotRef}
      className="vk-orb-slot"
      style={orbStyle(character, orb, orb.index)}
      data-label={orb.labelSide}
      data-open={open ? "true" : undefined}
      onBlur={onBlur}
    >
      <button
        ref={orbRef}
        type="button"
        className="vk-orb"
        aria-expanded={character.productId === null ? open : undefined}
        onPointerEnter={() => card.show(character.id)}
        onPointerLeave={leave}
        onFocus={() => {
          if (!quietFocus.current) card.show(character.id);
        }}
        onClick={() => {
          if (character.productId !== null) onOpenProduct(character.productId);
          else card.togglePin(character.id);
        }}
      >
        <span className="vk-orb__halo" aria-hidden="true" />
        <span className="vk-orb__face" aria-hidden="true">
          {character.imageUrl ? (
            <Picture src={character.imageUrl} alt="" width={800} height={1000} decoding="async" />
          ) : null}
        </span>
        <span className="vk-orb__label">{character.name}</span>
      </button>
      {open ? (
        <CharacterCard
          character={character}
          number={orb.index + 1}
          pinned={card.pinned}
          anchorRef={orbRef}
          onViewProduct={() => {
            if (character.productId !== null) onOpenProduct(character.productId);
          }}
          onClose={closeCard}
          onPointerEnter={card.cancelHide}
          onPointerLeave={leave}
        />
      ) : null}
    </li>
  );
}
