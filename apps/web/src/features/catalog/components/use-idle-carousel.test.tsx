import { render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { stubCarouselApis } from "../../../test/carousel-apis";
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
