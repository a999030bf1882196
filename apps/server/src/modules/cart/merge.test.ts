import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoggedIn, registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { addOk, applyPromo, getCart, newGuest } from "../../../test/helpers/cart.js";
import { insertProduct } from "../../../test/helpers/catalog.js";
import { testEngine } from "../../../test/helpers/database.js";

describe(`merging the guest cart on login (${testEngine})`, () => {
  let shop: TestShop;
  let hoodie: { id: number; variantIds: number[] };
  let cap: { id: number; variantIds: number[] };

  beforeAll(async () => {
    shop = await createTestShop({ HOLD_SWEEP_INTERVAL_MS: "0" });
    hoodie = await insertProduct(shop.database.db, {
      name: "Orbit Hoodie",
      price: 249_900,
      variants: [
        { size: "M", stock: 30 },
        { size: "L", stock: 4 },
      ],
    });
    cap = await insertProduct(shop.database.db, { name: "Moon Cap", price: 79_900, variants: [{ stock: 10 }] });
  });
  afterAll(async () => shop.close());

  const merge = (session: LoggedIn, guestSessionId: string) =>
    shop.app.inject({ method: "POST", url: "/api/cart/merge", headers: session.headers, payload: { guestSessionId } });

  it("moves the guest's lines into the user's cart, adding quantities, and deletes the guest cart", async () => {
    const session = await registerAndLogin(shop.app);
    const guest = newGuest();
    await addOk(
      shop.app,
      { headers: session.headers },
      { productId: hoodie.id, variantId: hoodie.variantIds[0]!, quantity: 2 },
    );
    await addOk(shop.app, guest, { productId: hoodie.id, variantId: hoodie.variantIds[0]!, quantity: 3 });
    await addOk(shop.app, guest, { productId: cap.id, variantId: cap.variantIds[0]!, quantity: 1 });

    const response = await merge(session, guest.guestSessionId);
    expect(response.statusCode).toBe(200);
    const cart = response.json().data;
    const quantities = Object.fromEntries(
      cart.items.map((item: { variantId: number; quantity: number }) => [item.variantId, item.quantity]),
    );
    expect(quantities).toEqual({ [hoodie.variantIds[0]!]: 5, [cap.variantIds[0]!]: 1 });
    expect(cart.subtotal).toBe(5 * 249_900 + 79_900);

    const guestCart = (await getCart(shop.app, guest)).json().data;
    expect(guestCart).toMatchObject({ id: null, items: [] });
    const rows = await shop.database.db
      .selectFrom("carts")
      .select("id")
      .where("guest_session_id", "=", guest.guestSessionId)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it("caps merged quantities by the line limit of 10 and by the stock, never lowering the user's own line", async () => {
    const session = await registerAndLogin(shop.app);
    const guest = newGuest();
    await addOk(
      shop.app,
      { headers: session.headers },
      { productId: hoodie.id, variantId: hoodie.variantIds[0]!, quantity: 7 },
    );
    await addOk(shop.app, guest, { productId: hoodie.id, variantId: hoodie.variantIds[0]!, quantity: 6 });
    await addOk(
      shop.app,
      { headers: session.headers },
      { productId: hoodie.id, variantId: hoodie.variantIds[1]!, quantity: 3 },
    );
    await addOk(shop.app, guest, { productId: hoodie.id, variantId: hoodie.variantIds[1]!, quantity: 3 });

    const cart = (await merge(session, guest.guestSessionId)).json().data;
    const byVariant = new Map(
      cart.items.map((item: { variantId: number; quantity: number }) => [item.variantId, item.quantity]),
    );
    expect(byVariant.get(hoodie.variantIds[0]!)).toBe(10);
    expect(byVariant.get(hoodie.variantIds[1]!)).toBe(4);
  });

  it("is idempotent: a second merge of the same guest session changes nothing", async () => {
    const session = await registerAndLogin(shop.app);
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: cap.id, variantId: cap.variantIds[0]!, quantity: 2 });
    const first = (await merge(session, guest.guestSessionId)).json().data;
    const second = await merge(session, guest.guestSessionId);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual(first);
    expect(first.items[0].quantity).toBe(2);
  });

  it("merges a guest session that never had a cart into the user's cart as a no-op", async () => {
    const session = await registerAndLogin(shop.app);
    await addOk(
      shop.app,
      { headers: session.headers },
      { productId: cap.id, variantId: cap.variantIds[0]!, quantity: 1 },
    );
    const response = await merge(session, newGuest().guestSessionId);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.itemCount).toBe(1);
  });

  it("carries the guest's promo code over when the user's cart has none", async () => {
    const session = await registerAndLogin(shop.app);
    const guest = newGuest();
    await addOk(shop.app, guest, { productId: cap.id, variantId: cap.variantIds[0]!, quantity: 1 });
    expect((await applyPromo(shop.app, guest, "vaki10")).statusCode).toBe(200);
    const cart = (await merge(session, guest.guestSessionId)).json().data;
    expect(cart).toMatchObject({ promoCode: "VAKI10", discount: 7_990, total: 79_900 - 7_990 });
  });

  it("requires a login (401) and a well-formed guest session id (400)", async () => {
    const anonymous = await shop.app.inject({
      method: "POST",
      url: "/api/cart/merge",
      payload: { guestSessionId: newGuest().guestSessionId },
    });
    expect(anonymous.statusCode).toBe(401);
    const session = await registerAndLogin(shop.app);
    expect((await merge(session, "guest_123")).statusCode).toBe(400);
    const claimed = await shop.app.inject({
      method: "POST",
      url: "/api/cart/merge",
      headers: session.headers,
      payload: { guestSessionId: newGuest().guestSessionId, userId: "someone-else" },
    });
    expect(claimed.statusCode).toBe(403);
  });
});
