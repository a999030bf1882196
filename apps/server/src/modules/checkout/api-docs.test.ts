import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";

describe("the OpenAPI document of the checkout, shipping and tracking calls", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ OUTBOX_INTERVAL_MS: "0" });
  });
  afterAll(async () => shop.close());

  it("lists every route with a tag, a summary and its request schema", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    const expected: [string, string, boolean][] = [
      ["/api/checkout/initiate", "post", true],
      ["/api/checkout/{checkoutId}/details", "get", false],
      ["/api/checkout/send/email", "post", true],
      ["/api/checkout/webhook", "post", false],
      ["/api/shipping/serviceability", "get", false],
      ["/api/orders/create/shiprocket", "post", true],
      ["/api/orders/generate/awb", "post", true],
      ["/api/orders/{id}/track", "get", false],
      ["/api/orders/track/awb/{awb}", "get", false],
      ["/api/orders/cancel/order", "post", true],
      ["/sandbox/checkout.js", "get", false],
      ["/sandbox/pay/{token}", "get", false],
      ["/sandbox/pay/{token}", "post", true],
    ];
    for (const [route, method, hasBody] of expected) {
      const operation = document.paths[route]?.[method];
      expect(operation, `${method} ${route}`).toBeDefined();
      expect(operation.tags?.length, route).toBeGreaterThan(0);
      expect(operation.summary, route).toBeTruthy();
      if (hasBody) expect(operation.requestBody, route).toBeDefined();
    }
    expect(document.paths["/api/orders/cancel/order"].post.security).toEqual([{ bearerAuth: [] }]);
    const initiate = document.paths["/api/checkout/initiate"].post.requestBody.content["application/json"].schema;
    expect(Object.keys(initiate.properties)).toEqual([
      "orderId",
      "redirectUrl",
      "userId",
      "guestSessionId",
      "orderSecret",
      "addressId",
    ]);
  });
});
