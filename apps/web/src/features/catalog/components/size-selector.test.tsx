import { render, screen } from "@testing-library/react";
import type { SizeChoice } from "@vaki/contract/product-options";
import { describe, expect, it } from "vitest";
import { SizeSelector } from "./size-selector";

const choice = (value: string, inStock: boolean) =>
  ({ value, inStock, quantity: inStock ? 5 : 0, variant: null }) as unknown as SizeChoice;

describe("SizeSelector", () => {
  it("never shows a sold-out size as chosen, and says the colour is sold out", () => {
    render(
      <SizeSelector
        choices={[choice("M", false), choice("L", false)]}
        value="M"
        onChange={() => {}}
        onOpenSizeChart={() => {}}
      />,
    );
    expect(screen.getByRole("radio", { name: "M" })).not.toBeChecked();
    expect(screen.getByRole("radio", { name: "L" })).not.toBeChecked();
    expect(screen.getByText("Sold out in this colour")).toBeInTheDocument();
  });

  it("shows an in-stock size as chosen", () => {
    render(<SizeSelector choices={[choice("M", true)]} value="M" onChange={() => {}} onOpenSizeChart={() => {}} />);
    expect(screen.getByRole("radio", { name: "M" })).toBeChecked();
  });
});
