import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CARD_HIDE_DELAY_MS, useCharacterCard } from "./use-character-card";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("useCharacterCard (R-STORE-4 Landing)", () => {
  it("hides a hovered card 120 ms after the pointer leaves", () => {
    expect(CARD_HIDE_DELAY_MS).toBe(120);
    const { result } = renderHook(() => useCharacterCard());
    act(() => result.current.show(13));
    expect(result.current.activeId).toBe(13);
    act(() => result.current.scheduleHide());
    act(() => vi.advanceTimersByTime(119));
    expect(result.current.activeId).toBe(13);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.activeId).toBeNull();
  });

  it("keeps the card when the pointer reaches it before the delay ends", () => {
    const { result } = renderHook(() => useCharacterCard());
    act(() => result.current.show(13));
    act(() => result.current.scheduleHide());
    act(() => vi.advanceTimersByTime(60));
    act(() => result.current.cancelHide());
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.activeId).toBe(13);
  });

  it("toggles a pinned card, which stays when the pointer leaves", () => {
    const { result } = renderHook(() => useCharacterCard());
    act(() => result.current.togglePin(14));
    expect(result.current).toMatchObject({ activeId: 14, pinned: true });
    act(() => result.current.scheduleHide());
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toMatchObject({ activeId: 14, pinned: true });
    act(() => result.current.togglePin(14));
    expect(result.current).toMatchObject({ activeId: null, pinned: false });
  });

  it("closes at once", () => {
    const { result } = renderHook(() => useCharacterCard());
    act(() => result.current.togglePin(14));
    act(() => result.current.close());
    expect(result.current.activeId).toBeNull();
  });
});
