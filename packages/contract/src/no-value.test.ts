import { describe, expect, it } from "vitest";
import { claimedUserIdSchema } from "./accounts.js";
import { guestSessionIdSchema } from "./cart.js";
import { ensureShipmentRequestSchema, orderSecretSchema, sendConfirmationRequestSchema } from "./checkout.js";

const orderId = "0b4f2c8e-2a0e-4c38-9b4e-7d1c2f6a9e11";

describe("identities sent as 'no value'", () => {
  it("reads null, 'null' and 'undefined' as absent, and keeps real values", () => {
    for (const none of [null, "null", "undefined", undefined]) {
      expect(claimedUserIdSchema.parse(none)).toBeUndefined();
      expect(guestSessionIdSchema.parse(none)).toBeUndefined();
      expect(orderSecretSchema.parse(none)).toBeUndefined();
    }
    expect(claimedUserIdSchema.parse("3c8e")).toBe("3c8e");
    expect(guestSessionIdSchema.parse("3F2504E0-4F89-41D3-9A0C-0305E82C3301")).toBe(
      "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
    );
    expect(guestSessionIdSchema.safeParse("nul").success).toBe(false);
  });

  it("lets the ensure-shipment and resend calls carry nulls for what the caller lacks", () => {
    const body = { orderId, userId: null, guestSessionId: null, orderSecret: null };
    expect(ensureShipmentRequestSchema.parse({ ...body, courierId: null })).toMatchObject({
      orderId,
      userId: undefined,
      guestSessionId: undefined,
      orderSecret: undefined,
      courierId: undefined,
    });
    expect(ensureShipmentRequestSchema.parse({ ...body, courierId: "" }).courierId).toBeUndefined();
    expect(ensureShipmentRequestSchema.parse({ ...body, courierId: "12" }).courierId).toBe(12);
    expect(ensureShipmentRequestSchema.safeParse({ ...body, courierId: 0 }).success).toBe(false);
    expect(sendConfirmationRequestSchema.parse(body)).toMatchObject({ orderId, userId: undefined });
  });
});
