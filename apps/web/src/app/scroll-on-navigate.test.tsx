import { act, render } from "@testing-library/react";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScrollOnNavigate } from "./scroll-on-navigate";

/** Set by the page: shows its section, as a lazy page does once its code and data arrive. */
let reveal: () => void = () => {};

function LatePage() {
  const [show, setShow] = useState(false);
  reveal = () => setShow(true);
  return show ? <h2 id="international">International</h2> : <p>Loading</p>;
}

describe("a fresh load with a #hash", () => {
  const original = Element.prototype.scrollIntoView;
  afterEach(() => {
    Element.prototype.scrollIntoView = original;
  });

  it("scrolls to the target once the page renders it", async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    render(
      <MemoryRouter initialEntries={["/shipping-policies#international"]}>
        <ScrollOnNavigate />
        <LatePage />
      </MemoryRouter>,
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(scrolled).not.toHaveBeenCalled();
    act(() => reveal());
    await vi.waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
    expect(scrolled.mock.contexts[0]).toHaveProperty("id", "international");
  });
});
