import { render, screen } from "@testing-library/react";
import { defectWindowHours, exchangeWindowDays } from "@vaki/contract/exchange-rules";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { contactDetails } from "../../features/policies/policy-facts";
import { ReturnsPolicyText } from "./policy-sections";

describe("ReturnsPolicyText", () => {
  it("sends a signed-in customer to My Orders for an exchange, and a guest to the e-mail", () => {
    const { container } = render(
      <MemoryRouter>
        <ReturnsPolicyText />
      </MemoryRouter>,
    );
    const text = container.textContent ?? "";
    expect(text).toContain(`a size exchange within ${exchangeWindowDays} days of delivery`);
    expect(text).toContain("open the order in My Orders and choose Exchange size");
    expect(text).toContain(`within ${defectWindowHours} hours of delivery`);
    for (const link of screen.getAllByRole("link", { name: "My Orders" }))
      expect(link).toHaveAttribute("href", "/orders");
    expect(screen.getByRole("link", { name: contactDetails.email })).toHaveAttribute(
      "href",
      `mailto:${contactDetails.email}`,
    );
  });
});
