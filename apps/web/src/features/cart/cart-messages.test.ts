import { describe, expect, it } from "vitest";
import { cartPanelMessages as t } from "./cart-messages";

describe("the clear-cart question", () => {
  it("counts one item as one item, and more with the spec's words", () => {
    expect(t.clearConfirm(1)).toBe(
      "Are you sure you want to clear the 1 item from your cart? This action cannot be undone.",
    );
    expect(t.clearConfirm(3)).toBe(
      "Are you sure you want to clear all 3 items from your cart? This action cannot be undone.",
    );
  });
});
