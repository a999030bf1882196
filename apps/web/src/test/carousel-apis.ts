import { vi } from "vitest";

/**
 * Stands in for the browser APIs jsdom lacks and Embla starts with: the observers it watches the
 * slides with and the media queries its breakpoints are read with. Call in `beforeEach`; the
 * stubs are undone after each test (`unstubGlobals`).
 */
export function stubCarouselApis(): void {
  class Observer {
    observe = vi.fn();
    unobserve = vi.fn();
    disconnect = vi.fn();
    takeRecords = () => [];
  }
  /** Everything watched is on the screen, as in a tall window: told so just after `observe`. */
  class OnScreenObserver extends Observer {
    constructor(private readonly callback: IntersectionObserverCallback) {
      super();
    }
    override observe = vi.fn((target: Element) => {
      queueMicrotask(() =>
        this.callback(
          [{ target, isIntersecting: true, intersectionRatio: 1 } as unknown as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        ),
      );
    });
  }
  vi.stubGlobal("ResizeObserver", Observer);
  vi.stubGlobal("IntersectionObserver", OnScreenObserver);
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: false,
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    onchange: null,
    dispatchEvent: () => false,
  }));
}

/** Nothing watched ever comes on the screen (a carousel below the fold that nobody scrolls to). */
export function stubNothingOnScreen(): void {
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    },
  );
}
