import { act, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** index.html's splash, as the server sends it. */
function addSplash(): HTMLElement {
  const element = document.createElement("div");
  element.id = "splash";
  element.className = "splash";
  document.body.append(element);
  return element;
}

/** A fresh module each time: the splash decides once per page load. */
async function loadSplash() {
  vi.resetModules();
  return import("./splash");
}

describe("the loading splash", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.getElementById("splash")?.remove();
  });

  it("keeps index.html's splash until 2 s after the page started loading, then zooms it out in 0.8 s", async () => {
    vi.spyOn(performance, "now").mockReturnValue(500);
    const element = addSplash();
    const { Splash, useSplashStore } = await loadSplash();
    render(<Splash />);
    expect(useSplashStore.getState().covering).toBe(true);

    act(() => vi.advanceTimersByTime(1499));
    expect(element.classList.contains("splash--leaving")).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(element.classList.contains("splash--leaving")).toBe(true);
    expect(useSplashStore.getState().covering).toBe(false);

    act(() => vi.advanceTimersByTime(800));
    expect(element.isConnected).toBe(false);
  });

  it("leaves at once when the app took longer than 2 s to arrive", async () => {
    vi.spyOn(performance, "now").mockReturnValue(2600);
    const element = addSplash();
    const { Splash } = await loadSplash();
    render(<Splash />);
    act(() => vi.advanceTimersByTime(0));
    expect(element.classList.contains("splash--leaving")).toBe(true);
  });

  it("shows once per visit: on a later load of the same tab it goes as soon as the app is here", async () => {
    sessionStorage.setItem("vaki:splashShown", "1");
    const element = addSplash();
    const { Splash, useSplashStore } = await loadSplash();
    render(<Splash />);
    expect(element.isConnected).toBe(false);
    expect(useSplashStore.getState().covering).toBe(false);
  });
});
