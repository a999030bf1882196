import { render, screen, within } from "@testing-library/react";
import type { TimelineEntry } from "@vaki/contract/orders";
import { describe, expect, it } from "vitest";
import { OrderTimeline, timelineSteps } from "./order-timeline";

const entry = (step: TimelineEntry["step"], done: boolean, at?: string): TimelineEntry =>
  at ? { step, done, at } : { step, done };

const shipped: TimelineEntry[] = [
  entry("Created", true, "2026-11-24T10:15:00Z"),
  entry("Processing", true, "2026-11-24T10:20:00Z"),
  entry("Shipped", true, "2026-11-24T12:00:00Z"),
  entry("Delivered", false),
  entry("Cancelled", false),
];

describe("timelineSteps", () => {
  it("marks the steps reached as done, the last of them current and the rest upcoming", () => {
    expect(timelineSteps(shipped).map((step) => [step.step, step.state])).toEqual([
      ["Created", "done"],
      ["Processing", "done"],
      ["Shipped", "current"],
      ["Delivered", "upcoming"],
    ]);
  });

  it("ends a cancelled order with Cancelled after the steps it reached", () => {
    const cancelled = [
      entry("Created", true, "2026-11-24T10:15:00Z"),
      entry("Processing", false),
      entry("Shipped", false),
      entry("Delivered", false),
      entry("Cancelled", true, "2026-11-24T11:00:00Z"),
    ];
    expect(timelineSteps(cancelled).map((step) => [step.step, step.state, step.at])).toEqual([
      ["Created", "done", "2026-11-24T10:15:00Z"],
      ["Cancelled", "cancelled", "2026-11-24T11:00:00Z"],
    ]);
  });

  it("adds Cancelled from the order status when the timeline has no such step", () => {
    const old = shipped.slice(0, 1).concat(entry("Processing", false));
    expect(timelineSteps(old, "CANCELLED").map((step) => step.step)).toEqual(["Created", "Cancelled"]);
  });
});

describe("OrderTimeline", () => {
  it("lists the four steps in order with the current one marked for assistive technology", () => {
    render(<OrderTimeline timeline={shipped} />);
    const list = screen.getByRole("list", { name: "Order progress" });
    const items = within(list).getAllByRole("listitem");
    expect(
      items.map((item) =>
        item.textContent
          ?.replace(/\(.*\)/, "")
          .trim()
          .split(/\d/)[0]
          ?.trim(),
      ),
    ).toEqual(["Created", "Processing", "Shipped", "Delivered"]);
    expect(items[2]).toHaveAttribute("aria-current", "step");
    expect(items[0]).toHaveTextContent("24 November 2026");
  });
});
