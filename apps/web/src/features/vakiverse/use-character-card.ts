import { useCallback, useEffect, useRef, useState } from "react";

/** R-STORE-9 — the card hides 120 ms after the pointer leaves. */
export const CARD_HIDE_DELAY_MS = 120;

export interface CharacterCardState {
  /** Id of the character whose card shows, or null. */
  activeId: number | null;
  /** A pinned card stays when the pointer or focus leaves; only Close, Escape or its orb end it. */
  pinned: boolean;
}

const HIDDEN: CharacterCardState = { activeId: null, pinned: false };

/**
 * The landing page's card (R-STORE-4 "Landing: card hidden, hovered or pinned"):
 * hovering or focusing an orb shows its card, leaving hides it after 120 ms unless the pointer
 * or focus reaches the card first, and an orb without a product toggles a pinned card.
 */
export function useCharacterCard() {
  const [state, setState] = useState<CharacterCardState>(HIDDEN);
  const hideTimer = useRef<number | undefined>(undefined);

  const cancelHide = useCallback(() => {
    if (hideTimer.current !== undefined) window.clearTimeout(hideTimer.current);
    hideTimer.current = undefined;
  }, []);

  const show = useCallback(
    (id: number) => {
      cancelHide();
      setState((current) => (current.activeId === id ? current : { activeId: id, pinned: false }));
    },
    [cancelHide],
  );

  const scheduleHide = useCallback(() => {
    cancelHide();
    hideTimer.current = window.setTimeout(() => {
      hideTimer.current = undefined;
      setState((current) => (current.pinned ? current : HIDDEN));
    }, CARD_HIDE_DELAY_MS);
  }, [cancelHide]);

  const togglePin = useCallback(
    (id: number) => {
      cancelHide();
      setState((current) => (current.activeId === id && current.pinned ? HIDDEN : { activeId: id, pinned: true }));
    },
    [cancelHide],
  );

  const close = useCallback(() => {
    cancelHide();
    setState(HIDDEN);
  }, [cancelHide]);

  useEffect(() => cancelHide, [cancelHide]);

  return { ...state, show, scheduleHide, cancelHide, togglePin, close };
}

export type CharacterCardControls = ReturnType<typeof useCharacterCard>;
