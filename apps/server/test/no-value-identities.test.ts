import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAndLogin } from "./helpers/accounts.js";
import { createTestShop, type TestShop } from "./helpers/app.js";
import { newGuest } from "./helpers/cart.js";
import { insertProduct } from "./helpers/catalog.js";
import { testEngine } from "./helpers/database.js";

/**
 * The spec's client sends both identities on every call, the one it lacks as null (JSON) or as
 * "null"/"undefined" in a query string built from a missing variable. Those read as absent.
 */
describe(`identities a client sends as "no value" (${testEngine})`, () => {
  let shop: TestShop;
  let product: { id: number; variantIds: number[] };

  beforeAll(async () => {
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0", OUTBOX_INTERVAL_MS: "0" });
    product = await insertProduct(shop.database.db, { name: "Null Tee", variants: [{ size: "M", stock: 20 }] });
  });
  afterAll(async () => shop.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: "POST", url, payload, headers });

  it("lets a guest shop with userId null and a user shop with guestSessionId null", async () => {
    const { guestSessionId } = newGuest();
    const line = { productId: product.id, variantId: product.variantIds[0]!, quantity: 1 };
    const guestAdd = await post("/api/cart/item/add", { ...line, userId: null, requestUserId: null, guestSessionId });
    expect(guestAdd.statusCode).toBe(200);
    for (const query of ["userId=null", "userId=undefined", "requestUserId=null"]) {
      const cart = await shop.app.inject({ method: "GET", url: `/api/cart?${query}&guestSessionId=${guestSessionId}` });
      expect(cart.statusCode, query).toBe(200);
      expect(cart.json().data.items, query).toHaveLength(1);
    }
    const guestOrder = await post("/api/orders/create", { userId: null, guestSessionId, orderSecret: null });
    expect(guestOrder.statusCode).toBe(201);
    const { id: orderId, orderSecret } = guestOrder.json().data;
    const initiated = await post("/api/checkout/initiate", {
      orderId,
      orderSecret,
      guestSessionId,
      userId: null,
      redirectUrl: "/order-confirmation",
    });
    expect(initiated.statusCode).toBe(200);

    const user = await registerAndLogin(shop.app);
    const userAdd = await post("/api/cart/item/add", { ...line, guestSessionId: null }, user.headers);
    expect(userAdd.statusCode).toBe(200);
    const itemId = userAdd.json().data.items[0].id;
    const update = await shop.app.inject({
      method: "PUT",
      url: "/api/cart/item/update",
      headers: user.headers,
      payload: { itemId, quantity: 2, guestSessionId: null, userId: user.userId },
    });
    expect(update.statusCode).toBe(200);
    const userCart = await shop.app.inject({
      method: "GET",
      url: "/api/cart?guestSessionId=null",
      headers: user.headers,
    });
    expect(userCart.json().data.items[0].quantity).toBe(2);
    const userOrder = await post("/api/orders/create", { guestSessionId: null, orderSecret: null }, user.headers);
    expect(userOrder.statusCode).toBe(201);
    const userOrderId = userOrder.json().data.id;
    const userInitiate = await post(
      "/api/checkout/initiate",
      { orderId: userOrderId, guestSessionId: null, orderSecret: null, redirectUrl: "/order-confirmation" },
      user.headers,
    );
    expect(userInitiate.statusCode).toBe(200);
    const cancelled = await post(
      "/api/orders/cancel/order",
      { orderId: userOrderId, userId: null, guestSessionId: null },
      user.headers,
    );
    expect(cancelled.statusCode).toBe(200);
  });

  it("still refuses a userId that is not the caller's, and a malformed guest session id", async () => {
    const { guestSessionId } = newGuest();
    const line = { productId: product.id, variantId: product.variantIds[0]!, quantity: 1 };
    const someoneElse = await post("/api/cart/item/add", { ...line, userId: "someone-else", guestSessionId });
    expect(someoneElse.statusCode).toBe(401);
    const user = await registerAndLogin(shop.app);
    for (const userId of ["someone-else", "nulls", 42]) {
      const claimed = await post("/api/cart/item/add", { ...line, userId, guestSessionId: null }, user.headers);
      expect(claimed.statusCode, String(userId)).toBe(403);
    }
    const asNull = await post("/api/cart/item/add", { ...line, userId: "null" }, user.headers);
    expect(asNull.statusCode).toBe(200);
    const malformed = await post("/api/cart/item/add", { ...line, guestSessionId: "not-a-uuid" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().success).toBe(false);
  });
});
