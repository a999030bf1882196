import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mediaMatches, useMediaQuery } from "./use-media-query";

/** A stand-in MediaQueryList whose answer the test changes, telling its listeners as a browser does. */
function fakeList(initially: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    matches: initially,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    change(matches: boolean) {
      list.matches = matches;
      for (const listener of listeners) listener();
    },
    listeners,
  };
  return list;
}

describe("useMediaQuery", () => {
  it("answers the query now and follows its changes, asking the browser for the list once", () => {
    const list = fakeList(false);
    const matchMedia = vi.fn(() => list);
    vi.stubGlobal("matchMedia", matchMedia);

    const { result, rerender, unmount } = renderHook(() => useMediaQuery("(min-width: 60rem)"));
    expect(result.current).toBe(false);
    act(() => list.change(true));
    expect(result.current).toBe(true);
    rerender();
    rerender();
    expect(mediaMatches("(min-width: 60rem)")).toBe(true);
    expect(matchMedia).toHaveBeenCalledTimes(1);

    unmount();
    expect(list.listeners.size).toBe(0);
  });

  it("is false where the browser has no matchMedia", () => {
    vi.stubGlobal("matchMedia", undefined);
    const { result } = renderHook(() => useMediaQuery("(orientation: portrait)"));
    expect(result.current).toBe(false);
    expect(mediaMatches("(orientation: portrait)")).toBe(false);
  });
});
