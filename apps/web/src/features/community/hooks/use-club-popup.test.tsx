import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSplashStore } from "../../../lib/splash-store";
import { useUiStore } from "../../../lib/ui-store";
import { CLUB_POPUP_STORAGE_KEY } from "../club-popup-schedule";
import { useClubPopup } from "./use-club-popup";

const NOW = new Date(2026, 2, 14, 10, 0);

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  localStorage.clear();
  useUiStore.setState({ overlay: null });
  useSplashStore.setState({ covering: false });
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe("the daily Club pop-up", () => {
  it("opens about 1 s after the page loads, once the page's data has loaded", () => {
    const { result } = renderHook(() => useClubPopup(true));
    advance(999);
    expect(result.current.open).toBe(false);
    advance(1);
    expect(result.current.open).toBe(true);
  });

  it("waits for the page's data when it loads slower than the delay", () => {
    const { result, rerender } = renderHook(({ ready }) => useClubPopup(ready), { initialProps: { ready: false } });
    advance(5000);
    expect(result.current.open).toBe(false);
    rerender({ ready: true });
    expect(result.current.open).toBe(true);
  });

  it("is marked shown when it opens and again when it closes", () => {
    const { result } = renderHook(() => useClubPopup(true));
    advance(1000);
    expect(localStorage.getItem(CLUB_POPUP_STORAGE_KEY)).toBe(String(NOW.getTime() + 1000));

    vi.setSystemTime(new Date(2026, 2, 14, 10, 5));
    act(() => result.current.onOpenChange(false));
    expect(result.current.open).toBe(false);
    expect(localStorage.getItem(CLUB_POPUP_STORAGE_KEY)).toBe(String(new Date(2026, 2, 14, 10, 5).getTime()));
  });

  it("stays closed when it was already shown today, and opens again on another day", () => {
    localStorage.setItem(CLUB_POPUP_STORAGE_KEY, String(new Date(2026, 2, 14, 8, 0).getTime()));
    const today = renderHook(() => useClubPopup(true));
    advance(5000);
    expect(today.result.current.open).toBe(false);
    today.unmount();

    localStorage.setItem(CLUB_POPUP_STORAGE_KEY, String(new Date(2026, 2, 13, 23, 59).getTime()));
    const nextDay = renderHook(() => useClubPopup(true));
    advance(1000);
    expect(nextDay.result.current.open).toBe(true);
  });

  it("waits while the splash covers the page", () => {
    useSplashStore.setState({ covering: true });
    const { result } = renderHook(() => useClubPopup(true));
    advance(1500);
    expect(result.current.open).toBe(false);
    act(() => useSplashStore.setState({ covering: false }));
    expect(result.current.open).toBe(true);
  });

  it("waits while another overlay is open, so it never steals the shopper's focus", () => {
    useUiStore.setState({ overlay: "search" });
    const { result } = renderHook(() => useClubPopup(true));
    advance(3000);
    expect(result.current.open).toBe(false);
    expect(localStorage.getItem(CLUB_POPUP_STORAGE_KEY)).toBeNull();
    act(() => useUiStore.setState({ overlay: null }));
    expect(result.current.open).toBe(true);
  });

  it("waits while the shopper is typing in a field, then opens once they leave it", () => {
    const input = document.createElement("input");
    document.body.append(input);
    input.focus();
    const { result } = renderHook(() => useClubPopup(true));
    advance(3000);
    expect(result.current.open).toBe(false);
    input.blur();
    advance(1000);
    expect(result.current.open).toBe(true);
  });

  it("opens at once when asked, and then does not open by itself again", () => {
    const { result } = renderHook(() => useClubPopup(false));
    act(() => result.current.openNow());
    expect(result.current.open).toBe(true);
    expect(localStorage.getItem(CLUB_POPUP_STORAGE_KEY)).not.toBeNull();
  });
});
