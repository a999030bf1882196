import { describe, expect, it } from "vitest";
import { CARD_EDGE_MARGIN, placeCard, positionsCardByScript, SMALL_SCREEN_MAX_WIDTH } from "./card-placement";

const card = { width: 320, height: 400 };
const viewport = { width: 1440, height: 900 };
const orbAt = (left: number, top: number) => ({ left, top, width: 56, height: 56 });

describe("placeCard (R-STORE-9)", () => {
  it("puts the card beside its orb, centred on it, where there is room", () => {
    const placement = placeCard(orbAt(400, 300), card, viewport);
    expect(placement.side).toBe("right");
    expect(placement.left).toBeGreaterThan(456);
    expect(placement.top).toBe(300 + 28 - 200);
  });

  it("flips to the left near the right edge", () => {
    const placement = placeCard(orbAt(1300, 300), card, viewport);
    expect(placement.side).toBe("left");
    expect(placement.left + card.width).toBeLessThan(1300);
  });

  it("keeps 12 px from every screen edge", () => {
    expect(CARD_EDGE_MARGIN).toBe(12);
    const nearTop = placeCard(orbAt(400, 0), card, viewport);
    expect(nearTop.top).toBe(12);
    const nearBottom = placeCard(orbAt(400, 880), card, viewport);
    expect(nearBottom.top).toBe(900 - 12 - 400);
    const narrow = placeCard(orbAt(300, 300), card, { width: 700, height: 900 });
    expect(narrow.left).toBeGreaterThanOrEqual(12);
    expect(narrow.left + card.width).toBeLessThanOrEqual(700 - 12);
  });

  it("never sits in the sticky header's band", () => {
    const underHeader = placeCard(orbAt(400, 90), card, viewport, CARD_EDGE_MARGIN, 108);
    expect(underHeader.top).toBe(108 + 12);
    // A header scrolled partly away leaves more room.
    expect(placeCard(orbAt(400, 90), card, viewport, CARD_EDGE_MARGIN, 0).top).toBe(12);
  });

  it("keeps the margin even when the card is wider than the room on both sides", () => {
    const placement = placeCard(orbAt(300, 300), { width: 600, height: 300 }, { width: 640, height: 900 });
    expect(placement.left).toBe(12);
  });
});

describe("positionsCardByScript", () => {
  it("leaves the card to CSS at 600 px and below", () => {
    expect(SMALL_SCREEN_MAX_WIDTH).toBe(600);
    expect(positionsCardByScript(390)).toBe(false);
    expect(positionsCardByScript(600)).toBe(false);
    expect(positionsCardByScript(601)).toBe(true);
    expect(positionsCardByScript(1440)).toBe(true);
  });
});
