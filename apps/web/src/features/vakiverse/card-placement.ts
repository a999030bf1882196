/**
 * Where the character card goes on screens wider than 600 px (R-STORE-9): beside its
 * orb, on the side with room, and never closer than 12 px to a screen edge. At 600 px and below
 * the card is not positioned by script; CSS shows it as a bottom sheet.
 */

/** R-STORE-9 — the card keeps 12 px from the screen edges. */
export const CARD_EDGE_MARGIN = 12;
/** R-STORE-9 — small-screen cut-off: at or below this width CSS places the card. */
export const SMALL_SCREEN_MAX_WIDTH = 600;
/** Gap between an orb and its card. */
const CARD_GAP = 18;

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface CardPlacement {
  left: number;
  top: number;
  side: "left" | "right";
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

/**
 * Viewport coordinates for the card next to `anchor` (the orb), inside `viewport` less the margin,
 * and below `topInset` (the sticky header's bottom edge: the card never sits in the header band).
 */
export function placeCard(
  anchor: Rect,
  card: Size,
  viewport: Size,
  margin = CARD_EDGE_MARGIN,
  topInset = 0,
): CardPlacement {
  const spaceRight = viewport.width - margin - (anchor.left + anchor.width + CARD_GAP);
  const spaceLeft = anchor.left - CARD_GAP - margin;
  const side = spaceRight >= card.width || spaceRight >= spaceLeft ? "right" : "left";
  const preferredLeft = side === "right" ? anchor.left + anchor.width + CARD_GAP : anchor.left - CARD_GAP - card.width;
  const preferredTop = anchor.top + anchor.height / 2 - card.height / 2;
  return {
    left: Math.round(clamp(preferredLeft, margin, viewport.width - margin - card.width)),
    top: Math.round(clamp(preferredTop, topInset + margin, viewport.height - margin - card.height)),
    side,
  };
}

/** True when the screen is wide enough for the card to be positioned by script. */
export function positionsCardByScript(viewportWidth: number): boolean {
  return viewportWidth > SMALL_SCREEN_MAX_WIDTH;
}
