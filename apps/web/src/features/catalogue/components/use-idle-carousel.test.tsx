import { render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useIdleCarousel } from "./use-idle-carousel";

// jsdom lacks the observers Embla watches the slides with.
beforeEach(() => {
  class Observer {
    observe = vi.fn();
    unobserve = vi.fn();
    disconnect = vi.fn();
    takeRecords = () => [];
  }
  vi.stubGlobal("ResizeObserver", Observer);
  vi.stubGlobal("IntersectionObserver", Observer);
  // And the media queries its breakpoints are read with.
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
});

function Carousel() {
  const [viewportRef, embla] = useIdleCarousel({ loop: false });
  return (
    <div>
      <p>{embla ? `started with ${embla.slideNodes().length} slides` : "not started"}</p>
      <div ref={viewportRef}>
        <div>
          <div>one</div>
          <div>two</div>
          <div>three</div>
        </div>
      </div>
    </div>
  );
}

describe("a carousel started once the browser is idle", () => {
  it("renders its slides at once and gives Embla the viewport only after the first paint", async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal("requestIdleCallback", (task: () => void) => idle.push(task));
    render(<Carousel />);
    expect(screen.getByText("two")).toBeInTheDocument();
    expect(screen.getByText("not started")).toBeInTheDocument();

    for (const task of idle.splice(0)) task();
    expect(await screen.findByText("started with 3 slides")).toBeInTheDocument();
  });

  it("starts without requestIdleCallback too", async () => {
    vi.stubGlobal("requestIdleCallback", undefined);
    render(<Carousel />);
    await waitFor(() => expect(screen.getByText("started with 3 slides")).toBeInTheDocument());
  });
});
