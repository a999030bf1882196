import { describe, expect, it } from "vitest";
import { clampZoom, createThrottle, lightboxRules, swipeDirection, wrapIndex, zoomIn, zoomOut } from "./lightbox-zoom";

describe("lightbox zoom", () => {
  it("steps by 0.12", () => {
    expect(zoomIn(1)).toBe(1.12);
    expect(zoomOut(1)).toBe(0.88);
  });

  it("never goes above 3 or below 0.1", () => {
    let zoom = 1;
    for (let i = 0; i < 40; i++) zoom = zoomIn(zoom);
    expect(zoom).toBe(lightboxRules.maxZoom);
    for (let i = 0; i < 40; i++) zoom = zoomOut(zoom);
    expect(zoom).toBe(lightboxRules.minZoom);
    expect(clampZoom(7)).toBe(3);
    expect(clampZoom(0)).toBe(0.1);
  });

  it("does not drift after many steps", () => {
    let zoom = 1;
    for (let i = 0; i < 5; i++) zoom = zoomIn(zoom);
    expect(zoom).toBe(1.6);
  });
});

describe("lightbox gestures", () => {
  it("changes image only for horizontal swipes longer than 50 px", () => {
    expect(swipeDirection(-51, 4)).toBe("next");
    expect(swipeDirection(80, -10)).toBe("previous");
    expect(swipeDirection(-50, 0)).toBeNull();
    expect(swipeDirection(-60, 90)).toBeNull();
  });

  it("lets one wheel step through every 80 ms", () => {
    let time = 0;
    const allowed = createThrottle(80, () => time);
    expect(allowed()).toBe(true);
    time = 40;
    expect(allowed()).toBe(false);
    time = 80;
    expect(allowed()).toBe(true);
  });

  it("wraps around the ends", () => {
    expect(wrapIndex(0, -1, 4)).toBe(3);
    expect(wrapIndex(3, 1, 4)).toBe(0);
  });
});
