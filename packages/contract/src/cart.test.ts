import { describe, expect, it } from "vitest";
import { addCartItemRequestSchema, guestSessionIdSchema, isGuestSessionId } from "./cart.js";
import { cartMessages } from "./messages.js";
import { createOrderRequestSchema } from "./orders.js";

describe("cart contract", () => {
  it("accepts only a v4 UUID as guest session id, lower-cased; an empty one means none", () => {
    expect(guestSessionIdSchema.parse("3F2504E0-4F89-41D3-9A0C-0305E82C3301")).toBe(
      "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
    );
    expect(guestSessionIdSchema.parse("")).toBeUndefined();
    expect(guestSessionIdSchema.parse(undefined)).toBeUndefined();
    for (const bad of ["guest_1700000000_abc", "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "x".repeat(36)]) {
      const result = guestSessionIdSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(cartMessages.guestSessionInvalid);
      expect(isGuestSessionId(bad)).toBe(false);
    }
  });

  it("defaults the quantity of an added item to 1 and keeps it within 1-10", () => {
    expect(addCartItemRequestSchema.parse({ productId: 4, variantId: 9 }).quantity).toBe(1);
    for (const quantity of [0, 11, 1.5]) {
      expect(addCartItemRequestSchema.safeParse({ productId: 4, variantId: 9, quantity }).success).toBe(false);
    }
  });

  it("drops amounts, lines and currency a client sends with an order", () => {
    const parsed = createOrderRequestSchema.parse({ amount: 1, currency: "USD", items: [{ price: 1 }] });
    expect(parsed).toEqual({});
    expect(createOrderRequestSchema.parse(null)).toBeNull();
  });
});
