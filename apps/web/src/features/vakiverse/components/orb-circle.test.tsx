import { render, screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { OrbCircle, type OrbCircleItem } from "./orb-circle";

const items = (count: number): OrbCircleItem[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    label: `Orb ${i + 1}`,
    to: `/products/${i + 1}`,
    color: "#c6ff00",
    imageUrl: null,
  }));

function renderCircle(element: ReactElement) {
  const router = createMemoryRouter([{ path: "*", element }]);
  return render(<RouterProvider router={router} />);
}

describe("OrbCircle (R-STORE-3 Orbs)", () => {
  it("links at most 8 orbs, each named by its label", () => {
    renderCircle(<OrbCircle items={items(11)} label="Subcategories" />);
    const list = screen.getByRole("list", { name: "Subcategories" });
    const links = within(list).getAllByRole("link");
    expect(links).toHaveLength(8);
    expect(links[0]).toHaveAccessibleName("Orb 1");
    expect(links[0]).toHaveAttribute("href", "/products/1");
  });

  it("places the orbs evenly on the default circle (centre 500 × 400, radius 200 in 1000 × 800)", () => {
    renderCircle(<OrbCircle items={items(4)} label="Subcategories" />);
    const positions = screen
      .getAllByRole("listitem")
      .map((item) => [(item as HTMLElement).style.left, (item as HTMLElement).style.top]);
    expect(positions).toEqual([
      ["50%", "25%"],
      ["70%", "50%"],
      ["50%", "75%"],
      ["30%", "50%"],
    ]);
  });

  it("shows its centre content", () => {
    renderCircle(
      <OrbCircle items={items(2)} label="Subcategories">
        <span>+2</span>
      </OrbCircle>,
    );
    expect(screen.getByText("+2")).toBeInTheDocument();
  });
});
