import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { orderFixture } from "../testing/order-fixture";
import { itemVariantText, OrderItemsTable } from "./order-items";
import { OrderSummary } from "./order-summary";

describe("order lines", () => {
  it("shows only Size and Color of a line's variant", () => {
    expect(itemVariantText(orderFixture().items[0]!)).toBe("Size: M · Color: Acid Lime");
    expect(itemVariantText({ variantAttributes: [], size: "XL", color: null })).toBe("Size: XL");
  });

  it("tables the items with Product, Quantity, Price and Subtotal in rupees with 2 decimals", () => {
    render(
      <MemoryRouter>
        <OrderItemsTable items={orderFixture().items} />
      </MemoryRouter>,
    );
    const table = screen.getByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Product", "Quantity", "Price", "Subtotal"]);
    const row = within(table).getAllByRole("row")[1]!;
    expect(row).toHaveTextContent("Nova Heavyweight Tee");
    expect(row).toHaveTextContent("₹1,299.00");
    expect(row).toHaveTextContent("₹2,598.00");
    expect(within(row).getByRole("link", { name: "Nova Heavyweight Tee" })).toHaveAttribute("href", "/product/7");
  });
});

describe("OrderSummary", () => {
  it("shows subtotal, the discount with its code, free shipping and the total", () => {
    render(<OrderSummary order={orderFixture()} />);
    const value = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(value("Subtotal")).toBe("₹2,598.00");
    expect(value("Discount (VAKI10)")).toBe("-₹259.80");
    expect(value("Shipping")).toBe("Free");
    expect(value("Total")).toBe("₹2,338.20");
    expect(screen.queryByText("Tax")).toBeNull();
    expect(screen.queryByText("Refunded")).toBeNull();
  });

  it("shows what the shop refunded under the total", () => {
    render(<OrderSummary order={orderFixture({ refundedAmount: 50_000 })} />);
    expect(screen.getByText("Refunded").nextElementSibling?.textContent).toBe("-₹500.00");
  });

  it("says how much GST the total includes, without adding it", () => {
    render(<OrderSummary order={{ ...orderFixture(), taxAmount: 11_134, tax: 0 }} />);
    const value = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(value("Total")).toBe("₹2,338.20");
    expect(value("Includes GST")).toBe("₹111.34");
    expect(screen.queryByText("Tax")).toBeNull();
  });
});
