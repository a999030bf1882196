import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { policyFacts } from "../../policies/policy-facts";
import { ProductPolicies } from "./product-policies";

describe("the product page's policies", () => {
  it("hold their place, then mount as two closed accordions once the browser is idle", async () => {
    const { container } = render(<ProductPolicies />);
    expect(container.querySelector(".policies--pending")).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();

    const exchange = await screen.findByRole("button", { name: "Exchange & Refund Policy" });
    const shipping = screen.getByRole("button", { name: "Shipping Information" });
    expect(container.querySelector(".policies--pending")).not.toBeInTheDocument();
    expect(exchange).toHaveAttribute("aria-expanded", "false");
    expect(shipping).toHaveAttribute("aria-expanded", "false");
    expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(2);
  });

  it("open one at a time or both, each with its policy facts", async () => {
    const user = userEvent.setup();
    render(<ProductPolicies />);
    await user.click(await screen.findByRole("button", { name: "Shipping Information" }));
    expect(screen.getByRole("button", { name: "Shipping Information" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("Free shipping worldwide, on every order.")).toBeVisible();
    expect(screen.getByText(`Every order is packed within ${policyFacts.packingHours} hours.`)).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Exchange & Refund Policy" }));
    expect(screen.getByRole("button", { name: "Exchange & Refund Policy" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText(/Size exchanges within/)).toBeVisible();
    expect(screen.getByRole("button", { name: "Shipping Information" })).toHaveAttribute("aria-expanded", "true");
  });
});
