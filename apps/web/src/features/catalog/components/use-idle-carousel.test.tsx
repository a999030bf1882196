import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { stubCarouselApis, stubNothingOnScreen } from "../../../test/carousel-apis";
import { useIdleCarousel } from "./use-idle-carousel";

beforeEach(stubCarouselApis);

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

function CarouselBelowTheFold() {
  const [viewportRef, embla, startNow] = useIdleCarousel({ loop: false }, undefined, { onScreen: true });
  return (
    <div>
      <p>{embla ? "started" : "not started"}</p>
      <button type="button" onClick={startNow}>
        Start
      </button>
      <div ref={viewportRef}>
        <div>
          <div>one</div>
          <div>two</div>
        </div>
      </div>
    </div>
  );
}

describe("a carousel started once it is on the screen", () => {
  it("waits, past the idle moment, until some of its viewport shows", async () => {
    const seen: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: IntersectionObserverCallback) {
          seen.push(callback);
        }
        observe() {}
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      },
    );
    const idle: Array<() => void> = [];
    vi.stubGlobal("requestIdleCallback", (task: () => void) => idle.push(task));
    render(<CarouselBelowTheFold />);
    for (const task of idle.splice(0)) task();
    const [watcher] = seen;
    if (!watcher) throw new Error("the viewport is not watched");
    watcher([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText("not started")).toBeInTheDocument();

    act(() => watcher([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(await screen.findByText("started")).toBeInTheDocument();
  });

  it("starts at once when asked, idle or not, seen or not", async () => {
    vi.stubGlobal("requestIdleCallback", () => 0);
    stubNothingOnScreen();
    render(<CarouselBelowTheFold />);
    expect(screen.getByText("not started")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Start" }));
    expect(await screen.findByText("started")).toBeInTheDocument();
  });
});
